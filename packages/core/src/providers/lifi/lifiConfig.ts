import * as v from 'valibot'
import type { Address } from 'viem'
import { address, chainIdKey, timeoutMs, url } from '../../config/schemaParts.ts'

/** LI.FI's diamond: the same address on every chain it serves here (lifinance/contracts deployments). */
export const LIFI_DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'

export const LIFI_DIAMOND_NAME = 'LI.FI Diamond'

/**
 * LI.FI's FeeCollector per chain (lifinance/contracts@ef00558f deployments/<network>.json `FeeCollector`): the one
 * contract a LI.FI call may run before its bridge, to take the fee the quote shows.
 */
export const LIFI_FEE_COLLECTORS: Readonly<Record<number, Address>> = {
  1: '0x3Ef238c36035880EfbDfa239d218186b79Ad1d6F',
  10: '0x271970eE66c03c9D62d8e8c718b9841f2Ea7D817',
  56: '0xbD6C7B0d2f68c2b7805d88388319cfB6EcB50eA9',
  137: '0xbD6C7B0d2f68c2b7805d88388319cfB6EcB50eA9',
  8453: '0x0A6d96E7f4D7b96CFE42185DF61E64d255c12DFf',
  42161: '0xB0210dE78E28e2633Ca200609D9f528c13c26cD9',
}

/**
 * LI.FI's GasZipPeriphery per chain (lifinance/contracts@ef00558f deployments/<network>.json and the diamond's
 * periphery registry, deployments/<network>.diamond.json `GasZipPeriphery`): the one contract a LI.FI call may run
 * before its bridge to buy the gas on arrival it was asked for (`fromAmountForGas`).
 */
export const LIFI_GAS_ZIP_PERIPHERIES: Readonly<Record<number, Address>> = {
  1: '0x363d698649cd04f9692Ab86e8365b227c1ee859d',
  10: '0x363d698649cd04f9692Ab86e8365b227c1ee859d',
  56: '0x363d698649cd04f9692Ab86e8365b227c1ee859d',
  137: '0x363d698649cd04f9692Ab86e8365b227c1ee859d',
  8453: '0x363d698649cd04f9692Ab86e8365b227c1ee859d',
  42161: '0x363d698649cd04f9692Ab86e8365b227c1ee859d',
}

/**
 * Gas.zip's own id of each chain (lifinance/contracts@ef00558f config/networks.json `gasZipChainId`; Gas.zip's
 * outbound chain list): what a gas-on-arrival step names as its destination. Gas on arrival is asked of LI.FI only
 * to a chain listed here.
 */
export const GAS_ZIP_CHAIN_IDS: Readonly<Record<number, number>> = {
  1: 255,
  10: 55,
  56: 14,
  137: 17,
  8453: 54,
  42161: 57,
}

/** `providers.lifi` of the manifest. */
export const lifiConfigSchema = v.object({
  /** Base URL including the version, e.g. https://li.quest/v1. */
  apiUrl: url,
  /** LI.FI's `integrator` parameter: letters, digits, `-`, `_`, `.`, at most 23. */
  integrator: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,23}$/, 'letters, digits, "-", "_" or "." (at most 23)')),
  /** Per chain id: the contracts LI.FI's transaction requests and approvals may target (the diamond). */
  contracts: v.record(chainIdKey, v.pipe(v.array(address), v.minLength(1, 'needs at least one'))),
  /** Per chain id: LI.FI's FeeCollector, the one contract a call may run before its bridge (to take the fee). */
  feeCollectors: v.optional(v.record(chainIdKey, address)),
  /** Per chain id: LI.FI's GasZipPeriphery, which may buy gas on arrival before the bridge; none, no gas asked. */
  gasZipPeripheries: v.optional(v.record(chainIdKey, address)),
  /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
  timeoutMs,
})
export type LifiConfig = v.InferOutput<typeof lifiConfigSchema>

export const LIFI_PROVIDER_ID = 'lifi'
export const LIFI_PROVIDER_NAME = 'LI.FI'
