import type { Address } from 'viem'
import type { ChainClients } from '../../chains/chainClients.ts'
import { getManifestChain, listedTokenRef, type Manifest } from '../../config/manifest.ts'
import type { TokenRef } from '../../config/tokenRef.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { describeIssues } from '../apiSupport.ts'
import { createLifiAllowlist, type LifiAllowlist } from './lifiAllowlist.ts'
import { LIFI_PROVIDER_ID, type LifiConfig } from './lifiConfig.ts'
import { lifiTokensSchema } from './lifiSchemas.ts'

const QUOTE_TIMEOUT_MS = 20_000
const STATUS_TIMEOUT_MS = 15_000

/** What every part of the LI.FI adapter reads: the config, the chains, and how to ask LI.FI's API. */
export type LifiContext = {
  manifest: Manifest
  clients: ChainClients
  apiUrl: string
  /** LI.FI's `integrator` parameter, sent with every request. */
  common: { integrator: string }
  quoteTimeoutMs: number
  statusTimeoutMs: number
  /** The config's LI.FI allowlist for a chain (the diamond). */
  allowlist: (chainId: number) => Address[]
  /** Whether the config has the chain and LI.FI contracts on it. */
  served: (chainId: number) => boolean
  /** LI.FI's FeeCollector on a chain, the one contract a call may run before its bridge. */
  feeCollector: (chainId: number) => Address | undefined
  /** LI.FI's GasZipPeriphery on a chain, which may buy gas on arrival before the bridge. */
  gasZipPeriphery: (chainId: number) => Address | undefined
  /** The manifest's wrapped native token of a chain. */
  wrappedNative: (chainId: number) => Address | undefined
  /** The manifest's tokens on a chain. */
  tokensOn: (chainId: number) => TokenRef[]
  /** The diamond's own allowlist, as read from it (swap steps are checked against it). */
  diamondAllowlist: LifiAllowlist
  /** LI.FI's tokens on the config's chains, `{ [chainId]: Token[] }`: one `GET /tokens` for the list and its prices. */
  tokenList: (signal: AbortSignal | undefined) => Promise<Record<string, unknown[]>>
}

export function createLifiContext(manifest: Manifest, clients: ChainClients, config: LifiConfig): LifiContext {
  const allowlist = (chainId: number) => config.contracts[String(chainId)] ?? []
  const statusTimeoutMs = config.timeoutMs ?? STATUS_TIMEOUT_MS
  /** A `GET /tokens` under way: the list and its prices, asked together, come from one long answer. */
  let pendingTokenList: Promise<Record<string, unknown[]>> | undefined
  return {
    manifest,
    clients,
    apiUrl: config.apiUrl,
    common: { integrator: config.integrator },
    quoteTimeoutMs: config.timeoutMs ?? QUOTE_TIMEOUT_MS,
    statusTimeoutMs,
    allowlist,
    served: (chainId) => getManifestChain(manifest, chainId) !== undefined && allowlist(chainId).length > 0,
    feeCollector: (chainId) => config.feeCollectors?.[String(chainId)],
    gasZipPeriphery: (chainId) => config.gasZipPeripheries?.[String(chainId)],
    wrappedNative: (chainId) =>
      getManifestChain(manifest, chainId)?.tokens.find((token) => token.kind === 'weth')?.address,
    tokensOn: (chainId) =>
      (getManifestChain(manifest, chainId)?.tokens ?? []).flatMap(
        (token) => listedTokenRef(manifest, chainId, token.address) ?? [],
      ),
    diamondAllowlist: createLifiAllowlist(clients),
    tokenList(signal) {
      pendingTokenList ??= httpRequestWithRetry(`${config.apiUrl}/tokens`, {
        query: { chains: manifest.chains.map((chain) => chain.id).join(',') },
        timeoutMs: statusTimeoutMs,
        ...(signal ? { signal } : {}),
      })
        .then((raw) => {
          const parsed = lifiTokensSchema.safeParse(raw)
          if (!parsed.success)
            throw new InvalidResponseError(LIFI_PROVIDER_ID, 'token list', describeIssues(parsed.error))
          return parsed.data.tokens
        })
        .finally(() => {
          pendingTokenList = undefined
        })
      return pendingTokenList
    },
  }
}
