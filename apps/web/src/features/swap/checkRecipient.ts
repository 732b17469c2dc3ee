import { type Address, getAddress, zeroAddress } from 'viem'

export type RecipientCheck = { address: Address } | { error: string } | { empty: true }

/**
 * Checksummed EVM addresses only (SPEC §4): the checksum is what catches a mistyped character, so an
 * all-lowercase or all-uppercase address is refused too. Never the zero address.
 */
export function checkRecipient(text: string): RecipientCheck {
  const value = text.trim()
  if (value === '') return { empty: true }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return { error: 'Enter a valid address (0x followed by 40 hex digits)' }
  const checksummed = getAddress(value)
  if (checksummed !== value) {
    const hex = value.slice(2)
    const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase()
    return {
      error: singleCase
        ? 'Enter the checksummed address (with upper- and lower-case letters)'
        : 'This address has a wrong checksum',
    }
  }
  if (value.toLowerCase() === zeroAddress) return { error: 'The zero address cannot receive funds' }
  return { address: checksummed }
}
