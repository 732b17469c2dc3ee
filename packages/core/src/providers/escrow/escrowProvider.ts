import { withRoutePrices } from '../../prices/usdValue.ts'
import type { ProviderContext, RouteProvider } from '../types.ts'
import { createEscrowContext } from './escrowContext.ts'
import { escrowDepositMined } from './escrowDepositMined.ts'
import type { EscrowProtocol } from './escrowProtocol.ts'
import { planEscrowRefund } from './escrowRefund.ts'
import { escrowRestoreChains, findEscrowSwapByDeposit, findEscrowSwapsOnChain } from './escrowRestore.ts'
import { followSignedOrder } from './escrowSignedOrder.ts'
import { trackEscrow } from './escrowTrack.ts'

/**
 * The local network's escrow bridges, one implementation for all (the intent settlers, the liquidity pool): the
 * deposit, tracking on both chains, the attested or unattested refund and Restore, all read through the protocol's
 * description (`EscrowProtocol`). Undefined where the manifest lacks the attesters or the protocol's services.
 */
export function createEscrowProvider(
  protocol: EscrowProtocol,
  providerContext: ProviderContext,
): RouteProvider | undefined {
  const context = createEscrowContext(protocol, providerContext)
  if (!context) return undefined
  const { priceSource } = context

  const provider: RouteProvider = {
    id: protocol.id,
    name: protocol.name,

    async getQuote(request, options = {}) {
      const { origin } = context.contracts(request.origin.chainId)
      const { destination } = context.contracts(request.destination.chainId)
      if (!origin || !destination || request.origin.chainId === request.destination.chainId) return undefined
      const prices = priceSource?.prices()
      const route = await protocol.quote(request, context, options)
      return route && withRoutePrices(route, await prices)
    },

    variantsOf: (route) => protocol.variants?.(route, context) ?? [],

    planDeposit: (route) => protocol.planDeposit(route, context),

    decodeDeposit: (transaction, route) => protocol.decodeDeposit(transaction, route, context),

    onDepositMined: (record) => escrowDepositMined(context, record),

    // A gasless order whose solver's answer was lost: followed by its id until its open deadline.
    followSignedOrder: (record) => followSignedOrder(protocol, context, record),

    track: (record) => trackEscrow(context, record),

    planRefund: (record) => planEscrowRefund(context, record),

    async findSwaps(owner) {
      const records = []
      for (const chainId of escrowRestoreChains(context)) {
        records.push(...(await findEscrowSwapsOnChain(context, provider.track, owner, chainId)))
      }
      return records
    },

    restoreChains: () => escrowRestoreChains(context),

    findSwapsOnChain: (owner, chainId) => findEscrowSwapsOnChain(context, provider.track, owner, chainId),
    findSwapByDeposit: (chainId, receipt) => findEscrowSwapByDeposit(context, provider.track, chainId, receipt),

    knownContracts(chainId) {
      const { origin } = context.contracts(chainId)
      return origin ? [origin] : []
    },

    // The solver's table, where there is a solver: the prices its quotes are made at, and the routes valued at.
    tokenPrices: async () => (await priceSource?.prices()) ?? [],
  }
  return provider
}
