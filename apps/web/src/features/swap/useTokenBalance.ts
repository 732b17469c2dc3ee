import type { TokenRef } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { balanceKeys } from '../../lib/queryKeys.ts'

/** The swap form's chain reads, a chunk of their own (see readBalance.ts). */
export const chainReads = () => import('./readBalance.ts')

/** The owner's balance of one token, in base units (through wagmi's client: no extra chunk needed). */
export function useTokenBalance(token: TokenRef | undefined, owner: Address | undefined) {
  const config = useConfig()
  return useQuery({
    queryKey: balanceKeys.token(token, owner),
    enabled: token !== undefined && owner !== undefined,
    staleTime: 10_000,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    queryFn: async () => {
      if (!token || !owner) return 0n
      const { readBalance } = await chainReads()
      return readBalance(config.getClient({ chainId: token.chainId }), token, owner)
    },
  })
}

/** Native coin kept back for gas when the person presses Max: a deposit plus an approval, with margin. */
export function useGasReserve(token: TokenRef | undefined) {
  const config = useConfig()
  return useQuery({
    queryKey: ['gasReserve', token?.chainId],
    enabled: token !== undefined && token.kind === 'native',
    staleTime: 30_000,
    queryFn: async () => {
      if (!token) return 0n
      const { getGasPrice } = await chainReads()
      const gasPrice = await getGasPrice(config.getClient({ chainId: token.chainId }))
      return gasPrice * 600_000n
    },
  })
}
