import { type Address, getAddress, type Hex, isAddress } from 'viem'
import { z } from 'zod'
import { ServiceError } from './errors.ts'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'hex') as unknown as z.ZodType<Hex>
const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'address')
  .transform((value) => getAddress(value) as Address)
const uint = z.string().regex(/^[0-9]{1,78}$/)

const intentAnswer = z.object({
  status: z.enum(['open', 'filled', 'not-filled']),
  originChainId: z.number().int().positive(),
  attestation: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('fill'), solver: address, fillTime: z.number().int().nonnegative(), signatures: hex }),
      z.object({ kind: z.literal('no-fill'), signatures: hex }),
    ])
    .nullable(),
})

const transferAnswer = z.object({
  status: z.enum(['pending', 'released', 'not-released']),
  originChainId: z.number().int().positive(),
  destinationChainId: z.number().int().positive(),
  release: z
    .object({
      transferId: hex,
      originChainId: z.number().int().positive(),
      originPool: address,
      token: address,
      recipient: address,
      amount: uint,
      deadline: z.number().int().positive(),
      signatures: hex,
    })
    .nullable(),
  attestation: z.object({ kind: z.enum(['released', 'not-released']), signatures: hex }).nullable(),
})

export type AttesterIntent = z.infer<typeof intentAnswer>
export type AttesterTransfer = z.infer<typeof transferAnswer>

/**
 * Reads one attester's API (see `attesterQuorum.ts` for what the solver and the relayer ask all of them). `undefined` while the attester has
 * not seen the item (404); throws on any other failure, including an answer of the wrong shape.
 */
export function createAttesterClient(baseUrl: string, timeoutMs = 5_000) {
  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
    if (response.status === 404) return undefined
    if (!response.ok) {
      throw new ServiceError(`the attester answered ${response.status} for ${path}`, { code: 'ATTESTER_FAILED' })
    }
    const parsed = schema.safeParse(await response.json())
    if (!parsed.success) {
      throw new ServiceError(`the attester's answer for ${path} has an unexpected shape: ${parsed.error.message}`, {
        code: 'ATTESTER_ANSWER_INVALID',
        cause: parsed.error,
      })
    }
    return parsed.data
  }
  return {
    intent: (orderId: Hex) => get(`/v1/intents/${orderId}`, intentAnswer),
    transfer: (transferId: Hex) => get(`/v1/transfers/${transferId}`, transferAnswer),
  }
}
