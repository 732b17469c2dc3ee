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
import type { TokenRef } from '../../config/tokenRef.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import type { TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { isNativeAddress, sameToken } from '../apiSupport.ts'
import {
  ACROSS_BRIDGE_NAME,
  ACROSS_FUNCTIONS,
  ACROSS_STRUCTS,
  ACROSS_TOOLS,
  acrossV3Terms,
  acrossV4Terms,
} from './lifiAcross.ts'
import type { AllowlistQuestion } from './lifiAllowlist.ts'
import { LIFI_DIAMOND_NAME } from './lifiConfig.ts'
import { type FacetInput, type FacetTerms, type LifiDepositContext, refuse } from './lifiFacet.ts'
import {
  POLYMER_CCTP_BRIDGE_NAME,
  POLYMER_CCTP_FUNCTIONS,
  POLYMER_CCTP_STRUCTS,
  POLYMER_CCTP_TOOLS,
  polymerCctpTerms,
} from './lifiPolymerCctp.ts'
import {
  STARGATE_BRIDGE_NAME,
  STARGATE_FUNCTIONS,
  STARGATE_STRUCTS,
  STARGATE_TOOLS,
  stargateTerms,
} from './lifiStargate.ts'

export type { LifiDepositContext } from './lifiFacet.ts'

/**
 * The bridges LI.FI is asked for (`allowBridges` of `/v1/quote`, by LI.FI's tool keys): exactly the ones whose diamond
 * call this decoder accepts, each decoded in its own file with its data: Across (`lifiAcross.ts`, AcrossFacetV4 on
 * the diamond of every chain here), Stargate V2 taxi and bus (`lifiStargate.ts`) and Circle's CCTP through Polymer
 * (`lifiPolymerCctp.ts`). Relay is left out: LI.FI removed RelayFacet from its diamonds in June 2026 and routes
 * Relay through RelayDepositoryFacet, whose calldata carries only an order id and a depositor (its receiver and
 * destination live in Relay's off-chain order, and the facet says it cannot check them); the app has Relay directly.
 * So is CelerCircleBridgeFacet (CCTP through Celer's proxy, `celercircle`): the proxy takes a fee its owner sets on
 * chain, in no part of the calldata. The request is a wish, not a guarantee: the decoder still refuses every other
 * call.
 */
export const LIFI_CHECKED_BRIDGES = [...ACROSS_TOOLS, ...STARGATE_TOOLS, ...POLYMER_CCTP_TOOLS] as const

/** The name of each checked bridge, by LI.FI's key of it (BridgeData.bridge): what a receipt read from a call says. */
export const LIFI_BRIDGE_NAMES: Readonly<Record<string, string>> = Object.fromEntries([
  ...ACROSS_TOOLS.map((tool) => [tool, ACROSS_BRIDGE_NAME]),
  ...STARGATE_TOOLS.map((tool) => [tool, STARGATE_BRIDGE_NAME]),
  ...POLYMER_CCTP_TOOLS.map((tool) => [tool, POLYMER_CCTP_BRIDGE_NAME]),
])

/**
 * The LI.FI diamond's bridge calls this app signs, with the facets' own ABIs (lifinance/contracts@ef00558f
 * src/Interfaces/ILiFi.sol, src/Libraries/LibSwap.sol, and each facet's file; src/Facets/RelayFacet.sol v1.0.1 as it
 * was before LI.FI deprecated it in 2026, decoded only to be refused by name). Every other selector is refused: the
 * facets not here either cannot be checked from their calldata (RelayDepositoryFacet: its order lives off-chain) or
 * were not reviewed yet.
 */
export const lifiDiamondAbi = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct SwapData { address callTo; address approveTo; address sendingAssetId; address receivingAssetId; uint256 fromAmount; bytes callData; bool requiresDeposit; }',
  'struct RelayData { bytes32 requestId; bytes32 nonEVMReceiver; bytes32 receivingAssetId; bytes signature; }',
  ...ACROSS_STRUCTS,
  ...STARGATE_STRUCTS,
  ...POLYMER_CCTP_STRUCTS,
  ...ACROSS_FUNCTIONS,
  ...STARGATE_FUNCTIONS,
  ...POLYMER_CCTP_FUNCTIONS,
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

