import { type Address, isAddressEqual } from 'viem'
import { getManifestChain, type Manifest, NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { TokenRef } from '../routes/types.ts'
import { providerModule } from './modules.ts'

/** The names people see for the manifest's contracts of a chain. */
const CONTRACT_NAMES: Record<string, string> = {
  multicall3: 'Multicall3',
  attestationVerifier: 'Attestation Verifier',
  intentOriginSettler: 'Intent Origin Settler',
  intentDestinationSettler: 'Intent Destination Settler',
  poolBridge: 'Pool Bridge',
}

/** A bridge's contracts on a chain (a provider's allowlist), by the bridge's name. */
export type KnownContracts = { name: string; addresses: readonly Address[] }

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Every address a production provider's section of the manifest names for a chain: its allowlist, fee collector,
 * periphery, pool (`contracts`, `feeCollectors`, `spokePools`, … are maps by chain id, to an address or a list).
 */
export function manifestProviderContracts(manifest: Manifest, chainId: number): KnownContracts[] {
  return Object.entries(manifest.providers ?? {}).flatMap(([id, section]) => {
    const fields = Object.values((section ?? {}) as Record<string, unknown>)
    const addresses = fields.flatMap((field) => {
      if (typeof field !== 'object' || field === null || Array.isArray(field)) return []
      const entry = (field as Record<string, unknown>)[String(chainId)]
      return (Array.isArray(entry) ? entry : [entry]).filter(
        (item): item is Address => typeof item === 'string' && ADDRESS.test(item),
      )
    })
    return addresses.length > 0 ? [{ name: providerModule(id)?.name ?? id, addresses }] : []
  })
}

/**
 * Why an address can never be a swap's recipient on a chain: it is a token's own contract (`token`), or one of the
 * contracts the bridges and this app use there (`contract`). Neither can hand the tokens on: they would be lost.
 */
export type RecipientRefusal = { kind: 'token'; symbol: string } | { kind: 'contract'; name: string }

export type RecipientRefusalParameters = {
  manifest: Manifest
  /** The destination chain: where the recipient receives. */
  chainId: number
  recipient: Address
  /** The token delivered (it may be one the manifest does not list, pasted by address). */
  destination?: TokenRef | undefined
  /** The providers' allowlists on that chain. */
  knownContracts?: readonly KnownContracts[] | undefined
}

/**
 * The reason `recipient` is refused on the destination chain, or undefined when it is not one of the contracts the
 * app knows there: the token delivered, any token the manifest lists on that chain, every contract the manifest names
 * for it (the chain's own and the production providers' sections), and the providers' allowlisted contracts. (Any other contract is for the person to confirm.)
 */
export function recipientRefusal(parameters: RecipientRefusalParameters): RecipientRefusal | undefined {
  const { manifest, chainId, recipient, destination } = parameters
  const same = (address: string | undefined) => address !== undefined && isAddressEqual(address as Address, recipient)
  if (isAddressEqual(recipient, NATIVE_TOKEN_ADDRESS)) return undefined
  if (destination && destination.chainId === chainId && same(destination.address)) {
    return { kind: 'token', symbol: destination.symbol }
  }
  const chain = getManifestChain(manifest, chainId)
  const token = chain?.tokens.find((listed) => same(listed.address))
  if (token) return { kind: 'token', symbol: token.symbol }
  for (const [key, address] of Object.entries(chain?.contracts ?? {})) {
    if (same(address)) return { kind: 'contract', name: CONTRACT_NAMES[key] ?? key }
  }
  for (const known of [...manifestProviderContracts(manifest, chainId), ...(parameters.knownContracts ?? [])]) {
    if (known.addresses.some(same)) return { kind: 'contract', name: known.name }
  }
  return undefined
}

/**
 * What a recipient's code says about it: a wallet (no code, or an EIP-7702 delegation, which is still the person's
 * own account) or a contract, which can receive tokens only if it was written to pass them on.
 */
export function isContractCode(code: `0x${string}` | undefined | null): boolean {
  if (!code || code === '0x') return false
  // EIP-7702: 0xef0100 followed by the 20-byte address the account delegates to.
  return !(code.length === 2 + 46 && code.toLowerCase().startsWith('0xef0100'))
}
