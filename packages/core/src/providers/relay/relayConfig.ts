import * as v from 'valibot'
import type { Address } from 'viem'
import { address, chainIdKey, timeoutMs, url } from '../../config/schemaParts.ts'

export const RELAY_PROVIDER_ID = 'relay'

/** Relay's depository, the same address on the six chains here (relayprotocol/relay-depository deployments). */
export const RELAY_DEPOSITORY: Address = '0x4cD00E387622C35bDDB9b4c962C136462338BC31'

/**
 * The contracts a Relay deposit or approval may go to: the depository alone (`depositNative`, `depositErc20`, and
 * the approval's spender), whose calls the adapter decodes and checks against the request before signing. Relay's
 * routers and approval proxies run arbitrary calls (`multicall`, `transferAndMulticall`), and its solver and
 * RelayReceiver take plain transfers whose recipient lives only in Relay's own records: none of them is here, so a
 * quote that sends there is refused. Never read from a quote.
 */
export const RELAY_CONTRACTS: readonly Address[] = [RELAY_DEPOSITORY]

/** `providers.relay` of the manifest. */
export const relayConfigSchema = v.object({
  /** Relay's API, e.g. https://api.relay.link. */
  apiUrl: url,
  /** Relay's `referrer`: the source its activity is attributed to (a domain or a name). */
  referrer: v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,64}$/, 'printable, no spaces, at most 64 characters')),
  /** Per chain id: the contracts Relay's deposits and approvals may target. */
  contracts: v.record(chainIdKey, v.pipe(v.array(address), v.minLength(1, 'needs at least one'))),
  /**
   * A Relay API key the operator publishes on purpose (MULTIBRIDGE_RELAY_PUBLIC_KEY), sent as `x-api-key`
   * (docs.relay.link, API keys; browsers may send it to api.relay.link). History's restore needs one. Relay asks to
   * keep keys server-side: a secret key goes in a proxy in front of the API that adds it (then `apiUrl` is the proxy).
   */
  apiKey: v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{8,512}$/, 'printable, no spaces, 8 to 512 characters'))),
  /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
  timeoutMs,
})
export type RelayConfig = v.InferOutput<typeof relayConfigSchema>
