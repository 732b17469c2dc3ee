import {
  type Address,
  decodeAbiParameters,
  decodeFunctionData,
  type Hex,
  isAddressEqual,
  parseAbi,
  parseAbiParameters,
} from 'viem'
import type { TokenRef } from '../../config/tokenRef.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import type { DecodedDetail } from '../../signing/decodedDeposit.ts'
import { isNativeAddress, sameToken } from '../apiSupport.ts'
import { type LifiDepositContext, refuse } from './lifiFacet.ts'

/**
 * Bridge then swap (issue #55 point 2): LI.FI's Across call with a destination call. Across fills its output to
 * LI.FI's ReceiverAcrossV4 on the destination and hands it the deposit's `message`, `abi.encode(bytes32
 * transactionId, SwapData[] swapData, address receiver)`; the receiver approves LI.FI's Executor, which runs the swaps
 * and pays `receiver` what they end in (and any of the bridged token left over). Should the swaps revert, the
 * receiver pays `receiver` the bridged token instead (lifinance/contracts@ef00558f src/Periphery/ReceiverAcrossV4.sol
 * v1.0.0, src/Periphery/Executor.sol v2.1.0).
 *
 * The Executor checks no allowlist and no minimum: whatever a step calls is approved the bridged tokens. So a step is
 * accepted only where its effect is bounded by a contract whose calldata this app reads: one swap through 1inch's
 * AggregationRouterV6 `swap`, whose router pays at least `minReturnAmount` of `dstToken` to `dstReceiver` or reverts
 * (1inch-v6 AggregationRouterV6.sol `swap`: `ReturnAmountIsNotEnough`), of exactly what Across delivers, approved to
 * the router alone, ending in the asked token, paid to the Executor (which forwards it) or to the receiver itself, with
 * no partial fill (which would scale the minimum down). Then at least that minimum of the asked token arrives, or all
 * that was bridged, in the bridged token, if the swap fails: both shown before signing. The asked token must be a
 * token (not the coin): the Executor pays the coin from inside a contract, which leaves no log for the tracker to see.
 */

/** The review's detail naming the contract of a swap on arrival. */
export const SWAPPED_ON_ARRIVAL = 'Swapped on arrival by'

/** LI.FI's ReceiverAcrossV4 per chain (deployments/<network>.json `ReceiverAcrossV4`): where Across's fill must go. */
export const LIFI_ACROSS_RECEIVERS: Readonly<Record<number, Address>> = {
  1: '0x07Cc0a0b41641D349240e1988169Fa11b31FC24E',
  10: '0xe417AD5eb9e919567620A48B3757cc182cCdf9e4',
  56: '0x33b255b5db44A78c34381f89f1a454bc0Ef49871',
  137: '0x33b255b5db44A78c34381f89f1a454bc0Ef49871',
  8453: '0x33b255b5db44A78c34381f89f1a454bc0Ef49871',
  42161: '0x33b255b5db44A78c34381f89f1a454bc0Ef49871',
}

/** LI.FI's Executor per chain (deployments/<network>.json `Executor`): it runs the swaps and pays the receiver. */
export const LIFI_EXECUTORS: Readonly<Record<number, Address>> = {
  1: '0xd9B2Da9C45b118e4e93A004FB1452bCDB6cC0E88',
  10: '0xC9E66aa9b08EB667e450e072E96F7086AD9f2c91',
  56: '0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D',
  137: '0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D',
  8453: '0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110',
  42161: '0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D',
}

/** 1inch's AggregationRouterV6, the same address on every chain here (lifinance/contracts config/dexs.json). */
export const ONE_INCH_ROUTER_V6: Address = '0x111111125421cA6dc452d289314280a0f8842A65'

/** 1inch's `swap` (1inch-v6 AggregationRouterV6.sol, GenericRouter): the one destination step read. */
const oneInchAbi = parseAbi([
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data) payable returns (uint256 returnAmount, uint256 spentAmount)',
])
/** 1inch's `_PARTIAL_FILL` flag: the router may swap less than `amount`, its minimum scaled down with it. */
const PARTIAL_FILL = 1n

