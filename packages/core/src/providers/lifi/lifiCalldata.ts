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
  zeroAddress,
} from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import type { TokenRef } from '../../config/tokenRef.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import type { QuoteRequest, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { type SignedField, SignedMismatchError } from '../../signing/signingErrors.ts'
import { MAX_EXCLUSIVITY_SECONDS } from '../across/acrossSchemas.ts'
import { isNativeAddress, sameToken } from '../apiSupport.ts'

/**
 * The bridges LI.FI is asked for (`allowBridges` of `/v1/quote`): the ones whose diamond call this decoder accepts
 * and that LI.FI still routes to. Across goes through AcrossFacetV4, on the diamond of every chain here
 * (lifinance/contracts@ef00558f deployments/<network>.diamond.json). Relay is left out: LI.FI removed RelayFacet
 * from its diamonds in June 2026 and routes Relay through RelayDepositoryFacet, whose calldata carries only an
 * order id and a depositor (its receiver and destination live in Relay's off-chain order, and the facet says it
 * cannot check them); the app has Relay directly. The request is a wish, not a guarantee: the decoder still refuses
 * every other call.
 */
export const LIFI_CHECKED_BRIDGES = ['across'] as const

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

/**
 * LI.FI's GasZipPeriphery (lifinance/contracts@ef00558f src/Periphery/GasZipPeriphery.sol v1.0.2, the same ABI since
 * v1.0.0; src/Interfaces/IGasZip.sol): how LI.FI buys gas on arrival (`fromAmountForGas`) since it retired LI.Fuel's
 * LiFuelFeeCollector in 2025. The native form deposits the coin into Gas.zip for `receiverAddress` on
 * `destinationChains`. The ERC-20 form is decoded only to be refused (see `refuseGasSwap`).
 */
