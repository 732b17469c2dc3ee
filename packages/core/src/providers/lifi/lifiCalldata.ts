import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  parseAbi,
  size,
  slice,
  sliceHex,
} from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import type { QuoteRequest, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { type SignedField, SignedMismatchError } from '../../signing/signingErrors.ts'
import { isNativeAddress, sameToken } from '../apiSupport.ts'

/**
 * The LI.FI diamond's bridge calls this app signs, with the facets' own ABIs (lifinance/contracts@ef00558f
 * src/Interfaces/ILiFi.sol, src/Libraries/LibSwap.sol, src/Facets/AcrossFacetV4.sol; src/Facets/AcrossFacetV3.sol
 * v1.0.0 and v1.1.0 and src/Facets/RelayFacet.sol v1.0.1 as they were before LI.FI deprecated them in 2026). Every
 * other selector is refused: the facets not here either cannot be checked from their calldata (RelayDepositoryFacet:
 * its order lives off-chain) or were not reviewed yet.
 */
export const lifiDiamondAbi = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct SwapData { address callTo; address approveTo; address sendingAssetId; address receivingAssetId; uint256 fromAmount; bytes callData; bool requiresDeposit; }',
  'struct AcrossV3Data { address receiverAddress; address refundAddress; address receivingAssetId; uint256 outputAmount; uint64 outputAmountPercent; address exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }',
  'struct AcrossV3DataV1 { address receiverAddress; address refundAddress; address receivingAssetId; uint256 outputAmount; address exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }',
  'struct AcrossV4Data { bytes32 receiverAddress; bytes32 refundAddress; bytes32 sendingAssetId; bytes32 receivingAssetId; uint256 outputAmount; uint128 outputAmountMultiplier; bytes32 exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityParameter; bytes message; }',
  'struct RelayData { bytes32 requestId; bytes32 nonEVMReceiver; bytes32 receivingAssetId; bytes signature; }',
  'function startBridgeTokensViaAcrossV3(BridgeData _bridgeData, AcrossV3Data _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV3(BridgeData _bridgeData, SwapData[] _swapData, AcrossV3Data _acrossData) payable',
  'function startBridgeTokensViaAcrossV3(BridgeData _bridgeData, AcrossV3DataV1 _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV3(BridgeData _bridgeData, SwapData[] _swapData, AcrossV3DataV1 _acrossData) payable',
  'function startBridgeTokensViaAcrossV4(BridgeData _bridgeData, AcrossV4Data _acrossData) payable',
  'function swapAndStartBridgeTokensViaAcrossV4(BridgeData _bridgeData, SwapData[] _swapData, AcrossV4Data _acrossData) payable',
  'function startBridgeTokensViaRelay(BridgeData _bridgeData, RelayData _relayData) payable',
  'function swapAndStartBridgeTokensViaRelay(BridgeData _bridgeData, SwapData[] _swapData, RelayData _relayData) payable',
])

/** LI.FI's FeeCollector (lifinance/contracts src/Periphery/FeeCollector.sol v1.0.1): where its fees go. */
export const lifiFeeCollectorAbi = parseAbi([
  'function collectTokenFees(address tokenAddress, uint256 integratorFee, uint256 lifiFee, address integratorAddress)',
  'function collectNativeFees(uint256 integratorFee, uint256 lifiFee, address integratorAddress) payable',
])

export const LIFI_DIAMOND_NAME = 'LI.FI Diamond'

/** `AcrossFacetV3/V4.MULTIPLIER_BASE`: the output of a call with source swaps is bridged × percent / 1e18. */
const MULTIPLIER_BASE = 10n ** 18n

/** What a LI.FI deposit is checked with besides its calldata: the request, and what the route showed. */
export type LifiDepositContext = {
  request: QuoteRequest
  /** LI.FI's FeeCollector on the origin chain (config), the one contract a step before the bridge may call. */
  feeCollector: Address | undefined
  /**
   * The fees the quote shows as taken out of the amount (its included fees in the origin token): the most its fee
   * step may take. Bridge fees are among them too and are not taken by that step, hence "at most".
   */
  includedFee: bigint
  /** The destination's wrapped native coin: Across delivers it unwrapped to a wallet that asked for the coin. */
  destinationWrappedNative: Address | undefined
}

type DiamondCall = ReturnType<typeof decodeFunctionData<typeof lifiDiamondAbi>>
type CallArgs = DiamondCall['args']
type BridgeData = CallArgs[0]
type WithSwaps = Extract<CallArgs, readonly [unknown, unknown, unknown]>
type SwapData = WithSwaps[1][number]
/** The facet's own struct: the last argument. */
type FacetData = WithSwaps[2] | Exclude<CallArgs, WithSwaps>[1]
/** What the bridge-specific part of a call commits to. */
type FacetTerms = Pick<DecodedDeposit, 'output' | 'refundTo'> & { recipient: Address; destinationCall: boolean }

