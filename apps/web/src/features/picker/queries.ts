import { queryOptions, skipToken } from '@tanstack/react-query'
import type { Address, PublicClient } from 'viem'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { readTokenBalances } from './readTokenBalances.ts'
import { readTokenInfo } from './readTokenInfo.ts'
import type { PickerToken } from './types.ts'

const BALANCES_STALE_MS = 10_000
const BALANCES_RETRY_MS = 10_000

export type PickerBalancesQueryParameters = {
  client: PublicClient | undefined
  chainId: number
  multicall3: Address
  account: Address | undefined
  tokens: readonly PickerToken[]
}

export function pickerBalancesQueryOptions({
  client,
  chainId,
  multicall3,
  account,
  tokens,
}: PickerBalancesQueryParameters) {
  return queryOptions({
    queryKey: balanceKeys.picker(chainId, account, tokens.length),
    queryFn: client && account ? () => readTokenBalances(client, { account, multicall3, tokens }) : skipToken,
    // When the longer list arrives, the balances read so far stay shown until the new ones: only for the same
    // chain and account (`balanceKeys.picker`'s third and fourth parts), never another account's balances.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === chainId && previousQuery.queryKey[3] === (account ?? null) ? previous : undefined,
    staleTime: BALANCES_STALE_MS,
    refetchOnWindowFocus: false,
    retry: 1,
    // A chain whose RPC does not answer is asked again now and then: the balances come back by themselves.
    refetchInterval: (query) => (query.state.status === 'error' ? BALANCES_RETRY_MS : false),
  })
}

export type PickerTokenInfoQueryParameters = {
  client: PublicClient | undefined
  chainId: number
  multicall3: Address
  tokenAddress: Address | undefined
  account: Address | undefined
}

export function pickerTokenInfoQueryOptions({
  client,
  chainId,
  multicall3,
  tokenAddress,
  account,
}: PickerTokenInfoQueryParameters) {
  return queryOptions({
    queryKey: balanceKeys.tokenInfo(chainId, tokenAddress ?? '0x', account),
    queryFn:
      client && tokenAddress
        ? () => readTokenInfo(client, { chainId, address: tokenAddress, multicall3, account })
        : skipToken,
    // The balance comes with it, so it goes stale as soon as the list's balances do.
    staleTime: BALANCES_STALE_MS,
    refetchOnWindowFocus: false,
    retry: 1,
  })
}
