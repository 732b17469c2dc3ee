import * as v from 'valibot'
import { address, chainIdKey, timeoutMs, url } from '../../config/schemaParts.ts'

/** `providers.across` of the manifest. */
export const acrossConfigSchema = v.object({
  /** Base URL of the Across API, e.g. https://app.across.to/api. */
  apiUrl: url,
  /** Per chain id: the SpokePool deposits may go to. */
  spokePools: v.record(chainIdKey, address),
  /** Per chain id whose native coin Across bridges: the wrapped token the API quotes it as. */
  wrappedNativeTokens: v.optional(v.record(chainIdKey, address)),
  /** Across integrator id (2 bytes, e.g. 0x00ab), appended to deposit calldata as Across asks. */
  integratorId: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{4}$/, 'two bytes as 0x hex'))),
  /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
  timeoutMs,
})
export type AcrossConfig = v.InferOutput<typeof acrossConfigSchema>

export const ACROSS_PROVIDER_ID = 'across'
export const ACROSS_PROVIDER_NAME = 'Across'