/** The review's detail naming the contract of a swap before the bridge. */
export const SWAPPED_ON_ORIGIN = 'Swapped on the origin by'

/** Uniswap's Permit2, the same address on every chain: a swap step may never call it or have it approved. */
export const PERMIT2: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

type DiamondCall = ReturnType<typeof decodeFunctionData<typeof lifiDiamondAbi>>
type CallArgs = DiamondCall['args']
type BridgeData = CallArgs[0]
type WithSwaps = Extract<CallArgs, readonly [unknown, unknown, unknown]>
type SwapData = WithSwaps[1][number]
/** The facet's own struct: the last argument. */
type FacetData = WithSwaps[2] | Exclude<CallArgs, WithSwaps>[1]

/** A call's selector, as an unknown call is named. */
const selectorOf = (data: Hex) => (size(data) >= 4 ? slice(data, 0, 4) : data)

/** The diamond call, by its selector: an unknown one is refused before anything else is read. */
function decodeDiamondCall(data: Hex): DiamondCall {
  try {
    return decodeFunctionData({ abi: lifiDiamondAbi, data })
  } catch {
    throw new UnknownContractError(`${LIFI_DIAMOND_NAME} ${selectorOf(data)}`)
  }
}

/**
 * The BridgeData of a LI.FI diamond call (receiver, destination chain, asset, amount, whether a call follows on
 * arrival), for a deposit read back from its chain; an unknown selector throws `UnknownContractError`.
 */
export const lifiBridgeData = (data: Hex): BridgeData => decodeDiamondCall(data).args[0]

/**
 * The steps before the bridge (SwapperV2 `_depositAndSwap`: what leaves the wallet is the `fromAmount` of the steps
 * that deposit), followed in order from the token sent: LI.FI's fee (at most one, in the token it is taken from), the
 * gas on arrival when it was asked (exactly one then, none otherwise), and at most one swap, last, of all that is left
 * into the token bridged (`swapStep`). Without a swap, what is bridged is known from the calldata and
 * BridgeData.minAmount must be exactly that; with one, the diamond itself refuses to bridge less than
 * BridgeData.minAmount of the swap's output (`CumulativeSlippageTooHigh`), so that is the least bridged. Any other
 * step (LI.Fuel's retired collector, a FeeForwarder paying any address, a second swap) is refused with its reason.
 */
function sourceSteps(swaps: readonly SwapData[], bridge: BridgeData, context: LifiDepositContext, diamond: Address) {
  if (swaps.length === 0) refuse('amount', 'a call with source swaps names none')
  const sent = swaps.reduce((sum, step) => sum + (step.requiresDeposit ? step.fromAmount : 0n), 0n)
  let asset: Address = swaps[0]?.sendingAssetId ?? bridge.sendingAssetId
  let left = sent
  let fee = 0n
  let gas = 0n
  let swap: SwapData | undefined
  for (const [index, step] of swaps.entries()) {
    if (swap) refuse('amount', `a step after the swap (${index + 1} of ${swaps.length}); the swap must be last`)
    if (context.gasZipPeriphery && isAddressEqual(step.callTo, context.gasZipPeriphery)) {
      if (gas > 0n) refuse('amount', 'two steps buy gas on arrival')
      gas = gasOnArrival(step, asset, bridge, context)
      left -= gas
    } else if (context.feeCollector && isAddressEqual(step.callTo, context.feeCollector)) {
      if (fee > 0n) refuse('amount', 'two fee steps')
      fee = feeCollection(step, asset, context)
      left -= fee
    } else {
      swapStep(step, asset, left, context, diamond)
      swap = step
      asset = step.receivingAssetId
    }
  }
  if (context.gasOnArrival && gas === 0n) {
    refuse('amount', `gas on arrival for ${context.gasOnArrival.fromAmount} was asked; the call buys none`)
  }
  if (!sameToken(asset, bridge.sendingAssetId)) {
    refuse('inputToken', `the steps end in ${asset}, the bridge takes ${bridge.sendingAssetId}`)
  }
  if (!swap && (left <= 0n || bridge.minAmount !== left)) {
    refuse('amount', `${bridge.minAmount} bridged of ${sent} after the steps take ${sent - left}`)
  }
  if (swap && bridge.minAmount === 0n) refuse('amount', 'the swap may bridge nothing (BridgeData.minAmount is 0)')
  const input = swaps[0]?.sendingAssetId ?? bridge.sendingAssetId
  return { sent, input, bridged: swap ? bridge.minAmount : left, fee, gas, swap }
}

