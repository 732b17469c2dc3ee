import type { TokenRef } from '@multi-bridge/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { useWalletConfig } from '../wallet/index.ts'

/** The swap form's chain reads, a chunk of their own (see readBalance.ts). */
export const chainReads = () => import('./readBalance.ts')

/** The owner's balance of one token, in base units (through wagmi's client, once the wallet layer is up). */
export function useTokenBalance(token: TokenRef | undefined, owner: Address | undefined) {
  const config = useWalletConfig()
  return useQuery({
    queryKey: balanceKeys.token(token, owner),
    staleTime: 10_000,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    queryFn:
      config && token && owner
        ? async () => {
            const { readBalance } = await chainReads()
            return readBalance(config.getClient({ chainId: token.chainId }), token, owner)
          }
        : skipToken,
  })
}

/** Native coin kept back for gas when the person presses Max: a deposit plus an approval, with margin. */
export function useGasReserve(token: TokenRef | undefined) {
  const config = useWalletConfig()
  return useQuery({
    queryKey: ['gasReserve', token?.chainId],
    staleTime: 30_000,
    queryFn:
      config && token?.kind === 'native'
        ? async () => {
            const { getGasPrice } = await chainReads()
            const gasPrice = await getGasPrice(config.getClient({ chainId: token.chainId }))
            return gasPrice * 600_000n
          }
        : skipToken,
  })
}
