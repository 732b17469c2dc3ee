// Valibot, not zod, for this one schema: the app checks its config before the first page is interactive, and
// zod (even zod/mini) added ~54 kB of code to compile and ~50 ms of set-up and parsing on that path.
import * as v from 'valibot'
import type { Address } from 'viem'
import { InvalidManifestError } from '../errors/configErrors.ts'
import { address, int, isLoopbackHost, nonEmpty, url } from './schemaParts.ts'
import { TOKEN_KINDS, type TokenRef } from './tokenRef.ts'

export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000' as const

export const TOKEN_AUTHORIZATIONS = ['eip2612', 'eip3009'] as const

/** Bounds on a token's description, for listed tokens and for those read from a contract. */
export const TOKEN_LIMITS = { symbol: 32, name: 80, decimals: 36 } as const

/** A WebSocket endpoint: wss, or ws to a loopback address only. */
const webSocketUrl = v.pipe(
  url,
  v.check((value) => {
    const parsed = new URL(value)
    return parsed.protocol === 'wss:' || (parsed.protocol === 'ws:' && isLoopbackHost(parsed.hostname))
  }, 'a wss URL (ws only to a loopback address)'),
)

const tokenSchema = v.object({
  address,
  symbol: v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(TOKEN_LIMITS.symbol, `at most ${TOKEN_LIMITS.symbol} characters`),
  ),
  name: v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(TOKEN_LIMITS.name, `at most ${TOKEN_LIMITS.name} characters`),
  ),
  decimals: v.pipe(
    int,
    v.minValue(0, 'at least 0'),
    v.maxValue(TOKEN_LIMITS.decimals, `at most ${TOKEN_LIMITS.decimals}`),
  ),
  kind: v.picklist(TOKEN_KINDS),
  logoURI: v.optional(v.string()),
  /**
   * Spending by signature the token supports, as USDC v2 does: EIP-2612 `permit`, EIP-3009 transfers by
   * authorization. A gasless intent (IntentOriginSettler.openFor) needs `eip3009`; other tokens keep the approve path.
   */
  authorizations: v.optional(v.array(v.picklist(TOKEN_AUTHORIZATIONS))),
})

const chainContractsSchema = v.object({
  multicall3: address,
  attestationVerifier: v.optional(address),
  intentOriginSettler: v.optional(address),
  intentDestinationSettler: v.optional(address),
  poolBridge: v.optional(address),
})

const chainSchema = v.object({
  id: v.pipe(int, v.minValue(1, 'must be positive')),
  name: nonEmpty,
  shortName: nonEmpty,
  rpcUrls: v.pipe(v.array(url), v.minLength(1, 'needs at least one')),
  /**
   * The node's WebSocket endpoint (ws only to a loopback address), where the bridge services hear of each new block
   * (`eth_subscribe`) instead of asking every few hundred milliseconds. Optional: without it they ask.
   */
  webSocketUrls: v.optional(v.array(webSocketUrl)),
  /** Seconds per block: a floor for delivery estimates and status polling. */
  blockTime: v.pipe(v.number(), v.gtValue(0, 'must be positive')),
  /**
   * When an event on this chain is final for the bridge services: after this many blocks, or at the
   * node's `safe` / `finalized` block where the chain has one (`finalityTag` wins when both are set).
   * The attester signs and the relayer releases only there. Required on chains with bridge contracts.
   */
  // 0 would take the latest block as final: any reorg at all could make someone pay twice.
  confirmations: v.optional(v.pipe(int, v.minValue(1, 'at least 1 (0 would treat the latest block as final)'))),
  finalityTag: v.optional(v.picklist(['safe', 'finalized'])),
  nativeCurrency: v.object({ name: v.string(), symbol: v.string(), decimals: int }),
  blockExplorerUrl: v.optional(url),
  testnet: v.boolean(),
  contracts: chainContractsSchema,
  tokens: v.array(tokenSchema),
})

const serviceUrl = v.optional(v.object({ url }))

