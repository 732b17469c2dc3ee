import {
  type CallsStatus,
  provenSafeStatus,
  SafeChainError,
  UnexpectedError,
  UserRejectedError,
  type WalletAdapter,
  walkError,
} from '@multi-bridge/core'
import type { Address, Hash } from 'viem'
import type { Config, Connector } from 'wagmi'
import { getPublicClient } from 'wagmi/actions'

/** How often a Safe transaction's status is asked while the executor waits for it (one owner signs alone). */
const LOOK_EVERY_MS = 2_000
/** How long the executor waits for it; after that the swap is followed by its status (FollowAcceptedBatches). */
const WAIT_MS = 10 * 60_000

/** What the Safe's frame answered about the Safe (the connector's provider keeps it). */
type SafeInfo = { threshold?: unknown; chainId?: unknown }

/**
 * Core's wallet interface for a Safe (wagmi's `safe` connector, the app framed by Safe{Wallet}), over the adapter
 * every wagmi wallet gets (`base`):
 * - every transaction is a proposal whose id is the safeTxHash (`proposes`, with the Safe's threshold): the executor
 *   sends every deposit as a batch and hands over one that waits for other owners;
 * - a batch's status counts only what the app's own node proves the Safe executed (`provenSafeStatus`);
 * - the Safe lives on one chain: no switch, and batches only there;
 * - Safe{Wallet}'s "Transaction was rejected" is the person's refusal;
 * - no typed-data signature: a Safe's (ERC-1271, or pending other owners) cannot open a gasless order.
 */
export async function safeWalletAdapter(
  base: WalletAdapter,
  parameters: { config: Config; connector: Connector; account: Address },
): Promise<WalletAdapter> {
  const { config, connector, account } = parameters
  const provider = (await connector.getProvider()) as { safe?: SafeInfo } | undefined
  const safeChain = await connector.getChainId()
  const threshold = Number(provider?.safe?.threshold ?? 1)
  const node = getPublicClient(config, { chainId: safeChain })
  const { signTypedData: _none, ...adapter } = base
  const callsStatus = async (id: string): Promise<CallsStatus | undefined> => {
    const status = await base.callsStatus?.(id)
    if (!status) return status
    // Nothing the Safe's host says counts unproven: without the app's own node for the chain, no answer.
    if (!node) throw new UnexpectedError(`no client of chain ${safeChain} to check the Safe's execution`)
    return provenSafeStatus(node, { safe: account, safeTxHash: id as Hash, status })
  }
  return {
    ...adapter,
    proposes: { threshold: Number.isInteger(threshold) && threshold > 0 ? threshold : 1 },
    switchChain: async (chainId) => {
      if (chainId !== safeChain) throw new SafeChainError(safeChain, chainId)
    },
    canSendCalls: async (chainId) => chainId === safeChain,
    sendCalls: async (calls) => {
      const send = base.sendCalls
      if (!send) throw new UnexpectedError('the Safe takes no batch')
      return send(calls).catch((error: unknown) => {
        if (walkError(error, (item) => /Transaction was rejected/i.test((item as Error | null)?.message ?? ''))) {
          throw new UserRejectedError(error)
        }
        throw error
      })
    },
    callsStatus,
    waitForCalls: async (id) => {
      const until = Date.now() + WAIT_MS
      for (;;) {
        const status = await callsStatus(id)
        if (status?.done) return status.outcome
        if (Date.now() > until) throw new Error(`the Safe transaction ${id} was not executed in time`)
        await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS))
      }
    },
  }
}
