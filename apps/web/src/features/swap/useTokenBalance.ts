import { NATIVE_TOKEN_ADDRESS, type TokenRef } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { type Address, erc20Abi, isAddressEqual } from 'viem'
import { useSwapServices } from './SwapServices.tsx'

export const tokenBalanceQueryKey = (token: TokenRef | undefined, owner: Address | undefined) =>
  ['tokenBalance', token?.chainId, token?.address, owner] as const

/** The owner's balance of one token, in base units. */
export function useTokenBalance(token: TokenRef | undefined, owner: Address | undefined) {
  const { clients } = useSwapServices()
  return useQuery({
    queryKey: tokenBalanceQueryKey(token, owner),
    enabled: token !== undefined && owner !== undefined,
    staleTime: 10_000,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    queryFn: async () => {
      const client = clients.get((token as TokenRef).chainId)
      if (!client || !token || !owner) return 0n
      if (isAddressEqual(token.address, NATIVE_TOKEN_ADDRESS)) return client.getBalance({ address: owner })
      return client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    },
  })
}

/** Native coin kept back for gas when the person presses Max: a deposit plus an approval, with margin. */
export function useGasReserve(token: TokenRef | undefined) {
  const { clients } = useSwapServices()
  return useQuery({
    queryKey: ['gasReserve', token?.chainId],
    enabled: token !== undefined && token.kind === 'native',
    staleTime: 30_000,
    queryFn: async () => {
      const client = clients.get((token as TokenRef).chainId)
      const gasPrice = client ? await client.getGasPrice() : 0n
      return gasPrice * 600_000n
    },
  })
}