/**
 * The bridge's attesters, each its own process, key and store (a separate machine in production): an attestation
 * counts when `threshold` of them signed it, as the chains' verifiers require.
 */
const attestersSchema = v.pipe(
  v.object({
    threshold: v.pipe(int, v.minValue(1, 'at least 1')),
    urls: v.pipe(v.array(url), v.minLength(1, 'needs at least one')),
  }),
  v.forward(
    v.partialCheck(
      [['threshold'], ['urls']],
      (input) => input.threshold <= input.urls.length,
      'above the number of attesters listed (urls): no attestation could ever be made',
    ),
    ['threshold'],
  ),
)

/**
 * WalletConnect v2 (issue #54): the project id the relay asks for (Reown's dashboard; public by nature, it names the
 * app, not a secret) and, for a deployment or test that runs its own relay, the relay's URL (wss; ws only to a
 * loopback address). Without this section the app does not offer WalletConnect.
 */
const walletConnectSchema = v.object({
  projectId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - or _ only (at most 64)')),
  relayUrl: v.optional(webSocketUrl),
})

/**
 * The Safe{Wallet} hosts the app answers as a Safe App (issue #54): the origins whose frame of the app may speak the
 * Safe Apps protocol to it (an https origin; http only on a loopback address). Absent: Safe{Wallet}'s own,
 * `https://app.safe.global` (`SAFE_WALLET_ORIGIN`).
 */
const safeSchema = v.object({
  hosts: v.pipe(
    v.array(
      v.pipe(
        url,
        v.check((value) => {
          const parsed = new URL(value)
          return (
            parsed.origin === value.replace(/\/$/, '') &&
            (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)))
          )
        }, 'an origin (https; http only on a loopback address), with no path'),
      ),
    ),
    v.minLength(1, 'needs at least one'),
  ),
})

/**
 * Wallets offered through their makers' SDKs to a person without their extension (issue #54): MetaMask's SDK pairs
 * MetaMask on a phone, Coinbase's opens Coinbase Wallet's window (a passkey smart wallet or its app). Each SDK loads
 * only when picked, or to restore its session. An extension of the same wallet is offered instead of its SDK.
 */
export const SDK_WALLETS = ['metaMask', 'coinbaseWallet'] as const

/** Safe{Wallet}'s origin: the host a Safe App answers when the manifest names none. */
export const SAFE_WALLET_ORIGIN = 'https://app.safe.global'

/** The manifest but for the providers' sections. */
const manifestBaseSchema = v.object({
  version: v.literal(1),
  mode: v.picklist(['devnet', 'production']),
  generatedAt: v.string(),
  chains: v.pipe(v.array(chainSchema), v.minLength(1, 'needs at least one')),
  services: v.object({ solver: serviceUrl, attesters: v.optional(attestersSchema), relayer: serviceUrl }),
  /** Wallets beyond what the browser injects: WalletConnect when its project id is set; the Safe hosts; SDK wallets. */
  wallets: v.optional(
    v.object({
      walletConnect: v.optional(walletConnectSchema),
      safe: v.optional(safeSchema),
      sdks: v.optional(v.array(v.picklist(SDK_WALLETS))),
    }),
  ),
  /** Devnet only: the well-known anvil mnemonic and which account plays which role. */
  devnet: v.optional(
    v.object({
      mnemonic: v.string(),
      accounts: v.object({
        deployer: int,
        solver: int,
        relayer: int,
        /** Each attester's account, in the order of `services.attesters.urls`. */
        attesters: v.array(int),
        guardian: v.optional(int),
        users: v.array(int),
        /** The account of the in-app devnet wallet. */
        wallet: int,
      }),
      /** Offer the in-app devnet wallet (default true). */
      inAppWallet: v.optional(v.boolean(), true),
      /**
       * Tokens the devnet deploys that copy a listed token's symbol and name at another address (an airdropped scam
       * "USDC"), one per chain, with some in each user's wallet: what the picker's look-alike warning is shown on.
       */
      lookAlikes: v.optional(v.array(v.object({ chainId: int, address, copies: address }))),
    }),
  ),
})