export const lifiGasZipAbi = parseAbi([
  'struct SwapData { address callTo; address approveTo; address sendingAssetId; address receivingAssetId; uint256 fromAmount; bytes callData; bool requiresDeposit; }',
  'struct GasZipData { bytes32 receiverAddress; uint256 destinationChains; }',
  'function depositToGasZipERC20(SwapData _swapData, GasZipData _gasZipData)',
  'function depositToGasZipNative(GasZipData _gasZipData, uint256 _amount) payable',
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
  /** LI.FI's GasZipPeriphery on the origin chain (config): the one contract that may buy gas on arrival. */
  gasZipPeriphery: Address | undefined
  /**
   * The gas on arrival the route asked for: the part of the amount it costs (`fromAmountForGas`) and Gas.zip's
   * own id of the destination chain. Undefined when none was asked: then no step may buy any.
   */
  gasOnArrival: { fromAmount: bigint; gasZipChainId: number } | undefined
  /** When the quote expires (ms): an Across fill deadline must leave a relayer time to fill after it. */
  quoteExpiresAt: number
}

type DiamondCall = ReturnType<typeof decodeFunctionData<typeof lifiDiamondAbi>>
type CallArgs = DiamondCall['args']
type BridgeData = CallArgs[0]
type WithSwaps = Extract<CallArgs, readonly [unknown, unknown, unknown]>
type SwapData = WithSwaps[1][number]
/** The facet's own struct: the last argument. */
type FacetData = WithSwaps[2] | Exclude<CallArgs, WithSwaps>[1]
/** What the bridge-specific part of a call commits to. */
type FacetTerms = Pick<DecodedDeposit, 'output' | 'refundTo' | 'exactOutput'> & {
  recipient: Address
  destinationCall: boolean
}

const refuse = (field: SignedField, details: string): never => {
  throw new SignedMismatchError(field, details)
}

/** A call's selector, as an unknown call is named. */
const selectorOf = (data: Hex) => (size(data) >= 4 ? slice(data, 0, 4) : data)

/** A bytes32 that must hold an EVM address (left-padded with zeros), as Across V4 and Relay carry them. */
function wordAddress(word: Hex, field: SignedField): Address {
  if (BigInt(sliceHex(word, 0, 12)) !== 0n) refuse(field, `${word} is not an EVM address`)
  return getAddress(sliceHex(word, 12, 32))
}

/** The diamond call, by its selector: an unknown one is refused before anything else is read. */
function decodeDiamondCall(data: Hex): DiamondCall {
  try {
    return decodeFunctionData({ abi: lifiDiamondAbi, data })
  } catch {
    throw new UnknownContractError(`${LIFI_DIAMOND_NAME} ${selectorOf(data)}`)
  }
}

/**
 * The steps allowed before the bridge, each taking a part of the amount (SwapperV2 `_depositAndSwap`: what leaves
 * the wallet is the `fromAmount` of the steps that deposit, what is bridged is that less what the steps take, and
 * BridgeData.minAmount must be exactly that): LI.FI's fee (at most one), and the gas on arrival when it was asked
 * (exactly one then, none otherwise). Any other step (a DEX, LI.Fuel's retired collector, a FeeForwarder paying any
 * address) is refused: what it does with the funds cannot be read from the calldata.
 */
function sourceSteps(swaps: readonly SwapData[], bridge: BridgeData, context: LifiDepositContext) {
  const taken = swaps.map((step) => {
    if (context.gasZipPeriphery && isAddressEqual(step.callTo, context.gasZipPeriphery)) {
      return { gas: true, amount: gasOnArrival(step, bridge, context) }
    }
    return { gas: false, amount: feeCollection(step, bridge, context) }
  })
  const gasSteps = taken.filter((step) => step.gas).length
  if (swaps.length === 0 || gasSteps > 1 || swaps.length - gasSteps > 1) {
    refuse('amount', `${swaps.length} steps before the bridge; only a fee and the gas asked for are taken`)
  }
  if (context.gasOnArrival && gasSteps === 0) {
    refuse('amount', `gas on arrival for ${context.gasOnArrival.fromAmount} was asked; the call buys none`)
  }
  const sent = swaps.reduce((sum, step) => sum + (step.requiresDeposit ? step.fromAmount : 0n), 0n)
  const bridged = sent - taken.reduce((sum, step) => sum + step.amount, 0n)
  if (bridged <= 0n || bridge.minAmount !== bridged) {
    refuse('amount', `${bridge.minAmount} bridged of ${sent} after the steps take ${sent - bridged}`)
  }
  const takenBy = (gas: boolean) =>
    taken.filter((step) => step.gas === gas).reduce((sum, step) => sum + step.amount, 0n)
  return { sent, bridged, fee: takenBy(false), gas: takenBy(true) }
}

/** LI.FI's fee, collected by its FeeCollector in the origin token: no more than the fees the route shows. */
function feeCollection(step: SwapData, bridge: BridgeData, context: LifiDepositContext): bigint {
  const collector = context.feeCollector
  if (!collector || !isAddressEqual(step.callTo, collector) || !isAddressEqual(step.approveTo, collector)) {
    throw new UnknownContractError(`LI.FI swap step ${step.callTo}`)
  }
  let fee: ReturnType<typeof decodeFunctionData<typeof lifiFeeCollectorAbi>>
  try {
    fee = decodeFunctionData({ abi: lifiFeeCollectorAbi, data: step.callData })
  } catch {
    throw new UnknownContractError(`LI.FI FeeCollector ${selectorOf(step.callData)}`)
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
  // The integrator's part is credited to the address the call names, which no one here checks: this app asks
  // LI.FI for no integrator fee, so none may be taken (LI.FI's own part is credited to LI.FI, not to an address).
  if (integratorFee !== 0n) refuse('amount', `an integrator fee of ${integratorFee}; this app charges none`)
  const taken = lifiFee as bigint
  if (taken > context.includedFee) refuse('amount', `a fee of ${taken}, the route shows ${context.includedFee}`)
  return taken
}

/**
 * The gas on arrival, bought by LI.FI's GasZipPeriphery with the native coin sent: exactly the part of the amount
 * the route asked for, for the bridge's receiver on the bridge's destination only. The diamond sends the periphery
 * that much (`fromAmount`, as `_amount`) and it deposits it into Gas.zip for `receiverAddress` on
 * `destinationChains`, returning the rest to the diamond; how much gas arrives for it is Gas.zip's word.
 */
function gasOnArrival(step: SwapData, bridge: BridgeData, context: LifiDepositContext): bigint {
  const asked = context.gasOnArrival
  if (!asked) return refuse('amount', `a step buys gas on arrival with ${step.fromAmount}; none was asked`)
  if (!isAddressEqual(step.approveTo, step.callTo)) throw new UnknownContractError(`LI.FI swap step ${step.approveTo}`)
  let call: ReturnType<typeof decodeFunctionData<typeof lifiGasZipAbi>>
  try {
    call = decodeFunctionData({ abi: lifiGasZipAbi, data: step.callData })
  } catch {
    throw new UnknownContractError(`LI.FI GasZipPeriphery ${selectorOf(step.callData)}`)
  }
  if (call.functionName === 'depositToGasZipERC20') return refuseGasSwap(call.args[0])
  const [gasZip, taken] = call.args
  const tokens = [bridge.sendingAssetId, step.sendingAssetId, step.receivingAssetId]
  if (!tokens.every(isNativeAddress)) {
    refuse('inputToken', `the gas step deposits the native coin, the steps move ${tokens.join(', ')}`)
  }
  if (taken !== asked.fromAmount || step.fromAmount !== taken) {
    refuse('amount', `the gas step takes ${taken} (of ${step.fromAmount}); the route asked for ${asked.fromAmount}`)
  }
  const receiver = gasZipAddress(gasZip.receiverAddress)
  if (!isAddressEqual(receiver, bridge.receiver)) {
    refuse('recipient', `Gas.zip pays ${receiver}, BridgeData names ${bridge.receiver}`)
  }
  if (gasZip.destinationChains !== BigInt(asked.gasZipChainId)) {
    refuse('destinationChain', `Gas.zip chains ${gasZip.destinationChains}, the destination is ${asked.gasZipChainId}`)
  }
  return taken
}

/**
 * The ERC-20 form (`depositToGasZipERC20`), refused whatever its inner swap: the periphery takes the token, approves
 * `_swapData.approveTo`, runs `_swapData.callTo` with `_swapData.callData` (any contract and selector the diamond's
 * whitelist allows) and deposits into Gas.zip only the native coin that came back to it; what the call sends
 * anywhere else is gone. No inner call LI.FI can send on this app's chains can be checked from its calldata:
 * - LI.FI's own contracts are whitelisted besides the DEXs: its FeeForwarder's `forwardERC20Fees` pays any address
 *   (config/whitelist.json PERIPHERY), its Composer runs any program.
 * - A DEX aggregator's call names where its output goes, but its route does not say where the input goes: the
 *   LiFiDEXAggregator's `processRoute(tokenIn, amountIn, tokenOut, amountOutMin, to, route)` (and the SushiSwap
 *   RouteProcessor's, the same format) sends the token to each hop's pool, an address in `route` that nothing here
 *   can tell from an attacker's contract; only `amountOutMin` reaching `to` is enforced, in the origin coin, which
 *   nothing here can weigh against the gas shown. 1inch, 0x, OKX, Kyber and the like carry executor programs.
 * - LI.FI's DEX aggregator, the one the periphery was written for, is not even whitelisted on these chains
 *   (lifinance/contracts@835c10a0 config/global.json `whitelistPeripheryNetworks`: seven other networks), so a
 *   call through it here would revert.
 * The adapter therefore asks LI.FI for gas on arrival only when the native coin is sent (lifiProvider.ts).
 */
function refuseGasSwap(swap: SwapData): never {
  throw new UnknownContractError(`LI.FI GasZipPeriphery swap through ${swap.callTo} ${selectorOf(swap.callData)}`)
}

/** Gas.zip's receiver: an EVM address padded with zeros on the right (IGasZip.GasZipData). */
function gasZipAddress(word: Hex): Address {
  if (BigInt(sliceHex(word, 20, 32)) !== 0n) refuse('recipient', `${word} is not an EVM address for Gas.zip`)
  return getAddress(sliceHex(word, 0, 20))
}

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
/** The least time an Across deposit signed at the quote's expiry leaves a relayer (LI.FI's are hours). */
const MIN_FILL_WINDOW_SECONDS = 600

/** Across's MAX_EXCLUSIVITY_PERIOD_SECONDS: an exclusivity parameter above it is a timestamp, not an offset. */
const ONE_YEAR_SECONDS = 31_536_000
/** How far this device's clock may be behind the chain's (an absolute exclusivity is the chain's time). */
const CLOCK_SKEW_SECONDS = 300

/** AcrossFacetV3: its receiver must be BridgeData's (the facet reverts otherwise, unless there is a destination call). */
function acrossV3Terms(
  bridge: BridgeData,
  across: Extract<FacetData, { receiverAddress: Address }>,
  bridged: bigint,
  hasSwaps: boolean,
  context: LifiDepositContext,
): FacetTerms {
  if (!isAddressEqual(across.receiverAddress, bridge.receiver)) {
    refuse('recipient', `Across pays ${across.receiverAddress}, BridgeData names ${bridge.receiver}`)
  }
  checkFillDeadline(across.fillDeadline, context)
  if ('exclusivityDeadline' in across) checkExclusivity(across.exclusiveRelayer, across.exclusivityDeadline)
  // v1.1.0 recomputes the output of a call with source swaps from what was bridged (outputAmountPercent).
  const percent = 'outputAmountPercent' in across ? across.outputAmountPercent : undefined
  const amount = hasSwaps && percent !== undefined ? (bridged * percent) / MULTIPLIER_BASE : across.outputAmount
  return {
    recipient: across.receiverAddress,
    refundTo: across.refundAddress,
    output: { token: across.receivingAssetId, amount },
    // Across's relayer pays exactly the output or nobody fills: the source steps accepted (LI.FI's fee, gas on arrival)
    // take fixed amounts, so the bridged amount and this output are fixed by the calldata.
    exactOutput: true,
    destinationCall: bridge.hasDestinationCall || across.message !== '0x',
  }
}

/** AcrossFacetV4: addresses as bytes32; for a token it deposits `sendingAssetId` of its own data, so that must match. */
function acrossV4Terms(
  bridge: BridgeData,
  across: Extract<FacetData, { outputAmountMultiplier: bigint }>,
  bridged: bigint,
  hasSwaps: boolean,
  context: LifiDepositContext,
): FacetTerms {
  const recipient = wordAddress(across.receiverAddress, 'recipient')
  if (!isAddressEqual(recipient, bridge.receiver)) {
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
  return {
    recipient,
    refundTo: wordAddress(across.refundAddress, 'refundTo'),
    output: { token: wordAddress(across.receivingAssetId, 'output'), amount },
    exactOutput: true,
    destinationCall: bridge.hasDestinationCall || across.message !== '0x',
  }
}

/**
 * The bridge's own terms: Across's (V3 or V4) only. LI.FI's RelayFacet is refused: the amount it delivers is Relay's
 * off-chain request, made by the API and in no part of the calldata, so the minimum the review shows would bind
 * nothing (this app asks LI.FI for Across only, and LI.FI has removed the facet since: lifinance/contracts@1c12f8dd).
 */
function facetTerms(call: DiamondCall, bridged: bigint, context: LifiDepositContext): FacetTerms {
  const [bridge] = call.args
  const hasSwaps = call.args.length === 3
  const data: FacetData = call.args.length === 3 ? call.args[2] : call.args[1]
  if ('requestId' in data) throw new UnknownContractError(`${LIFI_DIAMOND_NAME} ${call.functionName}`)
  if ('outputAmountMultiplier' in data) return acrossV4Terms(bridge, data, bridged, hasSwaps, context)
  return acrossV3Terms(bridge, data, bridged, hasSwaps, context)
}

/** Which asset a token is, for Across: the native coin and its wrapped token are one; other tokens by kind or symbol. */
const assetOf = (token: TokenRef) =>
  token.kind === 'native' || token.kind === 'weth'
    ? 'native'
    : token.kind === 'erc20'
      ? `symbol:${token.symbol.toUpperCase()}`
      : token.kind

/**
 * An Across output worth more than what is bridged (in whole tokens: the two may have other decimals) is a deposit no
 * relayer fills; it would only be refunded after the fill deadline, and let a call take the amount in fees while its
 * output still reached the minimum shown. What the source steps take is out of `bridged` already.
 */
function checkOutputWithinBridged(output: bigint, bridged: bigint, request: QuoteRequest) {
  // Across pays out the asset it is given (the coin or its wrapped token counting as one): a deposit of one asset
  // asking for another is filled by no relayer, and its value could not be compared here.
  if (assetOf(request.origin) !== assetOf(request.destination)) {
    refuse(
      'output',
      `Across pays out the asset it is given: ${request.origin.symbol} in, ${request.destination.symbol} out`,
    )
  }
  if (output * 10n ** BigInt(request.origin.decimals) > bridged * 10n ** BigInt(request.destination.decimals)) {
    refuse('output', `Across is to pay ${output} for the ${bridged} bridged`)
  }
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
  if (!swaps && context.gasOnArrival) {
    refuse('amount', `gas on arrival for ${context.gasOnArrival.fromAmount} was asked; the call buys none`)
  }
  const { sent, bridged, fee, gas } = swaps
    ? sourceSteps(swaps, bridge, context)
    : { sent: bridge.minAmount, bridged: bridge.minAmount, fee: 0n, gas: 0n }
  const terms = facetTerms(call, bridged, context)
  const output = terms.output && deliveredOutput(terms.output, context)
  if (output) checkOutputWithinBridged(output.amount, bridged, context.request)
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
    ...(output ? { output, ...(terms.exactOutput ? { exactOutput: true } : {}) } : {}),
    ...(terms.refundTo ? { refundTo: terms.refundTo } : {}),
    destinationCall: terms.destinationCall,
    // What the steps before the bridge take out of the amount, in the token sent.
    ...(fee + gas > 0n
      ? {
          details: [
            ...(fee > 0n ? [{ label: 'LI.FI fee', kind: 'input' as const, value: fee }] : []),
            ...(gas > 0n ? [{ label: 'Gas on arrival fee', kind: 'input' as const, value: gas }] : []),
          ],
        }
      : {}),
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