const refuse = (field: SignedField, details: string): never => {
  throw new SignedMismatchError(field, details)
}

/** A bytes32 that must hold an EVM address (left-padded with zeros), as Across V4 and Relay carry them. */
function wordAddress(word: Hex, field: SignedField): Address {
  if (BigInt(sliceHex(word, 0, 12)) !== 0n) refuse(field, `${word} is not an EVM address`)
  return getAddress(sliceHex(word, 12, 32))
}

/** The diamond call, by its selector: an unknown one is refused before anything else is read. */
function decodeDiamondCall(data: Hex): DiamondCall {
  const selector = size(data) >= 4 ? slice(data, 0, 4) : data
  try {
    return decodeFunctionData({ abi: lifiDiamondAbi, data })
  } catch {
    throw new UnknownContractError(`${LIFI_DIAMOND_NAME} ${selector}`)
  }
}

/**
 * The one step allowed before the bridge: LI.FI's fee, collected by its FeeCollector in the origin token
 * (SwapperV2 `_depositAndSwap`: what leaves the wallet is the step's `fromAmount`, what is bridged is that
 * minus the fee, and BridgeData.minAmount must be exactly that). It may take no more than the fees the route
 * shows. Any other step (a DEX, LI.Fuel's gas, a FeeForwarder paying any address) is refused: what it does with
 * the funds cannot be read from the calldata.
 */
function feeCollection(swaps: readonly SwapData[], bridge: BridgeData, context: LifiDepositContext) {
  const [step, ...more] = swaps
  if (!step || more.length > 0) return refuse('amount', `${swaps.length} steps before the bridge; only a fee is taken`)
  const collector = context.feeCollector
  if (!collector || !isAddressEqual(step.callTo, collector) || !isAddressEqual(step.approveTo, collector)) {
    throw new UnknownContractError(`LI.FI swap step ${step.callTo}`)
  }
  let fee: ReturnType<typeof decodeFunctionData<typeof lifiFeeCollectorAbi>>
  try {
    fee = decodeFunctionData({ abi: lifiFeeCollectorAbi, data: step.callData })
  } catch {
    throw new UnknownContractError(`LI.FI FeeCollector ${slice(step.callData, 0, Math.min(4, size(step.callData)))}`)
  }
  const native = isNativeAddress(bridge.sendingAssetId)
  const feeToken = fee.functionName === 'collectTokenFees' ? fee.args[0] : NATIVE_TOKEN_ADDRESS
  const tokens = [step.sendingAssetId, step.receivingAssetId, feeToken]
  if (
    native !== (fee.functionName === 'collectNativeFees') ||
    !tokens.every((t) => sameToken(t, bridge.sendingAssetId))
  ) {
    refuse('inputToken', `the fee step moves ${tokens.join(', ')}, the bridge ${bridge.sendingAssetId}`)
  }
  const [integratorFee, lifiFee] = fee.functionName === 'collectTokenFees' ? fee.args.slice(1) : fee.args
  const taken = (integratorFee as bigint) + (lifiFee as bigint)
  if (taken > context.includedFee) refuse('amount', `a fee of ${taken}, the route shows ${context.includedFee}`)
  const bridged = step.fromAmount - taken
  if (bridged <= 0n || bridge.minAmount !== bridged) {
    refuse('amount', `${bridge.minAmount} bridged of ${step.fromAmount} after a fee of ${taken}`)
  }
  return { sent: step.requiresDeposit ? step.fromAmount : 0n, bridged }
}

/** AcrossFacetV3: its receiver must be BridgeData's (the facet reverts otherwise, unless there is a destination call). */
function acrossV3Terms(
  bridge: BridgeData,
  across: Extract<FacetData, { receiverAddress: Address }>,
  bridged: bigint,
  hasSwaps: boolean,
): FacetTerms {
  if (!isAddressEqual(across.receiverAddress, bridge.receiver)) {
    refuse('recipient', `Across pays ${across.receiverAddress}, BridgeData names ${bridge.receiver}`)
  }
  // v1.1.0 recomputes the output of a call with source swaps from what was bridged (outputAmountPercent).
  const percent = 'outputAmountPercent' in across ? across.outputAmountPercent : undefined
  const amount = hasSwaps && percent !== undefined ? (bridged * percent) / MULTIPLIER_BASE : across.outputAmount
  return {
    recipient: across.receiverAddress,
    refundTo: across.refundAddress,
    output: { token: across.receivingAssetId, amount },
    destinationCall: bridge.hasDestinationCall || across.message !== '0x',
  }
}

