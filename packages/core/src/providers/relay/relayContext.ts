import type { Address } from 'viem'
import type { ChainClients } from '../../chains/chainClients.ts'
import { getManifestChain, type Manifest } from '../../config/manifest.ts'
import type { RelayConfig } from './relayConfig.ts'

const QUOTE_TIMEOUT_MS = 20_000
const STATUS_TIMEOUT_MS = 15_000

/** What every part of the Relay adapter reads: the config, the chains, and how to ask Relay's API. */
export type RelayContext = {
  manifest: Manifest
  clients: ChainClients
  apiUrl: string
  referrer: string
  /** `x-api-key` when the config has one. */
  headers: Record<string, string>
  quoteTimeoutMs: number
  statusTimeoutMs: number
  /** The config's Relay allowlist for a chain (the depository). */
  allowlist: (chainId: number) => Address[]
  /** Whether the config has the chain and Relay contracts on it. */
  served: (chainId: number) => boolean
}

export function createRelayContext(manifest: Manifest, clients: ChainClients, config: RelayConfig): RelayContext {
  const allowlist = (chainId: number) => config.contracts[String(chainId)] ?? []
  return {
    manifest,
    clients,
    apiUrl: config.apiUrl,
    referrer: config.referrer,
    headers: config.apiKey ? { 'x-api-key': config.apiKey } : {},
    quoteTimeoutMs: config.timeoutMs ?? QUOTE_TIMEOUT_MS,
    statusTimeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
    allowlist,
    served: (chainId) => getManifestChain(manifest, chainId) !== undefined && allowlist(chainId).length > 0,
  }
}
