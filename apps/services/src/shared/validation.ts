import {
  findManifestToken,
  getManifestChain,
  type Manifest,
  type ManifestChain,
  type ManifestToken,
} from '@multi-bridge/core'
import { type Hex, isAddress } from 'viem'
import { HttpError } from './http.ts'

/** A request's query parameters, decoded (the first value of each name), as Hono's `c.req.query()` gives them. */
export type Query = Readonly<Record<string, string | undefined>>

/** Request parameters are untrusted text: each parser answers 400 with a clear reason. */
export function requireParam(query: Query, name: string): string {
  const value = query[name]
  if (value === undefined || value.trim() === '') throw new HttpError(400, 'MISSING_PARAMETER', `${name} is required`)
  return value.trim()
}

export function parseChain(manifest: Manifest, value: string, name: string): ManifestChain {
  if (!/^[0-9]{1,15}$/.test(value)) throw new HttpError(400, 'INVALID_CHAIN', `${name} must be a chain id`)
  const chain = getManifestChain(manifest, Number(value))
  if (!chain) throw new HttpError(400, 'UNSUPPORTED_CHAIN', `${name} ${value} is not a supported chain`)
  return chain
}

export function parseToken(chain: ManifestChain, value: string, name: string): ManifestToken {
  if (!isAddress(value, { strict: false })) throw new HttpError(400, 'INVALID_TOKEN', `${name} must be a token address`)
  const token = findManifestToken(chain, value)
  if (!token) throw new HttpError(400, 'UNSUPPORTED_TOKEN', `${name} ${value} is not supported on ${chain.name}`)
  return token
}

/** A positive integer amount in base units, as decimal text. */
export function parseAmount(value: string, name: string): bigint {
  if (!/^[0-9]{1,78}$/.test(value)) {
    throw new HttpError(400, 'INVALID_AMOUNT', `${name} must be a positive whole number of base units`)
  }
  const amount = BigInt(value)
  if (amount === 0n) throw new HttpError(400, 'INVALID_AMOUNT', `${name} must be greater than zero`)
  if (amount >= 2n ** 256n) throw new HttpError(400, 'INVALID_AMOUNT', `${name} is too large`)
  return amount
}

/** An optional yes/no parameter: absent, "true" or "false"; anything else is refused. */
export function parseFlag(query: Query, name: string): boolean {
  const value = query[name]
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  throw new HttpError(400, 'INVALID_PARAMETER', `${name} must be true or false`)
}

export function parseBytes32(value: string | undefined, name: string): Hex {
  if (value === undefined || !/^0x[0-9a-fA-F]{64}$/.test(value)) {
    throw new HttpError(400, 'INVALID_ID', `${name} must be 0x followed by 64 hex digits`)
  }
  return value.toLowerCase() as Hex
}
