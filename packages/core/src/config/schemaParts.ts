// The valibot pieces the manifest and the providers' config sections share (see manifest.ts for why valibot).
import * as v from 'valibot'
import { getAddress, isAddress } from 'viem'

/** An EVM address in any case, read as its checksummed form. */
export const address = v.pipe(
  v.string(),
  v.check((value) => isAddress(value, { strict: false }), 'not an EVM address'),
  v.transform((value) => getAddress(value)),
)
export const url = v.pipe(v.string(), v.url('not a URL'))
export const nonEmpty = v.pipe(v.string(), v.minLength(1, 'must not be empty'))
export const int = v.pipe(v.number(), v.integer('not an integer'))
/** A chain id as a record key ("42161"). */
export const chainIdKey = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, 'not a chain id'))
/** A provider's per-request time-out in ms. */
export const timeoutMs = v.optional(v.pipe(int, v.minValue(1, 'must be positive')))

/** Hosts only this machine reaches (RFC 6761 `localhost`, 127.0.0.0/8, ::1): nothing on the way to read or change. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  )
}
