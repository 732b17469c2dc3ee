// Valibot, not zod, for this one schema: the app checks its config before the first page is interactive, and
// zod (even zod/mini) added ~54 kB of code to compile and ~50 ms of set-up and parsing on that path.
import * as v from 'valibot'
import { getAddress, isAddress } from 'viem'

const address = v.pipe(
  v.string(),
  v.check((value) => isAddress(value, { strict: false }), 'not an EVM address'),
  v.transform((value) => getAddress(value)),
)
const url = v.pipe(v.string(), v.url('not a URL'))
const nonEmpty = v.pipe(v.string(), v.minLength(1, 'must not be empty'))
const int = v.pipe(v.number(), v.integer('not an integer'))

export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000' as const

/** Bounds on a token's description, for listed tokens and for those read from a contract. */
export const TOKEN_LIMITS = { symbol: 32, name: 80, decimals: 36 } as const

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
  /** What the token behaves like; lets code handle USDT-style approvals without guessing by symbol. */
  kind: v.picklist(['native', 'usdc', 'usdt', 'weth', 'erc20']),
  logoURI: v.optional(v.string()),
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
  /** Seconds per block: a floor for delivery estimates and status polling. */
  blockTime: v.pipe(v.number(), v.gtValue(0, 'must be positive')),
  /**
   * When an event on this chain is final for the bridge services: after this many blocks, or at the
   * node's `safe` / `finalized` block where the chain has one (`finalityTag` wins when both are set).
   * The attester signs and the relayer releases only there. Required on chains with bridge contracts.
   */
  confirmations: v.optional(v.pipe(int, v.minValue(0, 'at least 0'))),
  finalityTag: v.optional(v.picklist(['safe', 'finalized'])),
  nativeCurrency: v.object({ name: v.string(), symbol: v.string(), decimals: int }),
  blockExplorerUrl: v.optional(url),
  testnet: v.boolean(),
  contracts: chainContractsSchema,
  tokens: v.array(tokenSchema),
})

const chainIdKey = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, 'not a chain id'))
const timeoutMs = v.optional(v.pipe(int, v.minValue(1, 'must be positive')))

/**
 * Production providers. The allowlists live here, as data: a provider's transaction goes only to a
 * contract listed for its chain, whatever an API answers.
 */
const providersConfigSchema = v.object({
  lifi: v.optional(
    v.object({
      /** Base URL including the version, e.g. https://li.quest/v1. */
      apiUrl: url,
      /** LI.FI's `integrator` parameter: letters, digits, `-`, `_`, `.`, at most 23. */
      integrator: v.pipe(
        v.string(),
        v.regex(/^[A-Za-z0-9._-]{1,23}$/, 'letters, digits, "-", "_" or "." (at most 23)'),
      ),
      /** Per chain id: the contracts LI.FI's transaction requests and approvals may target (the diamond). */
      contracts: v.record(chainIdKey, v.pipe(v.array(address), v.minLength(1, 'needs at least one'))),
      /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
      timeoutMs,
    }),
  ),
  across: v.optional(
    v.object({
      /** Base URL of the Across API, e.g. https://app.across.to/api. */
      apiUrl: url,
      /** Per chain id: the SpokePool deposits may go to. */
      spokePools: v.record(chainIdKey, address),
      /** Per chain id whose native coin Across bridges: the wrapped token the API quotes it as. */
      wrappedNativeTokens: v.optional(v.record(chainIdKey, address)),
      /**
       * Across API key, sent as `Authorization: Bearer <key>` (docs.across.to, API keys). Anyone can read it in
       * a static site's config: prefer a proxy in front of the API that adds it (then `apiUrl` is the proxy).
       */
      apiKey: v.optional(
        v.pipe(v.string(), v.regex(/^[\x21-\x7e]{8,512}$/, 'printable, no spaces, 8 to 512 characters')),
      ),
      /** Across integrator id (2 bytes, e.g. 0x00ab), appended to deposit calldata as Across asks. */
      integratorId: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{4}$/, 'two bytes as 0x hex'))),
      /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
      timeoutMs,
    }),
  ),
})

const serviceUrl = v.optional(v.object({ url }))

const manifestSchema = v.object({
  version: v.literal(1),
  mode: v.picklist(['devnet', 'production']),
  generatedAt: v.string(),
  chains: v.pipe(v.array(chainSchema), v.minLength(1, 'needs at least one')),
  services: v.object({ solver: serviceUrl, attester: serviceUrl, relayer: serviceUrl }),
  /** Devnet only: the well-known anvil mnemonic and which account plays which role. */
  devnet: v.optional(
    v.object({
      mnemonic: v.string(),
      accounts: v.object({
        deployer: int,
        solver: int,
        relayer: int,
        attester: int,
        guardian: v.optional(int),
        users: v.array(int),
        /** The account of the in-app devnet wallet. */
        wallet: int,
      }),
      /** Offer the in-app devnet wallet (default true). */
      inAppWallet: v.optional(v.boolean(), true),
    }),
  ),
  /** Production API providers (LI.FI, Across); absent on the devnet. */
  providers: v.optional(providersConfigSchema),
})

export type Manifest = v.InferOutput<typeof manifestSchema>
export type ProvidersConfig = v.InferOutput<typeof providersConfigSchema>
export type ManifestChain = v.InferOutput<typeof chainSchema>
export type ManifestToken = v.InferOutput<typeof tokenSchema>

/** `problems` as one readable line per issue: `chains.0.tokens.1.decimals: at most 36`. */
function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`)
}

/** Checks an untrusted manifest; `problems` lists what is wrong. */
export function checkManifest(input: unknown): { manifest: Manifest } | { problems: string[] } {
  const result = v.safeParse(manifestSchema, input)
  return result.success ? { manifest: result.output } : { problems: describeIssues(result.issues) }
}

/** Checks one token entry (a token list from an API, say); undefined when it is not a valid token. */
export function checkToken(input: unknown): ManifestToken | undefined {
  const result = v.safeParse(tokenSchema, input)
  return result.success ? result.output : undefined
}

/** Parses an untrusted manifest; throws a readable error listing what is wrong. */
export function parseManifest(input: unknown): Manifest {
  const checked = checkManifest(input)
  if ('problems' in checked) throw new Error(`Invalid manifest: ${checked.problems.join('; ')}`)
  return checked.manifest
}

export function getManifestChain(manifest: Manifest, chainId: number): ManifestChain | undefined {
  return manifest.chains.find((chain) => chain.id === chainId)
}

export function findManifestToken(chain: ManifestChain, tokenAddress: string): ManifestToken | undefined {
  const wanted = tokenAddress.toLowerCase()
  return chain.tokens.find((token) => token.address.toLowerCase() === wanted)
}
