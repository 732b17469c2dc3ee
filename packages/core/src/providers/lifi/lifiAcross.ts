import { type Address, type Hex, isAddressEqual, zeroAddress } from 'viem'
import { MAX_EXCLUSIVITY_SECONDS } from '../across/acrossSchemas.ts'
import { isNativeAddress } from '../apiSupport.ts'
import { destinationSwap } from './lifiDestinationSwap.ts'
import {
  CLOCK_SKEW_SECONDS,
  type FacetInput,
  type FacetTerms,
  type LifiDepositContext,
  refuse,
  wordAddress,
} from './lifiFacet.ts'

/**
 * Across through LI.FI: AcrossFacetV4 (lifinance/contracts@ef00558f src/Facets/AcrossFacetV4.sol, on the diamond of
 * every chain here) and AcrossFacetV3 as it was before LI.FI deprecated it (v1.0.0 without `outputAmountPercent`,
 * v1.1.0 with it). LI.FI's tool key is `across`.
 */
export const ACROSS_TOOLS = ['across'] as const
/** The bridge's name, as the review and a receipt say it. */
export const ACROSS_BRIDGE_NAME = 'Across'

export const ACROSS_STRUCTS = [
  'struct AcrossV3Data { address receiverAddress; address refundAddress; address receivingAssetId; uint256 outputAmount; uint64 outputAmountPercent; address exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }',
  'struct AcrossV3DataV1 { address receiverAddress; address refundAddress; address receivingAssetId; uint256 outputAmount; address exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }',
  'struct AcrossV4Data { bytes32 receiverAddress; bytes32 refundAddress; bytes32 sendingAssetId; bytes32 receivingAssetId; uint256 outputAmount; uint128 outputAmountMultiplier; bytes32 exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityParameter; bytes message; }',
] as const
export const ACROSS_FUNCTIONS = [
  'function startBridgeTokensViaAcrossV3(BridgeData _bridgeData, AcrossV3Data _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV3(BridgeData _bridgeData, SwapData[] _swapData, AcrossV3Data _acrossData) payable',
  'function startBridgeTokensViaAcrossV3(BridgeData _bridgeData, AcrossV3DataV1 _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV3(BridgeData _bridgeData, SwapData[] _swapData, AcrossV3DataV1 _acrossData) payable',
  'function startBridgeTokensViaAcrossV4(BridgeData _bridgeData, AcrossV4Data _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV4(BridgeData _bridgeData, SwapData[] _swapData, AcrossV4Data _acrossData) payable',
] as const

type AcrossV3Data = {
  receiverAddress: Address
  refundAddress: Address
  receivingAssetId: Address
  outputAmount: bigint
  outputAmountPercent?: bigint
  exclusiveRelayer: Address
  fillDeadline: number
  exclusivityDeadline: number
  message: Hex
}
type AcrossV4Data = {
  receiverAddress: Hex
  refundAddress: Hex
  sendingAssetId: Hex
  receivingAssetId: Hex
  outputAmount: bigint
  outputAmountMultiplier: bigint
  exclusiveRelayer: Hex
  fillDeadline: number
  exclusivityParameter: number
  message: Hex
}

/** `AcrossFacetV3/V4.MULTIPLIER_BASE`: the output of a call with source swaps is bridged × percent / 1e18. */
const MULTIPLIER_BASE = 10n ** 18n
/** The least time an Across deposit signed at the quote's expiry leaves a relayer (LI.FI's are hours). */
const MIN_FILL_WINDOW_SECONDS = 600
/** Across's MAX_EXCLUSIVITY_PERIOD_SECONDS: an exclusivity parameter above it is a timestamp, not an offset. */
const ONE_YEAR_SECONDS = 31_536_000

/**
 * Across's exclusivity (`exclusivityParameter`, once `exclusivityDeadline`: 0 none, up to a year an offset in
 * seconds, above that a time): one relayer alone may fill while it lasts, so a hostile call could name its own
 * relayer and hold the deposit until the fill deadline. No longer than the Across adapter allows.
 */
function checkExclusivity(relayer: Address, parameter: number) {
  if (isAddressEqual(relayer, zeroAddress)) return
  // Above a year the parameter is a time; it may then be up to the clocks' difference ahead of this device's.
  const seconds = parameter > ONE_YEAR_SECONDS ? parameter - Date.now() / 1000 - CLOCK_SKEW_SECONDS : parameter
  if (seconds > MAX_EXCLUSIVITY_SECONDS) refuse('exclusiveRelayer', `${relayer} alone may fill, for ${parameter}`)
}