/**
 * Production API providers' sections, `providers.<id>`, each its module's own (`providers/<id>/module.ts`). Opaque
 * here: config knows no provider. The composition root (`setup/manifest.ts`) checks each section with its module's
 * schema when the manifest is read, and names their types.
 */
export type ProviderSections = Readonly<Record<string, unknown>>

/** The manifest's schema, with `providers` (absent on the devnet) checked by `providers`. */
export function manifestSchema<Sections extends ProviderSections>(providers: v.GenericSchema<unknown, Sections>) {
  return v.object({ ...manifestBaseSchema.entries, providers: v.optional(providers) })
}

/** The deployment's chains, tokens, contracts and services, as every layer reads it; `providers` stays opaque. */
export type Manifest = v.InferOutput<typeof manifestBaseSchema> & { providers?: ProviderSections }
export type ManifestChain = v.InferOutput<typeof chainSchema>
export type ManifestWalletConnect = v.InferOutput<typeof walletConnectSchema>
export type SdkWallet = (typeof SDK_WALLETS)[number]
export type ManifestToken = v.InferOutput<typeof tokenSchema>
export type ManifestAttesters = v.InferOutput<typeof attestersSchema>

/** `problems` as one readable line per issue: `chains.0.tokens.1.decimals: at most 36`. */
function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`)
}

/** Checks an untrusted manifest against `schema` (see `manifestSchema`); `problems` lists what is wrong. */
export function checkManifestWith<M extends Manifest>(
  schema: v.GenericSchema<unknown, M>,
  input: unknown,
): { manifest: M } | { problems: string[] } {
  const result = v.safeParse(schema, input)
  return result.success ? { manifest: result.output } : { problems: describeIssues(result.issues) }
}

/** Checks one token entry (a token list from an API, say); undefined when it is not a valid token. */
export function checkToken(input: unknown): ManifestToken | undefined {
  const result = v.safeParse(tokenSchema, input)
  return result.success ? result.output : undefined
}

/** Parses an untrusted manifest against `schema`; throws a readable error listing what is wrong. */
export function parseManifestWith<M extends Manifest>(schema: v.GenericSchema<unknown, M>, input: unknown): M {
  const checked = checkManifestWith(schema, input)
  if ('problems' in checked) throw new InvalidManifestError(checked.problems)
  return checked.manifest
}

export function getManifestChain(manifest: Manifest, chainId: number): ManifestChain | undefined {
  return manifest.chains.find((chain) => chain.id === chainId)
}

/** A chain's name as the person reads it: the manifest's, or its id where the manifest does not have the chain. */
export const chainName = (manifest: Manifest, chainId: number): string =>
  getManifestChain(manifest, chainId)?.name ?? String(chainId)

/**
 * The manifest's token at an address as a route's token, or undefined when the manifest does not list it. Pure:
 * the form uses it without the chain reads of `routes/tokenRef.ts`.
 */
export function listedTokenRef(manifest: Manifest, chainId: number, address: Address): TokenRef | undefined {
  const chain = getManifestChain(manifest, chainId)
  const token = chain ? findManifestToken(chain, address) : undefined
  return token
    ? { chainId, address: token.address, symbol: token.symbol, decimals: token.decimals, kind: token.kind }
    : undefined
}

/** Whether a listed token takes EIP-3009 authorizations, so a gasless intent can pull it with one signature. */
export const supportsGaslessIntents = (token: Pick<ManifestToken, 'authorizations'>): boolean =>
  token.authorizations?.includes('eip3009') ?? false

export function findManifestToken(chain: ManifestChain, tokenAddress: string): ManifestToken | undefined {
  const wanted = tokenAddress.toLowerCase()
  return chain.tokens.find((token) => token.address.toLowerCase() === wanted)
}
