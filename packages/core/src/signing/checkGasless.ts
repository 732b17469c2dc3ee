import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { type Address, decodeFunctionData, type Hex, isAddressEqual } from 'viem'
import { gaslessOrderHash, gaslessOrderId, receiveWithAuthorizationTypes } from '../protocols/gasless.ts'
import { decodeIntentOrderData } from '../protocols/intent.ts'
import type { DepositPlan, GaslessSigning, Route } from '../routes/types.ts'
import { SignedMismatchError } from './signingErrors.ts'

type Authorization = { from: Address; to: Address; value: bigint; validAfter: bigint; validBefore: bigint; nonce: Hex }

const refuse = (details: string): never => {
  throw new SignedMismatchError('authorization', details)
}

/**
 * What a gasless swap asks the wallet to sign, checked against the request and against the very call the solver
 * will send (`plan.transaction`, already decoded and checked by `checkDeposit`): an EIP-3009 ReceiveWithAuthorization
 * of exactly the amount, from the person, in the input token's domain on the origin chain, payable only to the called
 * settler, void after the order's open deadline, and whose nonce is the EIP-712 hash of that order, so the signature
 * pays that order and nothing else. Throws `SignedMismatchError('authorization')` before the wallet sees anything.
 */
export function checkGaslessSigning(route: Route, plan: DepositPlan & { gasless: GaslessSigning }): void {
  const { request } = route
  const { typedData, openDeadline } = plan.gasless
  const { domain } = typedData
  if (typedData.primaryType !== 'ReceiveWithAuthorization') refuse(`primary type ${typedData.primaryType}`)
  if (JSON.stringify(typedData.types) !== JSON.stringify(receiveWithAuthorizationTypes)) refuse('other types')
  if (domain.chainId !== request.origin.chainId || !isAddressEqual(domain.verifyingContract, request.origin.address)) {
    refuse(`the domain of ${domain.verifyingContract} on ${domain.chainId}`)
  }
  const message = typedData.message as Authorization
  if (!isAddressEqual(message.from, request.sender)) refuse(`from ${message.from}`)
  if (!isAddressEqual(message.to, plan.transaction.to)) refuse(`payable to ${message.to}`)
  if (message.value !== request.amount) refuse(`value ${message.value}`)
  if (message.validAfter !== 0n || message.validBefore !== BigInt(openDeadline)) {
    refuse(`valid from ${message.validAfter} before ${message.validBefore}`)
  }
  const call = decodeFunctionData({ abi: intentOriginSettlerAbi, data: plan.transaction.data })
  if (call.functionName !== 'openFor') {
    refuse(`the call is ${call.functionName}`)
    return
  }
  const [order] = call.args
  if (order.openDeadline !== openDeadline) refuse(`open deadline ${order.openDeadline}`)
  const decoded = { ...order, orderData: decodeIntentOrderData(order.orderData) }
  const hash = gaslessOrderHash(decoded)
  if (message.nonce.toLowerCase() !== hash.toLowerCase()) refuse(`nonce ${message.nonce}, the order's hash ${hash}`)
  // The id the swap is followed by: a delivery found under another id would be someone else's.
  const { tracking } = plan.gasless
  const orderId = gaslessOrderId(decoded)
  if (tracking.orderId.toLowerCase() !== orderId.toLowerCase()) {
    refuse(`followed as order ${tracking.orderId}, the order's id ${orderId}`)
  }
  // When it can be refunded, as the record will say before the open is mined: the order's own deadlines.
  if (tracking.fillDeadline !== order.fillDeadline || tracking.expires !== decoded.orderData.expires) {
    refuse(`followed with the deadlines ${tracking.fillDeadline} and ${tracking.expires}`)
  }
}
