import { type Address, type Hex, isAddressEqual } from 'viem'
import { sameToken } from '../apiSupport.ts'
import { type FacetInput, type FacetTerms, inDecimals, refuse, wordAddress } from './lifiFacet.ts'

/**
 * Stargate V2 through LI.FI: StargateFacetV2 (lifinance/contracts@ef00558f src/Facets/StargateFacetV2.sol v1.0.1,
 * src/Interfaces/IStargate.sol; on the diamond of every chain here, deployments/<network>.diamond.json). LI.FI's
 * tool keys are `stargateV2` (a "taxi", sent at once) and `stargateV2Bus` (a "bus", sent with others).
 *
 * What the call commits to, and why it bounds the transfer:
 * - the facet sends `sendParams.amountLD = BridgeData.minAmount` (the amount, or all a swap returned) to the pool
 *   TokenMessaging names for `assetId`, and the pool reverts on the origin unless at least `minAmountLD` (in the
 *   origin token's units) will be received: that is the least delivered, known from the calldata;
 * - `to` is the receiver; `dstEid` the destination chain (LayerZero's endpoint id);
 * - `composeMsg` is a call on the destination (refused), `extraOptions` LayerZero executor options (gas or a native
 *   drop to any address, paid from the fee: refused, LI.FI sends none without a destination call);
 * - `fee.nativeFee` is LayerZero's fee, sent with the call (shown as the route's native fee); `refundAddress` gets
 *   what LayerZero does not spend of it.
 */
export const STARGATE_TOOLS = ['stargateV2', 'stargateV2Bus'] as const
/** The bridge's name, as the review and a receipt say it. */
export const STARGATE_BRIDGE_NAME = 'Stargate'

export const STARGATE_STRUCTS = [
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'struct StargateData { uint16 assetId; SendParam sendParams; MessagingFee fee; address refundAddress; }',
] as const
export const STARGATE_FUNCTIONS = [
  'function startBridgeTokensViaStargate(BridgeData _bridgeData, StargateData _stargateData) payable',
  'function swapAndStartBridgeTokensViaStargate(BridgeData _bridgeData, SwapData[] _swapData, StargateData _stargateData) payable',
] as const

type StargateData = {
  assetId: number
  sendParams: { dstEid: number; to: Hex; minAmountLD: bigint; extraOptions: Hex; composeMsg: Hex; oftCmd: Hex }
  fee: { nativeFee: bigint; lzTokenFee: bigint }
  refundAddress: Address
}

/**
 * LayerZero V2's endpoint id of each chain (docs.layerzero.network, deployed contracts; LayerZero-Labs/lz-address-book
 * src/generated/STGAddresses.sol `EID`): what `sendParams.dstEid` names.
 */
export const LAYERZERO_EIDS: Readonly<Record<number, number>> = {
  1: 30101,
  10: 30111,
  56: 30102,
  137: 30109,
  8453: 30184,
  42161: 30110,
}

/** Stargate V2's asset id of USDC's pools (LI.FI's StargateFacetV2.t.sol `ASSET_ID_USDC`). */
const USDC = 1

/**
 * The token of each Stargate V2 pool per chain, by asset id (LayerZero-Labs/lz-address-book@0637ae98
 * src/generated/STGAddresses.sol, generated from Stargate's metadata API). The ids are the same on every chain:
 * TokenMessaging carries the id and the destination pays from its own pool for it. What a call bridges must be the
 * pool's token on the origin, and arrives as the same asset's token on the destination. Only USDC is accepted: the
 * ETH pools (asset 13) pay the coin from inside the pool, which leaves no token log, so the tracker could not show
 * such a delivery on chain (Across's ETH fills it can); LI.FI routes ETH through Across.
 */
export const STARGATE_POOL_TOKENS: Readonly<Record<number, Readonly<Record<number, Address>>>> = {
  1: { [USDC]: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  10: { [USDC]: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
  56: { [USDC]: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
  137: { [USDC]: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
  8453: { [USDC]: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  42161: { [USDC]: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
}

/** Stargate's `oftCmd`: empty for a taxi, one zero byte for a bus ride (LI.FI's OftCmdHelper); anything else refused. */
const RIDES: readonly Hex[] = ['0x', '0x00']

/** StargateFacetV2's terms (see the module's comment). */
export function stargateTerms(input: FacetInput<StargateData>): FacetTerms {
  const { bridge, data: stargate, bridgedToken, value, carried, context } = input
  const { sendParams: send, fee } = stargate
  const origin = context.request.origin.chainId
  const destination = Number(bridge.destinationChainId)
  const recipient = wordAddress(send.to, 'recipient')
  if (!isAddressEqual(recipient, bridge.receiver)) {
    refuse('recipient', `Stargate pays ${recipient}, BridgeData names ${bridge.receiver}`)
  }
  if (LAYERZERO_EIDS[destination] === undefined || LAYERZERO_EIDS[destination] !== send.dstEid) {
    refuse('destinationChain', `Stargate sends to endpoint ${send.dstEid}, BridgeData names chain ${destination}`)
  }
  const sent = STARGATE_POOL_TOKENS[origin]?.[stargate.assetId]
  if (!sent || !sameToken(sent, bridge.sendingAssetId)) {
    refuse('inputToken', `Stargate's asset ${stargate.assetId} on chain ${origin} is not ${bridge.sendingAssetId}`)
  }
  const delivered =
    STARGATE_POOL_TOKENS[destination]?.[stargate.assetId] ??
    refuse('output', `Stargate has no pool of asset ${stargate.assetId} this app takes on chain ${destination}`)
  if (!RIDES.includes(send.oftCmd)) refuse('amount', `Stargate's command ${send.oftCmd} is neither a taxi nor a bus`)
  if (send.extraOptions !== '0x') {
    refuse('destinationCall', `LayerZero executor options ${send.extraOptions} (gas or a native drop on arrival)`)
  }
  if (fee.lzTokenFee !== 0n) refuse('value', `a LayerZero fee of ${fee.lzTokenFee} in its ZRO token`)
  // The call sends the amount (when it is the coin) and LayerZero's fee, or the pool reverts after the approval.
  if (value < carried + fee.nativeFee) {
    refuse('value', `the call sends ${value}; the amount and LayerZero's fee need ${carried + fee.nativeFee}`)
  }
  if (send.minAmountLD === 0n) refuse('output', 'Stargate may deliver nothing (minAmountLD is 0)')
  // What the pool refuses to deliver less of, in the destination token's units (USDC has 18 on BNB Chain).
  const least = inDecimals(send.minAmountLD, bridgedToken.decimals, context.request.destination.decimals)
  return {
    bridgeName: STARGATE_BRIDGE_NAME,
    recipient,
    refundTo: stargate.refundAddress,
    output: { token: delivered, amount: least },
    exactOutput: false,
    destinationCall: bridge.hasDestinationCall || send.composeMsg !== '0x',
  }
}
