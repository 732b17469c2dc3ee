import type { Address, Hex } from 'viem'
import { z } from 'zod'

/** Building blocks of the services' state-file schemas: every entry is checked when a service starts. */
export const address = z.custom<Address>(
  (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value),
  'an address',
)
export const hex = z.custom<Hex>((value) => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value), 'hex')
export const bytes32 = z.custom<Hex>(
  (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value),
  '0x and 64 hex digits',
)
/** A whole number of base units, as decimal text. */
export const uintText = z.string().regex(/^[0-9]{1,78}$/, 'a whole number as text')
export const chainId = z.number().int().positive()
/** Seconds since the epoch on a chain (uint32 in the contracts). */
export const seconds = z.number().int().nonnegative()
/** Milliseconds since the epoch on this machine. */
export const millis = z.number().int().nonnegative()
/** Log cursors: the last block handled per key, as decimal text (-1 before the first). */
export const cursors = z.record(z.string(), z.string().regex(/^-?[0-9]+$/, 'a block number as text'))
/** An id as a record key (a string index, like the ids the services look up). */
export const idKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'an id: 0x and 64 hex digits')
