import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { type Address, erc20Abi, multicall3Abi, type PublicClient } from 'viem'
import type { PickerToken } from './types.ts'

export type ReadTokenBalancesParameters = {
  account: Address
  /** Multicall3 of the chain: it batches the reads and reports the native balance (`getEthBalance`). */
  multicall3: Address
  tokens: readonly Pick<PickerToken, 'address' | 'kind'>[]
}

/** Balances in base units by lowercase token address; tokens whose read failed are left out. */
export type ReadTokenBalancesReturnType = Map<string, bigint>

/**
 * Tokens per multicall. Up to this many (every real list) the balances are one eth_call. A longer list (the
 * 10,000-token bench) is read in groups one after another: all at once would be one multi-megabyte HTTP body,
 * over the 2 MB that anvil and most RPC providers accept, and one eth_call over their gas cap.
 */
const TOKENS_PER_MULTICALL = 1_000

export function isNativeToken(token: Pick<PickerToken, 'address' | 'kind'>): boolean {
  return token.kind === 'native' || token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS
}

/** Reads the account's balance of every token with one multicall; a failing token does not fail the rest. */
export async function readTokenBalances(
  client: PublicClient,
  { account, multicall3, tokens }: ReadTokenBalancesParameters,
): Promise<ReadTokenBalancesReturnType> {
  const balances: ReadTokenBalancesReturnType = new Map()
  if (tokens.length === 0) return balances
  let firstError: Error | undefined
  for (let start = 0; start < tokens.length; start += TOKENS_PER_MULTICALL) {
    const group = tokens.slice(start, start + TOKENS_PER_MULTICALL)
    const contracts = group.map((token) =>
      isNativeToken(token)
        ? ({ address: multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [account] } as const)
        : ({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] } as const),
    )
    const results = await client.multicall({
      contracts,
      allowFailure: true,
      multicallAddress: multicall3,
      batchSize: 0, // the group is the batch: one aggregate3 call
    })
    results.forEach((result, position) => {
      const token = group[position]
      if (!token) return
      if (result.status === 'success' && typeof result.result === 'bigint') {
        balances.set(token.address.toLowerCase(), result.result)
      } else if (result.status === 'failure') {
        firstError ??= result.error
      }
    })
  }
  // Nothing at all came back: the RPC is down, not the tokens broken. Let the query retry and report it.
  if (balances.size === 0 && firstError) throw firstError
  return balances
}
