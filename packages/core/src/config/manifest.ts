import { getAddress, isAddress } from 'viem'
import { z } from 'zod'

const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'not an EVM address')
  .transform((value) => getAddress(value))

export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000' as const

export const tokenSchema = z.object({
  address,
  symbol: z.string().min(1).max(32),
  name: z.string().min(1).max(80),
  decimals: z.number().int().min(0).max(36),
  /** What the token behaves like; lets code handle USDT-style approvals without guessing by symbol. */
  kind: z.enum(['native', 'usdc', 'usdt', 'weth', 'erc20']),
  logoURI: z.string().optional(),
})

export const chainContractsSchema = z.object({
  multicall3: address,
  attestationVerifier: address.optional(),
  intentOriginSettler: address.optional(),
  intentDestinationSettler: address.optional(),
  poolBridge: address.optional(),
})

export const chainSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  shortName: z.string().min(1),
  rpcUrls: z.array(z.string().url()).min(1),
  /** Seconds per block: a floor for delivery estimates and status polling. */
  blockTime: z.number().positive(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  blockExplorerUrl: z.string().url().optional(),
  testnet: z.boolean(),
  contracts: chainContractsSchema,
  tokens: z.array(tokenSchema),
})

const chainIdKey = z.string().regex(/^[1-9][0-9]{0,15}$/, 'not a chain id')

/**
 * Production providers. The allowlists live here, as data: a provider's transaction goes only to a
 * contract listed for its chain, whatever an API answers.
 */
export const providersConfigSchema = z.object({
  lifi: z
    .object({
      /** Base URL including the version, e.g. https://li.quest/v1. */
      apiUrl: z.string().url(),
      /** LI.FI's `integrator` parameter: letters, digits, `-`, `_`, `.`, at most 23. */
      integrator: z.string().regex(/^[A-Za-z0-9._-]{1,23}$/, 'letters, digits, "-", "_" or "." (at most 23)'),
      /** Per chain id: the contracts LI.FI's transaction requests and approvals may target (the diamond). */
      contracts: z.record(chainIdKey, z.array(address).min(1)),
      /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
      timeoutMs: z.number().int().positive().optional(),
    })
    .optional(),
  across: z
    .object({
      /** Base URL of the Across API, e.g. https://app.across.to/api. */
      apiUrl: z.string().url(),
      /** Per chain id: the SpokePool deposits may go to. */
      spokePools: z.record(chainIdKey, address),
      /** Per chain id whose native coin Across bridges: the wrapped token the API quotes it as. */
      wrappedNativeTokens: z.record(chainIdKey, address).optional(),
      /** Across integrator id (2 bytes, e.g. 0x00ab), appended to deposit calldata as Across asks. */
      integratorId: z
        .string()
        .regex(/^0x[0-9a-fA-F]{4}$/, 'two bytes as 0x hex')
        .optional(),
      /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
      timeoutMs: z.number().int().positive().optional(),
    })
    .optional(),
})

export const manifestSchema = z.object({
  version: z.literal(1),
  mode: z.enum(['devnet', 'production']),
  generatedAt: z.string(),
  chains: z.array(chainSchema).min(1),
  services: z.object({
    solver: z.object({ url: z.string().url() }).optional(),
    attester: z.object({ url: z.string().url() }).optional(),
    relayer: z.object({ url: z.string().url() }).optional(),
  }),
  /** Devnet only: the well-known anvil mnemonic and which account plays which role. */
  devnet: z
    .object({
      mnemonic: z.string(),
      accounts: z.object({
        deployer: z.number().int(),
        solver: z.number().int(),
        relayer: z.number().int(),
        attester: z.number().int(),
        users: z.array(z.number().int()),
        /** The account of the in-app devnet wallet. */
        wallet: z.number().int(),
      }),
      /** Offer the in-app devnet wallet (default true). */
      inAppWallet: z.boolean().default(true),
      attestationConfirmations: z.number().int().min(0),
    })
    .optional(),
  /** Production API providers (LI.FI, Across); absent on the devnet. */
  providers: providersConfigSchema.optional(),
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
