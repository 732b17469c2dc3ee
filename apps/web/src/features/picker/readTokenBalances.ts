import { MultiBridgeError, NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  hexToBigInt,
  multicall3Abi,
  type PublicClient,
} from 'viem'
import type { PickerToken } from './types.ts'

/** The chain answered nothing usable for a balance read: the query retries, the picker lists tokens without balances. */
export class BalanceReadError extends MultiBridgeError<'balanceRead'> {
  override name = 'BalanceReadError'
  constructor(details: string) {
    super('Balances could not be read', { code: 'balanceRead', details })
  }
}

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

/**
 * Reads the account's balance of every token with one multicall; a failing token does not fail the rest.
 *
 * The calls are encoded and decoded here rather than through viem's `multicall`: every call is the same
 * `balanceOf(account)` (or `getEthBalance(account)`), so its calldata is encoded once, and each answer is one
 * 32-byte word. viem's per-call ABI coding, and the error object it builds for every token that has no code,
 * cost up to 30 ms per 1,000 tokens on the main thread, in the middle of the person's typing.
 */
export async function readTokenBalances(
  client: PublicClient,
  { account, multicall3, tokens }: ReadTokenBalancesParameters,
): Promise<ReadTokenBalancesReturnType> {
  const balances: ReadTokenBalancesReturnType = new Map()
  if (tokens.length === 0) return balances
  const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] })
  const ethBalance = encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [account] })
  let failed = 0
  for (let start = 0; start < tokens.length; start += TOKENS_PER_MULTICALL) {
    const group = tokens.slice(start, start + TOKENS_PER_MULTICALL)
    const calls = group.map((token) =>
      isNativeToken(token)
        ? { target: multicall3, allowFailure: true, callData: ethBalance }
        : { target: token.address, allowFailure: true, callData: balanceOf },
    )
    const { data } = await client.call({
      to: multicall3,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
    })
    if (!data) throw new BalanceReadError('Multicall3 returned no data')
    const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data })
    results.forEach((result, position) => {
      const token = group[position]
      if (!token) return
      // One 32-byte word, or the token is broken (no code, reverted, a non-standard answer): left out.
      if (result.success && result.returnData.length === 66) {
        balances.set(token.address.toLowerCase(), hexToBigInt(result.returnData))
      } else {
        failed++
      }
    })
  }
  // Nothing at all came back: the chain or Multicall3 is broken, not the tokens. Let the query retry and report it.
  if (balances.size === 0 && failed > 0)
    throw new BalanceReadError(`no balance could be read (${failed} tokens failed)`)
  return balances
}
