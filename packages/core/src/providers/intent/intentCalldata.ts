import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import { decodeIntentOrderData, INTENT_ORDER_DATA_TYPEHASH } from '../../protocols/intent.ts'
import type { Route, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { decodeKnownCall } from '../../signing/decodeKnownCall.ts'
import { SignedMismatchError } from '../../signing/signingErrors.ts'

const CONTRACT_NAME = 'Intent Origin Settler'

/**
 * An `IntentOriginSettler.open(order)`, read from its calldata: the ERC-7683 order data names the recipient, the
 * destination, what is escrowed and the least output. The destination settler must be the config's for that
 * chain (only it can prove a fill), and the gas on arrival what the route shows.
 */
export function decodeIntentOpen(
  transaction: TransactionRequest,
  route: Route,
  destinationSettler: (chainId: number) => Address | undefined,
): DecodedDeposit {
  const call = decodeKnownCall(intentOriginSettlerAbi, transaction, CONTRACT_NAME, 'open')
  const [order] = call.args as unknown as [{ fillDeadline: number; orderDataType: Hex; orderData: Hex }]
  if (order.orderDataType !== INTENT_ORDER_DATA_TYPEHASH) {
    throw new UnknownContractError(`${CONTRACT_NAME} order type ${order.orderDataType}`)
  }
  const data = decodeIntentOrderData(order.orderData)
  const chainId = Number(data.destinationChainId)
  const settler = destinationSettler(chainId)
  if (!settler || !isAddressEqual(settler, data.destinationSettler)) {
    throw new SignedMismatchError('destinationChain', `the order names the settler ${data.destinationSettler}`)
  }
  const gas = route.gasOnArrival?.status === 'included' ? route.gasOnArrival.amount : 0n
  if (data.gasAmount !== gas) throw new SignedMismatchError('output', `gas on arrival ${data.gasAmount}, shown ${gas}`)
  return {
    contract: transaction.to,
    contractName: CONTRACT_NAME,
    functionName: 'open',
    inputToken: data.inputToken,
    inputAmount: data.inputAmount,
    value: transaction.value,
    recipient: data.recipient,
    destinationChainId: chainId,
    output: { token: data.outputToken, amount: data.outputAmount },
    details: [
      { label: 'Fill deadline', kind: 'time', value: order.fillDeadline },
      { label: 'Refund without attestation after', kind: 'time', value: data.expires },
      ...(data.gasAmount > 0n ? [{ label: 'Gas on arrival', kind: 'native' as const, value: data.gasAmount }] : []),
    ],
  }
}
