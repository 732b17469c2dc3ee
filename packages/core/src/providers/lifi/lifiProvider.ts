import { getManifestChain } from '../../config/manifest.ts'
import { InvalidQuoteError, QuoteExpiredError, RefundByProviderError } from '../../routes/routeErrors.ts'
import { depositMinedUpdate, describeIssues } from '../apiSupport.ts'
import { type ProviderContext, providerSection, type RouteProvider } from '../types.ts'
import { listLifiChains } from './lifiCatalog.ts'
import { LIFI_PROVIDER_ID, LIFI_PROVIDER_NAME, type LifiConfig } from './lifiConfig.ts'
import { createLifiContext } from './lifiContext.ts'
import { checkedAtQuote, decodeLifiRouteDeposit, planLifiDeposit, readLifiAllowlist } from './lifiDeposit.ts'
import { lifiGasSuggestion } from './lifiGasSuggestion.ts'
import { requestLifiQuote } from './lifiQuote.ts'
import { findLifiSwapByDeposit } from './lifiReceipt.ts'
import { findLifiSwaps } from './lifiRestore.ts'
import { routeFromQuote, withGasOnArrival } from './lifiRoute.ts'
import { lifiQuoteSchema } from './lifiSchemas.ts'
import { trackLifi } from './lifiStatus.ts'
import { lifiTokenList, lifiTokenPrices } from './lifiTokenList.ts'

/** LI.FI's status follows the bridges' own indexers; unauthenticated use is rate-limited. */
const STATUS_POLL_MS = 5_000
/** LI.FI's explorer (its status answers' `lifiExplorerLink`; widget `internalExplorerUrl`). */
const LIFI_EXPLORER_URL = 'https://scan.li.fi'

/**
 * LI.FI (li.quest): quotes from `/v1/quote` carrying the transaction to sign, tracking through
 * `/v1/status`, chains and tokens for the picker, restore through `/v1/analytics/transfers`.
 * A transaction request is used only when its `to` (and the approval's spender) is on the config's
 * LI.FI allowlist for that chain, and only as a call the decoder checks (`lifiCalldata.ts`), when quoting and again
 * before signing. What becomes of a failed transfer depends on the bridge: LI.FI may still report it refunded or
 * done, so it is followed on.
 */
export function createLifiProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const config = providerSection<LifiConfig>(manifest, LIFI_PROVIDER_ID)
  if (!config) return undefined
  const context = createLifiContext(manifest, clients, config)

  const provider: RouteProvider = {
    id: LIFI_PROVIDER_ID,
    name: LIFI_PROVIDER_NAME,
    pollIntervalMs: STATUS_POLL_MS,

    async getQuote(request, options = {}) {
      // LI.FI's contracts are needed where the deposit is made; the destination only needs to be a chain of ours.
      if (!context.served(request.origin.chainId) || !getManifestChain(manifest, request.destination.chainId)) {
        return undefined
      }
      const gas = request.gasOnArrival ? await lifiGasSuggestion(context, request, options.signal) : undefined
      const parsed = lifiQuoteSchema.safeParse(await requestLifiQuote(context, request, gas, options.signal))
      if (!parsed.success) throw new InvalidQuoteError(LIFI_PROVIDER_ID, describeIssues(parsed.error))
      const route = withGasOnArrival(routeFromQuote(context, parsed.data, request), gas)
      await readLifiAllowlist(context, planLifiDeposit(context, route))
      // A hostile quote never shows as a route: its deposit is decoded and checked now, as before signing.
      return checkedAtQuote(context, route)
    },

    async planDeposit(route) {
      const plan = planLifiDeposit(context, route)
      if (Date.now() >= route.expiresAt) throw new QuoteExpiredError()
      // Read again if it was long ago: the swap steps are checked against the diamond's allowlist as it is now.
      await readLifiAllowlist(context, plan)
      return plan
    },

    decodeDeposit: (transaction, route) => decodeLifiRouteDeposit(context, transaction, route),

    onDepositMined: (record) => depositMinedUpdate(clients, record),

    explorerUrl: (record) => (record.depositTx ? `${LIFI_EXPLORER_URL}/tx/${record.depositTx}` : undefined),

    track: (record) => trackLifi(context, record),

    async planRefund() {
      throw new RefundByProviderError(provider.name)
    },

    findSwaps: (owner) => findLifiSwaps(context, owner),

    findSwapByDeposit: (chainId, receipt) => findLifiSwapByDeposit(context, chainId, receipt),

    knownContracts: (chainId) => [...context.allowlist(chainId)],

    listChains: (options = {}) => listLifiChains(context, options.signal),

    listTokens: async (options = {}) => lifiTokenList(await context.tokenList(options.signal), manifest),

    // The token list carries each token's price: the same answer serves both (`LifiContext.tokenList`).
    tokenPrices: async (options = {}) => lifiTokenPrices(await context.tokenList(options.signal), manifest),
  }
  return provider
}
