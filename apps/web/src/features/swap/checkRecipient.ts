import { type Address, getAddress, zeroAddress } from 'viem'

export type RecipientCheck = { address: Address } | { name: string } | { error: string } | { empty: true }

/** An ENS-style name: labels of letters, digits, hyphens (or any non-ASCII letter) separated by dots. */
const NAME = /^(?:[\p{L}\p{N}\p{Emoji_Presentation}_-]+\.)+[\p{L}\p{N}-]{2,}$/u

/**
 * An EVM address as people paste it (SPEC §4): trimmed; all-lowercase or all-uppercase accepted (EIP-55 gives
 * them no checksum to check) and turned into the checksummed form; a mixed-case address with a wrong checksum
 * refused, since that is a typo; never the zero address. A name like `name.eth` is returned for resolving.
 */
export function checkRecipient(text: string): RecipientCheck {
  const value = text.trim()
  if (value === '') return { empty: true }
  if (!value.startsWith('0x') && NAME.test(value)) return { name: value }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return { error: 'Enter a valid address (0x followed by 40 hex digits)' }
  const checksummed = getAddress(value)
  const hex = value.slice(2)
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase()
  if (!singleCase && checksummed !== value) return { error: 'This address has a wrong checksum' }
  if (checksummed === zeroAddress) return { error: 'The zero address cannot receive funds' }
  return { address: checksummed }
}
