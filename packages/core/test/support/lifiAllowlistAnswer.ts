import { type Address, decodeFunctionData, encodeFunctionResult, type Hex, isAddressEqual } from 'viem'
import { lifiAllowlistAbi } from '../../src/providers/lifi/lifiAllowlist.ts'
import { LIFI_DIAMOND } from '../../src/providers/lifi/lifiConfig.ts'

/**
 * What LI.FI's diamond answers of its allowlist (WhitelistManagerFacet), for the canned chains of the unit and browser
 * tests: 1inch's AggregationRouterV6 and its `swap` (lifinance/contracts config/dexs.json lists the router on every
 * chain here) are on it; no other contract or selector is.
 */
export const LIFI_ALLOWED_DEX: Address = '0x111111125421cA6dc452d289314280a0f8842A65'
export const LIFI_ALLOWED_SELECTOR: Hex = '0x07ed2379'

/** The diamond's answer to a call of its allowlist, or undefined for any other call. */
export function lifiAllowlistAnswer(to: Address, callData: Hex): Hex | undefined {
  if (!isAddressEqual(to, LIFI_DIAMOND)) return undefined
  let read: ReturnType<typeof decodeFunctionData<typeof lifiAllowlistAbi>>
  try {
    read = decodeFunctionData({ abi: lifiAllowlistAbi, data: callData })
  } catch {
    return undefined
  }
  const allowed =
    read.functionName === 'isAddressWhitelisted'
      ? isAddressEqual(read.args[0], LIFI_ALLOWED_DEX)
      : read.args[0].toLowerCase() === LIFI_ALLOWED_SELECTOR
  return encodeFunctionResult({ abi: lifiAllowlistAbi, functionName: read.functionName, result: allowed })
}