/**
 * A swap on the origin before the bridge, accepted only where its effect is bounded without trusting what it calls:
 * - it swaps all that is left of the amount (after LI.FI's fee and the gas), in the token the steps before it end in;
 * - the contract it calls, the function it calls there and the contract it approves are on the LI.FI diamond's own
 *   allowlist on this chain, as read from the diamond (`lifiAllowlist.ts`; SwapperV2 checks the same lists);
 * - it never calls or approves a token, Permit2 or the diamond itself (an allowlisted token or Permit2 would move
 *   the diamond's tokens where the call says);
 * - it ends in a token this app lists on the origin chain.
 * What the call does inside is not read (an aggregator's route names pools no one here can tell): the diamond bridges
 * only when at least BridgeData.minAmount of the token came back to it, and that minimum is bounded as the route's
 * minimum is (`checkedAtQuote`, `checkDeposit`).
 */
function swapStep(step: SwapData, asset: Address, left: bigint, context: LifiDepositContext, diamond: Address) {
  const tokens = [...context.originTokens.map((token) => token.address), step.sendingAssetId, step.receivingAssetId]
  for (const [role, address] of [
    ['calls', step.callTo],
    ['approves', step.approveTo],
  ] as const) {
    if (isAddressEqual(address, diamond)) refuse('contract', `the swap ${role} the LI.FI diamond itself`)
    if (isAddressEqual(address, PERMIT2)) refuse('contract', `the swap ${role} Permit2`)
    if (tokens.some((token) => !isNativeAddress(token) && isAddressEqual(token, address))) {
      refuse('contract', `the swap ${role} a token (${address})`)
    }
  }
  const question = allowlistQuestion(step)
  const allowed = context.allowlist(question)
  if (allowed === undefined) refuse('contract', `LI.FI's allowlist could not be read for ${step.callTo}`)
  if (!allowed) throw new UnknownContractError(`LI.FI swap step ${step.callTo} ${question.selector}`)
  if (!sameToken(step.sendingAssetId, asset)) {
    refuse('inputToken', `the swap sends ${step.sendingAssetId}; the steps before it end in ${asset}`)
  }
  if (step.fromAmount !== left) refuse('amount', `the swap takes ${step.fromAmount} of the ${left} left to swap`)
  if (!context.originTokens.some((token) => sameToken(token.address, step.receivingAssetId))) {
    refuse('inputToken', `the swap ends in ${step.receivingAssetId}, a token this app does not list here`)
  }
}

