import { type Address, isAddressEqual } from 'viem'
import type { ChainClients } from '../../chains/chainClients.ts'
import { clientFor } from '../../chains/chainClients.ts'
import { getManifestChain, type Manifest, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { createTokenRefResolver, tokenRefFor } from '../../routes/tokenRef.ts'
import type { TokenRef } from '../../routes/types.ts'
import { isNativeAddress } from '../apiSupport.ts'
import type { AcrossConfig } from './acrossConfig.ts'

const QUOTE_TIMEOUT_MS = 20_000
const STATUS_TIMEOUT_MS = 15_000

/** What every part of the Across adapter reads: the config, the chains, and how to ask Across's API. */
export type AcrossContext = {
  manifest: Manifest
  clients: ChainClients
  apiUrl: string
  /** Across integrator id (2 bytes), appended to deposit calldata when the config has one. */
  integratorId: string | undefined
  quoteTimeoutMs: number
  statusTimeoutMs: number
  /** The config's SpokePool on a chain of the manifest. */
  spokePool: (chainId: number) => Address | undefined
  /** The wrapped native token Across quotes a chain's native coin as. */
  wrappedNative: (chainId: number) => Address | undefined
  /** The token Across quotes and deposits for ours: the wrapped token for the native coin. */
  acrossToken: (token: TokenRef) => Address | undefined
  /** Tokens of restored deposits: one the config does not list is read from its chain (its real decimals). */
  tokenRef: ReturnType<typeof createTokenRefResolver>
  /**
   * What the destination SpokePool pays out when the person asked for the native coin or its wrapped token
   * (across-protocol/contracts SpokePool `_unwrapwrappedNativeTokenTo`): the wrapped token is unwrapped for a
   * wallet (an account without code, or one delegated under EIP-7702) and kept wrapped for a contract.
   * Undefined when that is what was asked.
   */
  deliveredToken: (chainId: number, recipient: Address, asked: TokenRef) => Promise<TokenRef | undefined>
}

export function createAcrossContext(manifest: Manifest, clients: ChainClients, config: AcrossConfig): AcrossContext {
  const wrappedNative = (chainId: number) => config.wrappedNativeTokens?.[String(chainId)]
  return {
    manifest,
    clients,
    apiUrl: config.apiUrl,
    integratorId: config.integratorId,
    quoteTimeoutMs: config.timeoutMs ?? QUOTE_TIMEOUT_MS,
    statusTimeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
    spokePool: (chainId) => (getManifestChain(manifest, chainId) ? config.spokePools[String(chainId)] : undefined),
    wrappedNative,
    acrossToken: (token) => (isNativeAddress(token.address) ? wrappedNative(token.chainId) : token.address),
    tokenRef: createTokenRefResolver(manifest, clients),
    async deliveredToken(chainId, recipient, asked) {
      const wrapped = wrappedNative(chainId)
      if (!wrapped) return undefined
      const askedNative = isNativeAddress(asked.address)
      if (!askedNative && !isAddressEqual(asked.address, wrapped)) return undefined
      const code = await clientFor(clients, chainId).getCode({ address: recipient })
      const wallet = code === undefined || code === '0x' || code.toLowerCase().startsWith('0xef0100')
      if (!askedNative && wallet) return tokenRefFor(manifest, chainId, NATIVE_TOKEN_ADDRESS)
      if (askedNative && !wallet) return tokenRefFor(manifest, chainId, wrapped)
      return undefined
    },
  }
}
