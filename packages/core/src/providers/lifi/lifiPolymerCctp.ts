import { type Address, type Hex, isAddressEqual, zeroAddress } from 'viem'
import { sameToken } from '../apiSupport.ts'
import { type FacetInput, type FacetTerms, refuse } from './lifiFacet.ts'

/**
 * Circle's CCTP V2 through LI.FI: PolymerCCTPFacet (lifinance/contracts@ef00558f src/Facets/PolymerCCTPFacet.sol
 * v3.1.0; on the diamonds of Ethereum, Arbitrum, Optimism and Base, deployments/<network>.diamond.json). LI.FI's tool
 * key is `polymerStandard` (as a public integration records LI.FI's answers, checked live in October 2026).
 *
 * What the call commits to, and why it bounds the transfer: the facet takes the USDC bridged, pays
 * `polymerTokenFee` of it to Polymer, and burns the rest with Circle's TokenMessengerV2 for `BridgeData.receiver` on
 * `BridgeData.destinationChainId` (its CCTP domain, from the diamond's own table), anyone allowed to relay it
 * (`destinationCaller` zero), with `maxCCTPFee` as CCTP's `maxFee`. Circle mints on the destination the amount
 * burned less the fee its attestation executed, which TokenMessengerV2 refuses above `maxFee` ("Fee exceeds max fee",
 * circlefin/evm-cctp-contracts src/v2/TokenMessengerV2.sol); a standard transfer (finality 2000) executes none. So
 * at least `minAmount - polymerTokenFee - maxCCTPFee` of USDC reaches the receiver. `hookData` is a call on the
 * destination (refused); `nonEVMReceiver` and `solanaReceiverATA` are read only for Solana, Stellar and HyperCore.
 */
export const POLYMER_CCTP_TOOLS = ['polymerStandard'] as const
/** The bridge's name, as the review and a receipt say it. */
export const POLYMER_CCTP_BRIDGE_NAME = 'CCTP'

export const POLYMER_CCTP_STRUCTS = [
  'struct PolymerCCTPData { uint256 polymerTokenFee; uint256 maxCCTPFee; bytes32 nonEVMReceiver; bytes32 solanaReceiverATA; uint32 minFinalityThreshold; address refundRecipient; bytes hookData; }',
] as const
export const POLYMER_CCTP_FUNCTIONS = [
  'function startBridgeTokensViaPolymerCCTP(BridgeData _bridgeData, PolymerCCTPData _polymerData)',
  'function swapAndStartBridgeTokensViaPolymerCCTP(BridgeData _bridgeData, SwapData[] _swapData, PolymerCCTPData _polymerData) payable',
] as const

type PolymerCctpData = {
  polymerTokenFee: bigint
  maxCCTPFee: bigint
  minFinalityThreshold: number
  refundRecipient: Address
  hookData: Hex
}

/**
 * Circle's USDC per chain where CCTP V2 serves it (lifinance/contracts@ef00558f config/polymercctp.json `usdc`, from
 * developers.circle.com USDC contract addresses): the one token the facet bridges, and what arrives.
 */
export const CCTP_USDC: Readonly<Record<number, Address>> = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  137: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
}

/** CCTP V2's finality thresholds: 1000 a fast transfer (a fee, minutes), 2000 a standard one (no fee, ~15 min). */
const FINALITY_THRESHOLDS = [1000, 2000]

/** PolymerCCTPFacet's terms (see the module's comment). */
export function polymerCctpTerms(input: FacetInput<PolymerCctpData>): FacetTerms {
  const { bridge, data: polymer, bridged, hasSwaps, context } = input
  const origin = context.request.origin.chainId
  const destination = Number(bridge.destinationChainId)
  const usdc = CCTP_USDC[origin]
  if (!usdc || !sameToken(usdc, bridge.sendingAssetId)) {
    refuse('inputToken', `CCTP burns USDC on chain ${origin}, not ${bridge.sendingAssetId}`)
  }
  const minted = CCTP_USDC[destination] ?? refuse('output', `CCTP mints no USDC this app knows on chain ${destination}`)
  if (!FINALITY_THRESHOLDS.includes(polymer.minFinalityThreshold)) {
    refuse('deadline', `a CCTP finality threshold of ${polymer.minFinalityThreshold} (1000 or 2000 are known)`)
  }
  const taken = polymer.polymerTokenFee + polymer.maxCCTPFee
  if (taken >= bridged) {
    refuse('output', `Polymer's fee ${polymer.polymerTokenFee} and CCTP's ${polymer.maxCCTPFee} take all ${bridged}`)
  }
  // With a swap, what the swap leaves of the coin goes back to `refundRecipient` (the facet reverts on zero).
  const refundTo = isAddressEqual(polymer.refundRecipient, zeroAddress) ? undefined : polymer.refundRecipient
  if (hasSwaps && !refundTo) refuse('refundTo', 'a swap whose leftover goes back to nobody')
  return {
    bridgeName: POLYMER_CCTP_BRIDGE_NAME,
    recipient: bridge.receiver,
    ...(refundTo ? { refundTo } : {}),
    output: { token: minted, amount: bridged - taken },
    exactOutput: false,
    destinationCall: bridge.hasDestinationCall || polymer.hookData !== '0x',
    ...(polymer.polymerTokenFee > 0n && !hasSwaps
      ? { details: [{ label: 'Polymer fee', kind: 'input' as const, value: polymer.polymerTokenFee }] }
      : {}),
  }
}
