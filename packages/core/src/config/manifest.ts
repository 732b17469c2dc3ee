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
})

export type Manifest = z.infer<typeof manifestSchema>
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
