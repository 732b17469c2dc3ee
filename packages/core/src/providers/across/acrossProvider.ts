import { RefundByProviderError } from '../../routes/routeErrors.ts'
import { depositMinedUpdate } from '../apiSupport.ts'
import { type ProviderContext, providerSection, type RouteProvider } from '../types.ts'
import { decodeAcrossDeposit } from './acrossCalldata.ts'
import { ACROSS_PROVIDER_ID, ACROSS_PROVIDER_NAME, type AcrossConfig } from './acrossConfig.ts'
import { createAcrossContext } from './acrossContext.ts'
import { planAcrossDeposit } from './acrossDeposit.ts'
import { quoteAcross } from './acrossQuote.ts'
import { findAcrossSwapByDeposit } from './acrossReceipt.ts'
import { findAcrossSwaps } from './acrossRestore.ts'
import { trackAcross } from './acrossStatus.ts'

export { ACROSS_PROVIDER_ID } from './acrossConfig.ts'

const ACROSS_EXPLORER_URL = 'https://app.across.to'
/** Across indexes deposits every ~10 s and asks integrators not to poll faster. */
const STATUS_POLL_MS = 10_000

/**
 * Across: a quote from `/suggested-fees` becomes a `depositV3` into the origin SpokePool the config
 * lists (the answer's `spokePoolAddress` must be that one); a relayer fills on the destination, or
 * Across refunds after the fill deadline by itself. Status from `/deposit/status`.
 */
export function createAcrossProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const config = providerSection<AcrossConfig>(manifest, ACROSS_PROVIDER_ID)
  if (!config) return undefined
  const context = createAcrossContext(manifest, clients, config)

  const provider: RouteProvider = {
    id: ACROSS_PROVIDER_ID,
    name: ACROSS_PROVIDER_NAME,
    pollIntervalMs: STATUS_POLL_MS,

    getQuote: (request, options = {}) => quoteAcross(context, request, options.signal),

    planDeposit: async (route) => planAcrossDeposit(context, route),

    decodeDeposit: (transaction, route) => decodeAcrossDeposit(transaction, route, context.wrappedNative),

    onDepositMined: (record) => depositMinedUpdate(clients, record),

    // app.across.to's page of a deposit (frontend src/Routes.tsx: /transaction/:depositTxHash).
    explorerUrl: (record) => `${ACROSS_EXPLORER_URL}/transaction/${record.depositTx}`,

    track: (record) => trackAcross(context, record),

    async planRefund() {
      throw new RefundByProviderError(provider.name)
    },

    findSwaps: (owner) => findAcrossSwaps(context, owner),

    findSwapByDeposit: (chainId, receipt) => findAcrossSwapByDeposit(context, chainId, receipt),

    knownContracts(chainId) {
      const pool = context.spokePool(chainId)
      return pool ? [pool] : []
    },
  }
  return provider
}
