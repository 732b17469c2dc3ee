import { getManifestChain } from '@multi-bridge/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { ensKeys } from '../../lib/queryKeys.ts'
import { useWalletConfig } from '../wallet/index.ts'
import { checkRecipient } from './checkRecipient.ts'
import type { EnsRecord } from './resolveEnsName.ts'
import { chainReads } from './useTokenBalance.ts'

const ETHEREUM_MAINNET = 1

/** What the recipient field holds, resolved: an address to send to, or why there is none yet. */
export type Recipient =
  | { status: 'empty' }
  | { status: 'invalid'; error: string; values?: Record<string, string> }
  | { status: 'resolving'; name: string }
  | { status: 'unresolved'; name: string; retry: () => void }
  /** `record`: for a name, which ENS record gave the address (the destination's own, or Ethereum's). */
  | { status: 'ok'; address: Address; name?: string; typed: string; record?: EnsRecord }

/**
 * The recipient as typed: an address (any case, shown checksummed), or an ENS name resolved on Ethereum
 * mainnet when the config has it (production), for the destination chain's record (ENSIP-11) with Ethereum's
 * as the fallback; on the local network a name is refused with the reason.
 */
export function useRecipient(text: string, destinationChainId: number | undefined): Recipient {
  const manifest = useManifest()
  const config = useWalletConfig()
  const check = checkRecipient(text)
  const name = 'name' in check ? check.name : undefined
  const mainnet = getManifestChain(manifest, ETHEREUM_MAINNET)
  const query = useQuery({
    queryKey: ensKeys.address(name, destinationChainId),
    staleTime: 5 * 60_000,
    retry: 1,
    queryFn:
      config && name !== undefined && mainnet
        ? async () => {
            const { resolveEnsName } = await chainReads()
            return resolveEnsName(config.getClient({ chainId: ETHEREUM_MAINNET }), name, destinationChainId)
          }
        : skipToken,
  })
  if ('empty' in check) return { status: 'empty' }
  if ('error' in check) return { status: 'invalid', error: check.error }
  if ('address' in check) return { status: 'ok', address: check.address, typed: text.trim() }
  if (!mainnet) {
    return {
      status: 'invalid',
      error: 'Names like {{name}} need Ethereum mainnet: on this network, enter the 0x address',
      values: { name: check.name },
    }
  }
  if (query.isPending) return { status: 'resolving', name: check.name }
  if (query.isError) return { status: 'unresolved', name: check.name, retry: () => void query.refetch() }
  if (!query.data) {
    return { status: 'invalid', error: '{{name}} has no address set', values: { name: check.name } }
  }
  const { address, record } = query.data
  return { status: 'ok', address, name: check.name, typed: text.trim(), record }
}