/** LI.FI's fee, collected by its FeeCollector in the token it is taken from: no more than the fees the route shows. */
function feeCollection(step: SwapData, asset: Address, context: LifiDepositContext): bigint {
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
  const native = isNativeAddress(asset)
  const feeToken = fee.functionName === 'collectTokenFees' ? fee.args[0] : NATIVE_TOKEN_ADDRESS
  const tokens = [step.sendingAssetId, step.receivingAssetId, feeToken]
  if (native !== (fee.functionName === 'collectNativeFees') || !tokens.every((t) => sameToken(t, asset))) {
    refuse('inputToken', `the fee step moves ${tokens.join(', ')}, the steps ${asset}`)
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
function gasOnArrival(step: SwapData, asset: Address, bridge: BridgeData, context: LifiDepositContext): bigint {
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
  const tokens = [asset, step.sendingAssetId, step.receivingAssetId]
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
 * The bridge's own terms, by its facet's struct. LI.FI's RelayFacet is refused: the amount it delivers is Relay's
 * off-chain request, made by the API and in no part of the calldata, so the minimum the review shows would bind
 * nothing (LI.FI has removed the facet since: lifinance/contracts@1c12f8dd).
 */
function facetTerms(call: DiamondCall, input: Omit<FacetInput<unknown>, 'data'>): FacetTerms {
  const data: FacetData = call.args.length === 3 ? call.args[2] : call.args[1]
  if ('requestId' in data) throw new UnknownContractError(`${LIFI_DIAMOND_NAME} ${call.functionName}`)
  if ('outputAmountMultiplier' in data) return acrossV4Terms({ ...input, data })
  if ('sendParams' in data) return stargateTerms({ ...input, data })
  if ('polymerTokenFee' in data) return polymerCctpTerms({ ...input, data })
  return acrossV3Terms({ ...input, data })
}

/**
 * Which asset a token is, for a bridge that pays out the asset it is given (Across, Stargate, CCTP): the native coin
 * and its wrapped token are one; other tokens by kind or symbol.
 */
const assetOf = (token: TokenRef) =>
  token.kind === 'native' || token.kind === 'weth'
    ? 'native'
    : token.kind === 'erc20'
      ? `symbol:${token.symbol.toUpperCase()}`
      : token.kind

/**
 * An output worth more than what is bridged (in whole tokens: the two may have other decimals) is a deposit no
 * relayer fills (Across: refunded only after the fill deadline) or one the bridge reverts (Stargate's minimum), and
 * would let a call take the amount in fees while its output still reached the minimum shown. What the source steps
 * take is out of `bridged` already.
 */
function checkOutputWithinBridged(
  bridgeName: string,
  paid: { token: TokenRef; amount: bigint },
  bridged: bigint,
  bridgedToken: TokenRef,
) {
  // Each bridge here pays out the asset it is given (the coin or its wrapped token counting as one): a deposit of one
  // asset asking for another is filled by no one, and its value could not be compared here.
  if (assetOf(bridgedToken) !== assetOf(paid.token)) {
    refuse(
      'output',
      `${bridgeName} pays out the asset it is given: ${bridgedToken.symbol} in, ${paid.token.symbol} out`,
    )
  }
  if (paid.amount * 10n ** BigInt(bridgedToken.decimals) > bridged * 10n ** BigInt(paid.token.decimals)) {
    refuse('output', `${bridgeName} is to pay ${paid.amount} for the ${bridged} bridged`)
  }
}

/** The origin token a swap ends in (`swapStep` accepted only a listed one). */
function listedToken(context: LifiDepositContext, address: Address): TokenRef {
  const token = context.originTokens.find((listed) => sameToken(listed.address, address))
  return token ?? refuse('inputToken', `the swap ends in ${address}, a token this app does not list here`)
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
  const { sent, input, bridged, fee, gas, swap } = swaps
    ? sourceSteps(swaps, bridge, context, getAddress(transaction.to))
    : {
        sent: bridge.minAmount,
        input: bridge.sendingAssetId,
        bridged: bridge.minAmount,
        fee: 0n,
        gas: 0n,
        swap: undefined,
      }
  // With a swap, `bridged` is the least the diamond bridges: the output it sets is the least the bridge pays.
  const bridgedToken = swap ? listedToken(context, swap.receivingAssetId) : context.request.origin
  const carried = isNativeAddress(input) ? sent : 0n
  const terms = facetTerms(call, {
    bridge,
    bridged,
    bridgedToken,
    hasSwaps: swaps !== undefined,
    value: transaction.value,
    carried,
    context,
  })
  const output = deliveredOutput(terms.output, context)
  // What the bridge itself pays: the person's output, or the bridged token a swap on arrival starts from.
  const paid = terms.bridgeDelivers ?? { token: context.request.destination, amount: output.amount }
  checkOutputWithinBridged(terms.bridgeName, paid, bridged, bridgedToken)
  const destinationChainId = bridge.destinationChainId
  // What the steps before the bridge take out of the amount (in the token sent), the swap's contract, and what the
  // bridge itself takes.
  const details = [
    ...(fee > 0n ? [{ label: 'LI.FI fee', kind: 'input' as const, value: fee }] : []),
    ...(gas > 0n ? [{ label: 'Gas on arrival fee', kind: 'input' as const, value: gas }] : []),
    ...(swap ? [{ label: SWAPPED_ON_ORIGIN, kind: 'address' as const, value: swap.callTo }] : []),
    ...(terms.details ?? []),
  ]
  return {
    contract: getAddress(transaction.to),
    contractName: LIFI_DIAMOND_NAME,
    functionName: call.functionName,
    // What leaves the wallet: the token the steps start from (the one bridged when there is no swap).
    inputToken: isNativeAddress(input) ? NATIVE_TOKEN_ADDRESS : input,
    inputAmount: sent,
    value: transaction.value,
    recipient: terms.recipient,
    // A chain id beyond JavaScript's safe integers is no chain of this app: it can never match.
    destinationChainId: destinationChainId <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(destinationChainId) : -1,
    output,
    ...(terms.exactOutput && !swap ? { exactOutput: true } : {}),
    ...(terms.refundTo ? { refundTo: terms.refundTo } : {}),
    destinationCall: terms.destinationCall,
    ...(details.length > 0 ? { details } : {}),
    // A bridge with a deadline refunds what it was given (the bridged token, on the origin) once it has passed.
    ...(terms.fillBy === undefined
      ? { comesBack: 'none' as const }
      : {
          fillBy: terms.fillBy,
          comesBack: { chainId: transaction.chainId, token: bridgedToken.address, amount: bridged },
        }),
  }
}

/**
 * What the diamond's allowlist must be asked about before `decodeLifiDeposit` can check this transaction: each swap
 * step's contracts and selector (none for a call without steps, or one the decoder refuses anyway). LI.FI's own
 * FeeCollector and GasZipPeriphery steps are checked by what they call, not by the allowlist.
 */
export function allowlistQuestions(
  data: Hex,
  context: Pick<LifiDepositContext, 'feeCollector' | 'gasZipPeriphery'>,
): AllowlistQuestion[] {
  let call: DiamondCall
  try {
    call = decodeDiamondCall(data)
  } catch {
    return []
  }
  const own = [context.feeCollector, context.gasZipPeriphery].filter((address) => address !== undefined)
  const swaps = call.args.length === 3 ? call.args[1] : []
  return swaps.filter((step) => !own.some((address) => isAddressEqual(address, step.callTo))).map(allowlistQuestion)
}

/** A step as the allowlist is asked about it: its contract and selector, and the contract approved (for a token). */
const allowlistQuestion = (step: SwapData): AllowlistQuestion => ({
  callTo: step.callTo,
  approveTo: step.approveTo,
  selector: selectorOf(step.callData),
  approves: !isNativeAddress(step.sendingAssetId),
})

/** Across pays its output in the wrapped native coin and unwraps it for a wallet: that is the coin asked for. */
function deliveredOutput(output: { token: Address; amount: bigint }, context: LifiDepositContext) {
  const wrapped = context.destinationWrappedNative
  const askedNative = isNativeAddress(context.request.destination.address)
  return askedNative && wrapped && isAddressEqual(output.token, wrapped)
    ? { ...output, token: NATIVE_TOKEN_ADDRESS }
    : output
}