/**
 * Across's fill deadline: relayers fill only before it, and Across refunds the deposit only once it has passed (hours
 * later, in a bundle). One seconds away, or past, is a deposit nobody fills, held until then: never signed. It must
 * leave `MIN_FILL_WINDOW_SECONDS` after the quote expires, less the clocks' difference (as Relay's order deadlines).
 */
function checkFillDeadline(fillDeadline: number, context: LifiDepositContext) {
  const earliest = context.quoteExpiresAt / 1000 + MIN_FILL_WINDOW_SECONDS - CLOCK_SKEW_SECONDS
  if (fillDeadline < earliest) {
    refuse('deadline', `Across's fill deadline ${fillDeadline} leaves no time to fill after the quote expires`)
  }
}

/** AcrossFacetV3: its receiver must be BridgeData's (the facet reverts otherwise, unless there is a destination call). */
export function acrossV3Terms({
  bridge,
  data: across,
  bridged,
  hasSwaps,
  context,
}: FacetInput<AcrossV3Data>): FacetTerms {
  if (!isAddressEqual(across.receiverAddress, bridge.receiver)) {
    refuse('recipient', `Across pays ${across.receiverAddress}, BridgeData names ${bridge.receiver}`)
  }
  checkFillDeadline(across.fillDeadline, context)
  checkExclusivity(across.exclusiveRelayer, across.exclusivityDeadline)
  // v1.1.0 recomputes the output of a call with source swaps from what was bridged (outputAmountPercent).
  const percent = across.outputAmountPercent
  const amount = hasSwaps && percent !== undefined ? (bridged * percent) / MULTIPLIER_BASE : across.outputAmount
  return {
    bridgeName: ACROSS_BRIDGE_NAME,
    recipient: across.receiverAddress,
    refundTo: across.refundAddress,
    output: { token: across.receivingAssetId, amount },
    // Across's relayer pays exactly the output or nobody fills: the source steps accepted (LI.FI's fee, gas on arrival)
    // take fixed amounts, so the bridged amount and this output are fixed by the calldata.
    exactOutput: true,
    destinationCall: bridge.hasDestinationCall || across.message !== '0x',
    fillBy: across.fillDeadline,
  }
}

/**
 * AcrossFacetV4: addresses as bytes32; for a token it deposits `sendingAssetId` of its own data, so that must match.
 * With a destination call, Across pays LI.FI's receiver contract, which swaps on arrival (`lifiDestinationSwap.ts`).
 */
export function acrossV4Terms({
  bridge,
  data: across,
  bridged,
  hasSwaps,
  context,
}: FacetInput<AcrossV4Data>): FacetTerms {
  const recipient = wordAddress(across.receiverAddress, 'recipient')
  const withCall = bridge.hasDestinationCall || across.message !== '0x'
  if (!withCall && !isAddressEqual(recipient, bridge.receiver)) {
    refuse('recipient', `Across pays ${recipient}, BridgeData names ${bridge.receiver}`)
  }
  checkFillDeadline(across.fillDeadline, context)
  if (!isNativeAddress(bridge.sendingAssetId)) {
    const deposited = wordAddress(across.sendingAssetId, 'inputToken')
    if (!isAddressEqual(deposited, bridge.sendingAssetId)) {
      refuse('inputToken', `Across deposits ${deposited}, the diamond takes ${bridge.sendingAssetId}`)
    }
  }
  checkExclusivity(wordAddress(across.exclusiveRelayer, 'exclusiveRelayer'), across.exclusivityParameter)
  const amount = hasSwaps ? (bridged * across.outputAmountMultiplier) / MULTIPLIER_BASE : across.outputAmount
  const output = { token: wordAddress(across.receivingAssetId, 'output'), amount }
  const refundTo = wordAddress(across.refundAddress, 'refundTo')
  if (withCall) {
    // The facet reverts when the flag and the message disagree; a call that says one and carries the other is refused.
    if (!bridge.hasDestinationCall || across.message === '0x') {
      refuse('destinationCall', `hasDestinationCall is ${bridge.hasDestinationCall} with message ${across.message}`)
    }
    const swap = destinationSwap(recipient, across.message, output, context)
    if (!isAddressEqual(swap.recipient, bridge.receiver)) {
      refuse('recipient', `the swap on arrival pays ${swap.recipient}, BridgeData names ${bridge.receiver}`)
    }
    return {
      bridgeName: ACROSS_BRIDGE_NAME,
      recipient: swap.recipient,
      refundTo,
      output: swap.output,
      bridgeDelivers: { token: swap.fallback, amount },
      exactOutput: false,
      destinationCall: false,
      details: swap.details,
      fillBy: across.fillDeadline,
    }
  }
  return {
    bridgeName: ACROSS_BRIDGE_NAME,
    recipient,
    refundTo,
    output,
    exactOutput: true,
    destinationCall: false,
    fillBy: across.fillDeadline,
  }
}
