import { getManifestChain, type TokenRef } from '@multi-bridge/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { useWalletConfig } from '../wallet/index.ts'

/** The swap form's chain reads, a chunk of their own (see readBalance.ts). */
export const chainReads = () => import('./readBalance.ts')

/** How long one balance read may take (twice, with the retry, within the 10 s the person is told in). */
const BALANCE_READ_MS = 3_500

/** The owner's balance of one token, in base units (through wagmi's client, once the wallet layer is up). */
export function useTokenBalance(token: TokenRef | undefined, owner: Address | undefined) {
  const config = useWalletConfig()
  const manifest = useManifest()
  return useQuery({
    queryKey: balanceKeys.token(token, owner),
    staleTime: 10_000,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    // An RPC that does not answer is said within 10 s: two bounded reads (7.5 s in all), then "—" with a retry.
    retry: 1,
    retryDelay: 500,
    queryFn:
      config && token && owner
        ? async () => {
            const { readBalanceInTime } = await chainReads()
            const chain = { id: token.chainId, name: getManifestChain(manifest, token.chainId)?.name ?? '' }
            return readBalanceInTime(config.getClient({ chainId: token.chainId }), token, owner, chain, BALANCE_READ_MS)
          }
        : skipToken,
  })
}