/** AcrossFacetV4: addresses as bytes32; for a token it deposits `sendingAssetId` of its own data, so that must match. */
function acrossV4Terms(
  bridge: BridgeData,
  across: Extract<FacetData, { outputAmountMultiplier: bigint }>,
  bridged: bigint,
  hasSwaps: boolean,
): FacetTerms {
  const recipient = wordAddress(across.receiverAddress, 'recipient')
  if (!isAddressEqual(recipient, bridge.receiver)) {
    refuse('recipient', `Across pays ${recipient}, BridgeData names ${bridge.receiver}`)
  }
  if (!isNativeAddress(bridge.sendingAssetId)) {
    const deposited = wordAddress(across.sendingAssetId, 'inputToken')
    if (!isAddressEqual(deposited, bridge.sendingAssetId)) {
      refuse('inputToken', `Across deposits ${deposited}, the diamond takes ${bridge.sendingAssetId}`)
    }
  }
  const amount = hasSwaps ? (bridged * across.outputAmountMultiplier) / MULTIPLIER_BASE : across.outputAmount
  return {
    recipient,
    refundTo: wordAddress(across.refundAddress, 'refundTo'),
    output: { token: wordAddress(across.receivingAssetId, 'output'), amount },
    destinationCall: bridge.hasDestinationCall || across.message !== '0x',
  }
}

/**
 * RelayFacet: the diamond checks Relay's signature over (request id, chains, sending asset, BridgeData.receiver,
 * receiving asset), so those are bound; the amount delivered is Relay's quote, not in the calldata.
 */
function relayTerms(
  bridge: BridgeData,
  relay: Extract<FacetData, { requestId: Hex }>,
  context: LifiDepositContext,
): FacetTerms {
  const receiving = wordAddress(relay.receivingAssetId, 'output')
  if (!sameToken(receiving, context.request.destination.address)) {
    refuse('output', `Relay delivers ${receiving}, the swap asks for ${context.request.destination.address}`)
  }
  return { recipient: bridge.receiver, destinationCall: bridge.hasDestinationCall }
}

function facetTerms(call: DiamondCall, bridged: bigint, context: LifiDepositContext): FacetTerms {
  const [bridge] = call.args
  const hasSwaps = call.args.length === 3
  const data: FacetData = call.args.length === 3 ? call.args[2] : call.args[1]
  if ('requestId' in data) return relayTerms(bridge, data, context)
  if ('outputAmountMultiplier' in data) return acrossV4Terms(bridge, data, bridged, hasSwaps)
  return acrossV3Terms(bridge, data, bridged, hasSwaps)
}

/**
 * What a LI.FI diamond transaction does, from its calldata: BridgeData (receiver, destination chain, sending
 * asset, amount, destination call), the facet's own receiver and output, and the fee step when there is one.
 * Inconsistent parts (a facet receiver other than BridgeData's, a fee other than the route's) throw
 * `SignedMismatchError`; an unknown selector or step throws `UnknownContractError`. The comparison with the
 * request itself is `checkDeposit`'s.
 */
export function decodeLifiDeposit(transaction: TransactionRequest, context: LifiDepositContext): DecodedDeposit {
  const call = decodeDiamondCall(transaction.data)
  const [bridge] = call.args
  const swaps = call.args.length === 3 ? call.args[1] : undefined
  if (bridge.hasSourceSwaps !== (swaps !== undefined)) {
    refuse('amount', `hasSourceSwaps is ${bridge.hasSourceSwaps} in ${call.functionName}`)
  }
  const { sent, bridged } = swaps
    ? feeCollection(swaps, bridge, context)
    : { sent: bridge.minAmount, bridged: bridge.minAmount }
  const terms = facetTerms(call, bridged, context)
  const output = terms.output && deliveredOutput(terms.output, context)
  const destinationChainId = bridge.destinationChainId
  return {
    contract: getAddress(transaction.to),
    contractName: LIFI_DIAMOND_NAME,
    functionName: call.functionName,
    inputToken: isNativeAddress(bridge.sendingAssetId) ? NATIVE_TOKEN_ADDRESS : bridge.sendingAssetId,
    inputAmount: sent,
    value: transaction.value,
    recipient: terms.recipient,
    // A chain id beyond JavaScript's safe integers is no chain of this app: it can never match.
    destinationChainId: destinationChainId <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(destinationChainId) : -1,
    ...(output ? { output } : {}),
    ...(terms.refundTo ? { refundTo: terms.refundTo } : {}),
    destinationCall: terms.destinationCall,
  }
}

/** Across pays its output in the wrapped native coin and unwraps it for a wallet: that is the coin asked for. */
function deliveredOutput(output: { token: Address; amount: bigint }, context: LifiDepositContext) {
  const wrapped = context.destinationWrappedNative
  const askedNative = isNativeAddress(context.request.destination.address)
  return askedNative && wrapped && isAddressEqual(output.token, wrapped)
    ? { ...output, token: NATIVE_TOKEN_ADDRESS }
    : output
}
