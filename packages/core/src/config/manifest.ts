import { getAddress, isAddress } from 'viem'
// zod/mini: the app validates its config before the first page is interactive, so this stays small.
import { z } from 'zod/mini'

const address = z.pipe(
  z.string().check(z.refine((value) => isAddress(value, { strict: false }), 'not an EVM address')),
  z.transform((value: string) => getAddress(value)),
)
const url = z.url()
const nonEmpty = z.string().check(z.minLength(1))

export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000' as const

export const tokenSchema = z.object({
  address,
  symbol: z.string().check(z.minLength(1), z.maxLength(32)),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  decimals: z.int().check(z.minimum(0), z.maximum(36)),
  /** What the token behaves like; lets code handle USDT-style approvals without guessing by symbol. */
  kind: z.enum(['native', 'usdc', 'usdt', 'weth', 'erc20']),
  logoURI: z.optional(z.string()),
})

export const chainContractsSchema = z.object({
  multicall3: address,
  attestationVerifier: z.optional(address),
  intentOriginSettler: z.optional(address),
  intentDestinationSettler: z.optional(address),
  poolBridge: z.optional(address),
})

export const chainSchema = z.object({
  id: z.int().check(z.positive()),
  name: nonEmpty,
  shortName: nonEmpty,
  rpcUrls: z.array(url).check(z.minLength(1)),
  /** Seconds per block: a floor for delivery estimates and status polling. */
  blockTime: z.number().check(z.positive()),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.int() }),
  blockExplorerUrl: z.optional(url),
  testnet: z.boolean(),
  contracts: chainContractsSchema,
  tokens: z.array(tokenSchema),
})

const chainIdKey = z.string().check(z.regex(/^[1-9][0-9]{0,15}$/, 'not a chain id'))
const timeoutMs = z.optional(z.int().check(z.positive()))

/**
 * Production providers. The allowlists live here, as data: a provider's transaction goes only to a
 * contract listed for its chain, whatever an API answers.
 */
export const providersConfigSchema = z.object({
  lifi: z.optional(
    z.object({
      /** Base URL including the version, e.g. https://li.quest/v1. */
      apiUrl: url,
      /** LI.FI's `integrator` parameter: letters, digits, `-`, `_`, `.`, at most 23. */
      integrator: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,23}$/, 'letters, digits, "-", "_" or "." (at most 23)')),
      /** Per chain id: the contracts LI.FI's transaction requests and approvals may target (the diamond). */
      contracts: z.record(chainIdKey, z.array(address).check(z.minLength(1))),
      /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
      timeoutMs,
    }),
  ),
  across: z.optional(
    z.object({
      /** Base URL of the Across API, e.g. https://app.across.to/api. */
      apiUrl: url,
      /** Per chain id: the SpokePool deposits may go to. */
      spokePools: z.record(chainIdKey, address),
      /** Per chain id whose native coin Across bridges: the wrapped token the API quotes it as. */
      wrappedNativeTokens: z.optional(z.record(chainIdKey, address)),
      /** Across integrator id (2 bytes, e.g. 0x00ab), appended to deposit calldata as Across asks. */
      integratorId: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{4}$/, 'two bytes as 0x hex'))),
      /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
      timeoutMs,
    }),
  ),
})

const serviceUrl = z.optional(z.object({ url }))

export const manifestSchema = z.object({
  version: z.literal(1),
  mode: z.enum(['devnet', 'production']),
  generatedAt: z.string(),
  chains: z.array(chainSchema).check(z.minLength(1)),
  services: z.object({ solver: serviceUrl, attester: serviceUrl, relayer: serviceUrl }),
  /** Devnet only: the well-known anvil mnemonic and which account plays which role. */
  devnet: z.optional(
    z.object({
      mnemonic: z.string(),
      accounts: z.object({
        deployer: z.int(),
        solver: z.int(),
        relayer: z.int(),
        attester: z.int(),
        users: z.array(z.int()),
        /** The account of the in-app devnet wallet. */
        wallet: z.int(),
      }),
      /** Offer the in-app devnet wallet (default true). */
      inAppWallet: z._default(z.boolean(), true),
      attestationConfirmations: z.int().check(z.minimum(0)),
    }),
  ),
  /** Production API providers (LI.FI, Across); absent on the devnet. */
  providers: z.optional(providersConfigSchema),
})

export type Manifest = z.infer<typeof manifestSchema>
export type ProvidersConfig = z.infer<typeof providersConfigSchema>
export type ManifestChain = z.infer<typeof chainSchema>
export type ManifestToken = z.infer<typeof tokenSchema>

/** Parses an untrusted manifest; throws a readable error listing what is wrong. */
export function parseManifest(input: unknown): Manifest {
  const result = manifestSchema.safeParse(input)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    throw new Error(`Invalid manifest: ${problems.join('; ')}`)
  }
  return result.data
}

export function getManifestChain(manifest: Manifest, chainId: number): ManifestChain | undefined {
  return manifest.chains.find((chain) => chain.id === chainId)
}

export function findManifestToken(chain: ManifestChain, tokenAddress: string): ManifestToken | undefined {
  const wanted = tokenAddress.toLowerCase()
  return chain.tokens.find((token) => token.address.toLowerCase() === wanted)
}
