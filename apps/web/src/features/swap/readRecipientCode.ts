import { CHAIN_READ_TIMEOUT_MS, readChain } from '@multi-bridge/core'
import type { Address, Client, Hex } from 'viem'
import { getCode } from 'viem/actions'

/**
 * The recipient's code on the destination chain (null: none, a wallet), or the chain's `ChainUnreachableError` once
 * `timeoutMs` have passed without an answer: viem's own transport waits 10 s per attempt and retries three times, and
 * Swap waits for this answer, so a hanging RPC is told in seconds rather than leaving "Checking the recipient…".
 */
export async function readRecipientCode(
  client: Client,
  address: Address,
  chain: { id: number; name: string },
  timeoutMs: number = CHAIN_READ_TIMEOUT_MS,
): Promise<Hex | null> {
  return (await readChain(chain, () => getCode(client, { address }), timeoutMs)) ?? null
}