const messageParameters = parseAbiParameters(
  'bytes32 transactionId, (address callTo, address approveTo, address sendingAssetId, address receivingAssetId, uint256 fromAmount, bytes callData, bool requiresDeposit)[] swapData, address receiver',
)

/** What Across's fill delivers to the receiver contract: its token on the destination and exactly how much. */
type Delivered = { token: Address; amount: bigint }

/** What a destination swap commits to. */
export type DestinationSwap = {
  recipient: Address
  /** The least of the asked token that reaches the recipient when the swap succeeds. */
  output: { token: Address; amount: bigint }
  /** The bridged token on the destination, paid to the recipient in full when the swap fails. */
  fallback: TokenRef
  details: DecodedDetail[]
}

/**
 * The Across message of a bridge-then-swap, checked (see the module's comment). `receiverAddress` is who Across pays;
 * `delivered` what it pays. Anything else is refused with its reason.
 */
export function destinationSwap(
  receiverAddress: Address,
  message: Hex,
  delivered: Delivered,
  context: LifiDepositContext,
): DestinationSwap {
  const { request } = context
  const chainId = request.destination.chainId
  const receiverContract = LIFI_ACROSS_RECEIVERS[chainId]
  const executor = LIFI_EXECUTORS[chainId]
  if (!receiverContract || !executor || !isAddressEqual(receiverAddress, receiverContract)) {
    return refuse('destinationCall', `Across pays ${receiverAddress}, not LI.FI's receiver on chain ${chainId}`)
  }
  let decoded: ReturnType<typeof decodeAbiParameters<typeof messageParameters>>
  try {
    decoded = decodeAbiParameters(messageParameters, message)
  } catch {
    return refuse('destinationCall', 'a destination call that is not a LI.FI swap payload')
  }
  const [, steps, recipient] = decoded
  const step = steps[0]
  if (!step || steps.length !== 1) return refuse('destinationCall', `${steps.length} swaps on arrival; one is read`)
  const fallback =
    context.destinationTokens.find((token) => sameToken(token.address, delivered.token)) ??
    refuse('output', `Across delivers ${delivered.token}, a token this app does not list on chain ${chainId}`)
  if (isNativeAddress(request.destination.address)) {
    refuse('output', 'a swap on arrival into the native coin, which the tracker could not see arrive')
  }
  if (!isAddressEqual(step.callTo, ONE_INCH_ROUTER_V6) || !isAddressEqual(step.approveTo, ONE_INCH_ROUTER_V6)) {
    throw new UnknownContractError(`LI.FI swap on arrival through ${step.callTo}`)
  }
  let call: ReturnType<typeof decodeFunctionData<typeof oneInchAbi>>
  try {
    call = decodeFunctionData({ abi: oneInchAbi, data: step.callData })
  } catch {
    throw new UnknownContractError(`1inch ${step.callData.slice(0, 10)}`)
  }
  const [, description] = call.args
  if (!sameToken(step.sendingAssetId, delivered.token) || !sameToken(description.srcToken, delivered.token)) {
    refuse('output', `the swap on arrival sends ${description.srcToken}; Across delivers ${delivered.token}`)
  }
  if (step.fromAmount !== delivered.amount || description.amount !== delivered.amount) {
    refuse('amount', `the swap on arrival takes ${description.amount} of the ${delivered.amount} delivered`)
  }
  const asked = request.destination.address
  if (!sameToken(step.receivingAssetId, asked) || !sameToken(description.dstToken, asked)) {
    refuse('output', `the swap on arrival ends in ${description.dstToken}, not the ${request.destination.symbol} asked`)
  }
  if (![executor, recipient].some((payee) => isAddressEqual(description.dstReceiver, payee))) {
    refuse('recipient', `the swap on arrival pays ${description.dstReceiver}`)
  }
  if ((description.flags & PARTIAL_FILL) !== 0n) refuse('output', 'a partial fill, its minimum scaled with it')
  return {
    recipient,
    output: { token: asked, amount: description.minReturnAmount },
    fallback,
    details: [
      { label: SWAPPED_ON_ARRIVAL, kind: 'address', value: step.callTo },
      {
        label: 'If the swap on arrival fails, you receive',
        kind: 'amount',
        value: delivered.amount,
        symbol: fallback.symbol,
        decimals: fallback.decimals,
      },
    ],
  }
}
