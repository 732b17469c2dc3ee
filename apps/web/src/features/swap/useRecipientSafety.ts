import {
  ChainUnreachableError,
  chainName,
  isContractCode,
  type KnownContracts,
  type RecipientRefusal,
  recipientRefusal,
  type SwapClient,
  type TokenRef,
} from '@multi-bridge/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { recipientKeys } from '../../lib/queryKeys.ts'
import { useStandingError } from '../../lib/standingError.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { useWalletConfig } from '../wallet/index.ts'
import { chainReads } from './useTokenBalance.ts'

/**
 * What the recipient is on the destination chain. `refused`: a token's own contract or a bridge's (tokens sent there
 * are lost); `contract`: another contract, which the person must confirm can receive the tokens; `wallet`: no code (or
 * an EIP-7702 delegation); `unknown`: the chain did not answer within `CHAIN_READ_TIMEOUT_MS` (or failed), so the
 * address could be a contract: the person confirms it as for a contract, and the check goes on (`retry`, and by itself
 * every `RECHECK_MS`) until the chain's answer replaces it; `checking` meanwhile.
 */
export type RecipientSafety =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'refused'; refusal: RecipientRefusal; network: string }
  | { status: 'contract'; network: string }
  /** No code on the destination, but a contract at the same address on the origin (a Safe or smart account there). */
  | { status: 'undeployed'; network: string; origin: string }
  | { status: 'wallet' }
  | { status: 'unknown'; network: string; error: unknown; retry: () => void; retrying: boolean }

/** A destination that did not answer is asked again this often: the real answer replaces "couldn't check". */
const RECHECK_MS = 10_000

/** Every provider's allowlisted contracts on a chain (production: Across's spoke pool, Relay's depository, …). */
async function providersContracts(client: SwapClient, chainId: number) {
  const providers = await client.getProviders()
  return [...providers.values()].map(
    (provider): KnownContracts => ({
      name: provider.name,
      addresses: provider.knownContracts(chainId),
    }),
  )
}

/**
 * The code at `address` on `chainId` (null: none), read once a minute at most; a chain that failed is asked again every
 * `RECHECK_MS`. `enabled` false leaves it unread.
 */
function useCode(chainId: number | undefined, address: Address | undefined, enabled = true) {
  const manifest = useManifest()
  const config = useWalletConfig()
  const network = chainId === undefined ? '' : chainName(manifest, chainId)
  return useQuery({
    queryKey: recipientKeys.code(chainId, address),
    staleTime: 60_000,
    // A chain that does not answer is said after one bounded read, not after a second one; other failures once more.
    retry: (failures, error) => failures < 1 && !(error instanceof ChainUnreachableError),
    refetchInterval: (query) => (query.state.status === 'error' ? RECHECK_MS : false),
    refetchIntervalInBackground: false,
    queryFn:
      enabled && config && address !== undefined && chainId !== undefined
        ? async () => {
            const { readRecipientCode } = await chainReads()
            // Bounded (readChain): a hanging chain is said within seconds, not after viem's minute of retries.
            return readRecipientCode(config.getClient({ chainId }), address, { id: chainId, name: network })
          }
        : skipToken,
  })
}

/**
 * Whether the connected account is a contract on the origin (a Safe, a smart account), `person` when it has no code
 * or an EIP-7702 delegation (an account someone holds the key of), `undefined` until the origin answers (or when it
 * does not).
 */
export function useSenderKind(
  address: Address | undefined,
  originChainId: number | undefined,
): 'person' | 'contract' | undefined {
  const code = useCode(originChainId, address)
  if (!code.isSuccess) return undefined
  return isContractCode(code.data) ? 'contract' : 'person'
}

/**
 * The recipient's safety on the destination chain (see `RecipientSafety`): the manifest at once, the chain's code read;
 * an address without code there is also read on the origin (`originChainId`): a contract there is likely the person's
 * own Safe or smart account, not deployed on the destination.
 */
export function useRecipientSafety(
  address: Address | undefined,
  destination: TokenRef | undefined,
  originChainId?: number,
): RecipientSafety {
  const manifest = useManifest()
  const client = useSwapClient()
  const chainId = destination?.chainId
  const network = chainId === undefined ? '' : chainName(manifest, chainId)
  const code = useCode(chainId, address)
  const elsewhere = originChainId !== undefined && originChainId !== chainId
  const originCode = useCode(originChainId, address, elsewhere && code.isSuccess && !isContractCode(code.data))
  const codeError = useStandingError(code)
  const known = useQuery({
    queryKey: recipientKeys.knownContracts(chainId, manifest),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: chainId === undefined ? skipToken : () => providersContracts(client, chainId),
  })
  if (address === undefined || chainId === undefined) return { status: 'none' }
  // The manifest's tokens and contracts are known at once; the providers' allowlists once their code is loaded.
  const refusal = recipientRefusal({ manifest, chainId, recipient: address, destination, knownContracts: known.data })
  if (refusal) return { status: 'refused', refusal, network }
  // A chain that did not answer stays "couldn't check" while it is asked again (no blink to "checking" each cycle).
  if (known.isPending || (code.isPending && codeError === undefined)) return { status: 'checking' }
  if (codeError !== undefined) {
    return {
      status: 'unknown',
      network,
      error: codeError,
      retry: () => void code.refetch(),
      retrying: code.isFetching,
    }
  }
  if (isContractCode(code.data)) return { status: 'contract', network }
  if (!elsewhere) return { status: 'wallet' }
  // The origin is where the person sends from: while it does not answer, the destination's answer stands.
  if (originCode.isPending && originCode.fetchStatus === 'fetching') return { status: 'checking' }
  if (originCode.isSuccess && isContractCode(originCode.data)) {
    const origin = chainName(manifest, originChainId)
    return { status: 'undeployed', network, origin }
  }
  return { status: 'wallet' }
}
