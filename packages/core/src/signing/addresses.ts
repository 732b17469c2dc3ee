import { type Address, getAddress, isAddress, isAddressEqual, zeroAddress } from 'viem'
import { UnknownContractError } from '../errors/walletErrors.ts'

/** The other spelling of the native coin some APIs use. */
const EEEE_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

export const isNativeAddress = (address: string) =>
  isAddress(address, { strict: false }) &&
  (isAddressEqual(address as Address, zeroAddress) || isAddressEqual(address as Address, EEEE_NATIVE))

/** Same token, reading both spellings of the native coin as one. */
export function sameToken(a: string, b: string): boolean {
  if (isNativeAddress(a) || isNativeAddress(b)) return isNativeAddress(a) && isNativeAddress(b)
  return (
    isAddress(a, { strict: false }) && isAddress(b, { strict: false }) && isAddressEqual(a as Address, b as Address)
  )
}

/** Whether `address` is on an allowlist. */
export const isListed = (list: readonly Address[] | undefined, address: string) =>
  isAddress(address, { strict: false }) && (list ?? []).some((known) => isAddressEqual(known, address as Address))

/** Throws "Unknown contract type: …" unless `address` is on the allowlist. */
export function assertListed(list: readonly Address[] | undefined, address: string): Address {
  if (!isListed(list, address)) throw new UnknownContractError(address)
  return getAddress(address)
}
