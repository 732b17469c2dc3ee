import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { type Address, isAddressEqual } from 'viem'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import { decodeIntentOrderData, INTENT_ORDER_DATA_TYPEHASH } from '../../protocols/intent.ts'
import type { Route, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { decodeKnownCall, type KnownCall } from '../../signing/decodeKnownCall.ts'
import { SignedMismatchError } from '../../signing/signingErrors.ts'
import { INTENT_CONTRACT_NAME } from './intentId.ts'

/** The gasless order of an `openFor` call, as the ABI decodes it. */
type GaslessOrder = KnownCall<typeof intentOriginSettlerAbi, 'openFor'>['args'][0]

/**
 * An `IntentOriginSettler.open(order)`, read from its calldata: the ERC-7683 order data names the recipient, the
 * destination, what is escrowed and the least output. The destination settler must be the config's for that
 * chain (only it can prove a fill), and the gas on arrival what the route shows. A gasless route's call is the
 * `openFor(order, signature, fillerData)` the solver sends: its order must name this settler and chain, and the
 * user it names is who a refund goes to.
 */
export function decodeIntentOpen(
  transaction: TransactionRequest,
  route: Route,
  destinationSettler: (chainId: number) => Address | undefined,
): DecodedDeposit {
  const call = decodeKnownCall(
    intentOriginSettlerAbi,
    transaction,
    INTENT_CONTRACT_NAME,
    route.gasless ? 'openFor' : 'open',
  )
  const { functionName } = call
  const [order] = call.args
  if (order.orderDataType !== INTENT_ORDER_DATA_TYPEHASH) {
    throw new UnknownContractError(`${INTENT_CONTRACT_NAME} order type ${order.orderDataType}`)
  }
  const data = decodeIntentOrderData(order.orderData)
  const chainId = Number(data.destinationChainId)
  const settler = destinationSettler(chainId)
  if (!settler || !isAddressEqual(settler, data.destinationSettler)) {
    throw new SignedMismatchError('destinationChain', `the order names the settler ${data.destinationSettler}`)
  }
  const gas = route.gasOnArrival?.status === 'included' ? route.gasOnArrival.amount : 0n
  if (data.gasAmount !== gas) throw new SignedMismatchError('output', `gas on arrival ${data.gasAmount}, shown ${gas}`)
  const gasless = call.functionName === 'openFor' ? gaslessParts(call.args[0], transaction, data.nonce) : undefined
  return {
    contract: transaction.to,
    contractName: INTENT_CONTRACT_NAME,
    functionName,
    inputToken: data.inputToken,
    inputAmount: data.inputAmount,
    value: transaction.value,
    recipient: data.recipient,
    destinationChainId: chainId,
    output: { token: data.outputToken, amount: data.outputAmount },
    ...(gasless ? { refundTo: gasless.user } : {}),
    // Not filled by its deadline, the escrow gives the whole deposit back on the origin.
    fillBy: order.fillDeadline,
    comesBack: { chainId: transaction.chainId, token: data.inputToken, amount: data.inputAmount },
    details: [
      ...(gasless ? [{ label: 'Sign before', kind: 'time' as const, value: gasless.openDeadline }] : []),
      { label: 'Fill deadline', kind: 'time', value: order.fillDeadline },
      { label: 'Refund without attestation after', kind: 'time', value: data.expires },
      ...(data.gasAmount > 0n ? [{ label: 'Gas on arrival', kind: 'native' as const, value: data.gasAmount }] : []),
    ],
  }
}

/** The gasless order's own fields: it is for this settler on this chain, and its two nonces are one. */
function gaslessParts(order: GaslessOrder, transaction: TransactionRequest, dataNonce: bigint) {
  const { originSettler, user, nonce, originChainId, openDeadline } = order
  if (!isAddressEqual(originSettler, transaction.to) || originChainId !== BigInt(transaction.chainId)) {
    throw new SignedMismatchError('contract', `the order names the settler ${originSettler} on ${originChainId}`)
  }
  if (nonce !== dataNonce) throw new SignedMismatchError('order', `the order's nonces differ: ${nonce}, ${dataNonce}`)
  return { user, openDeadline }
}
