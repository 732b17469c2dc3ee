import {
  getManifestChain,
  isContractCode,
  type KnownContracts,
  type RecipientRefusal,
  recipientRefusal,
  type TokenRef,
} from '@multi-bridge/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { recipientKeys } from '../../lib/queryKeys.ts'
import { useWalletConfig } from '../wallet/index.ts'
import { loadSwapServices } from './useSwapServices.ts'
import { chainReads } from './useTokenBalance.ts'

/**
 * What the recipient is on the destination chain. `refused`: a token's own contract or a bridge's (tokens sent there
 * are lost); `contract`: another contract, which the person must confirm can receive the tokens; `wallet`: no code (or
 * an EIP-7702 delegation); `unknown`: the chain did not answer (said, not blocking); `checking` meanwhile.
 */
export type RecipientSafety =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'refused'; refusal: RecipientRefusal; network: string }
  | { status: 'contract'; network: string }
  | { status: 'wallet' }
  | { status: 'unknown'; network: string }

/** Every provider's allowlisted contracts on a chain (production: Across's spoke pool, Relay's depository, …). */
async function providersContracts(manifest: Parameters<typeof loadSwapServices>[0], chainId: number) {
  const { providers } = await loadSwapServices(manifest)
  return [...providers.values()].map(
    (provider): KnownContracts => ({
      name: provider.name,
      addresses: provider.knownContracts(chainId),
    }),
  )
}

/** The recipient's safety on the destination chain (see `RecipientSafety`): the manifest at once, the chain's code read. */
export function useRecipientSafety(address: Address | undefined, destination: TokenRef | undefined): RecipientSafety {
  const manifest = useManifest()
  const config = useWalletConfig()
  const chainId = destination?.chainId
  const code = useQuery({
    queryKey: recipientKeys.code(chainId, address),
    staleTime: 60_000,
    retry: 1,
    queryFn:
      config && address !== undefined && chainId !== undefined
        ? async () => {
            const { getCode } = await chainReads()
            return (await getCode(config.getClient({ chainId }), { address })) ?? null
          }
        : skipToken,
  })
  const known = useQuery({
    queryKey: recipientKeys.knownContracts(chainId, manifest),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: chainId === undefined ? skipToken : () => providersContracts(manifest, chainId),
  })
  if (address === undefined || chainId === undefined) return { status: 'none' }
  const network = getManifestChain(manifest, chainId)?.name ?? String(chainId)
  // The manifest's tokens and contracts are known at once; the providers' allowlists once their code is loaded.
  const refusal = recipientRefusal({ manifest, chainId, recipient: address, destination, knownContracts: known.data })
  if (refusal) return { status: 'refused', refusal, network }
  if (known.isPending || code.isPending) return { status: 'checking' }
  if (code.isError) return { status: 'unknown', network }
  return isContractCode(code.data) ? { status: 'contract', network } : { status: 'wallet' }
}
