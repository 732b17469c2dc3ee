import { NATIVE_TOKEN_ADDRESS, readChain, type TokenRef } from '@multi-bridge/core'
import { type Address, type Client, erc20Abi, isAddressEqual } from 'viem'
import { getBalance, readContract } from 'viem/actions'

/**
 * Chain reads of the swap form. viem's contract-call code (call, its error decoding) is a sizeable chunk,
 * loaded when the first balance is read rather than before the form is interactive.
 */
export function readBalance(client: Client, token: TokenRef, owner: Address): Promise<bigint> {
  if (isAddressEqual(token.address, NATIVE_TOKEN_ADDRESS)) return getBalance(client, { address: owner })
  return readContract(client, { address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/**
 * The balance, or the chain's `ChainUnreachableError` once `timeoutMs` have passed without an answer: viem's own
 * transport waits 10 s per attempt and retries three times, about two minutes with the query's retries.
 */
export function readBalanceInTime(
  client: Client,
  token: TokenRef,
  owner: Address,
  chain: { id: number; name: string },
  timeoutMs: number,
): Promise<bigint> {
  return readChain(chain, () => readBalance(client, token, owner), timeoutMs)
}

// In this chunk too: the recipient's code, read when an address is entered.
export { readRecipientCode } from './readRecipientCode.ts'

// In this chunk too: ENS is read when a name is typed, like the balances.
export { resolveEnsName } from './resolveEnsName.ts'
