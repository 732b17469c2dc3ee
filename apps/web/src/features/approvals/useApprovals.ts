import {
  type Approval,
  type ChainApprovals,
  PROVIDER_MODULES,
  readApprovals,
  revokeApprovals,
  type TokenRef,
  type WalletAdapter,
} from '@multi-bridge/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Address } from 'viem'
import { reportError } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { notify, toast } from '../notifications/index.ts'

/**
 * Every chain's allowances of `owner` to the spenders the app knows (core's `readApprovals`: one multicall per chain),
 * the tokens of the person's swaps in History included; a chain that does not answer is its own entry.
 */
export function useApprovals(owner: Address | undefined) {
  const manifest = useManifest()
  const client = useSwapClient()
  return useQuery({
    queryKey: balanceKeys.approvals(owner),
    enabled: owner !== undefined,
    queryFn: async (): Promise<ChainApprovals[]> => {
      const swaps = Object.values(client.store.getState().swaps)
      const swapped: TokenRef[] = swaps
        .filter((swap) => owner && swap.owner.toLowerCase() === owner.toLowerCase())
        .flatMap((swap) => [swap.origin.token, swap.destination.token])
      return readApprovals({
        manifest,
        clients: await client.getChainClients(),
        owner: owner as Address,
        swapped,
        modules: PROVIDER_MODULES,
      })
    },
  })
}

/**
 * Revokes allowances of one chain through the connected wallet (core's `revokeApprovals`: one confirmation where the
 * wallet takes batches), then reads every allowance again. What happened is said in a toast; an error in words.
 * `wallet` is the connected wallet's adapter (the wallet feature's `useWalletAdapter`, handed in by the opener).
 */
export function useRevoke(wallet: () => Promise<WalletAdapter>) {
  const client = useSwapClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (approvals: readonly Approval[]) => {
      const chainId = approvals[0]?.chainId
      const clients = await client.getChainClients()
      const chainClient = chainId === undefined ? undefined : clients.get(chainId)
      if (!chainClient) return { hashes: [], left: [] }
      return revokeApprovals({ wallet: await wallet(), client: chainClient, approvals })
    },
    onSuccess: (outcome) => {
      if (outcome.proposed) toast("Proposed to your Safe's other owners: the allowances stay until they sign")
      else if (outcome.left.length > 0) notify('{{count}} allowances are not zero yet', { count: outcome.left.length })
      else toast('Allowance revoked')
    },
    onError: (error) => {
      const { message, values } = reportError('revoke', error)
      notify(message, values)
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  })
}
