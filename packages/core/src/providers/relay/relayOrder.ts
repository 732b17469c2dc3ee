import { type Address, type Hex, hashStruct } from 'viem'
import type { RelayOrder } from './relaySchemas.ts'

/**
 * The Relay settlement protocol's chain ids (strings, as orders and `protocol.v2.paymentDetails` name chains) of
 * the chains here. "ethereum", "optimism", "base" and "arbitrum" as Relay's own quote examples show them
 * (relayprotocol/relay-docs features/price-stabilization.mdx, deposit-addresses.mdx, whose order ids hash right);
 * "bnb" and "polygon" as the depository's deployments name those chains (relayprotocol/relay-depository
 * packages/ethereum-vm/deployments/addresses.prod.json, the same names for the other four). Fixed here, never read
 * from an answer: a wrong name only refuses that chain's quotes.
 */
export const RELAY_PROTOCOL_CHAINS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  10: 'optimism',
  56: 'bnb',
  137: 'polygon',
  8453: 'base',
  42161: 'arbitrum',
}

/** The EVM chain id of a protocol chain id, if it is one of the chains here. */
export function chainOfProtocolChain(name: string): number | undefined {
  const found = Object.entries(RELAY_PROTOCOL_CHAINS).find(([, known]) => known === name)
  return found ? Number(found[0]) : undefined
}

/** relay-protocol-sdk `ORDER_EIP712_TYPES`: the order's EIP-712 struct, whose hash is its id. */
const ORDER_TYPES = {
  Order: [
    { name: 'version', type: 'string' },
    { name: 'solverChainId', type: 'string' },
    { name: 'solver', type: 'address' },
    { name: 'salt', type: 'uint256' },
    { name: 'inputs', type: 'Input[]' },
    { name: 'output', type: 'Output' },
    { name: 'fees', type: 'Fee[]' },
  ],
  Input: [
    { name: 'payment', type: 'InputPayment' },
    { name: 'refunds', type: 'InputRefund[]' },
  ],
  InputPayment: [
    { name: 'chainId', type: 'string' },
    { name: 'currency', type: 'bytes' },
    { name: 'amount', type: 'uint256' },
    { name: 'weight', type: 'uint256' },
  ],
  InputRefund: [
    { name: 'chainId', type: 'string' },
    { name: 'recipient', type: 'bytes' },
    { name: 'currency', type: 'bytes' },
    { name: 'minimumAmount', type: 'uint256' },
    { name: 'deadline', type: 'uint32' },
    { name: 'extraData', type: 'bytes' },
  ],
  Output: [
    { name: 'chainId', type: 'string' },
    { name: 'payments', type: 'OutputPayment[]' },
    { name: 'deadline', type: 'uint32' },
    { name: 'calls', type: 'bytes[]' },
    { name: 'extraData', type: 'bytes' },
  ],
  OutputPayment: [
    { name: 'recipient', type: 'bytes' },
    { name: 'currency', type: 'bytes' },
    { name: 'minimumAmount', type: 'uint256' },
    { name: 'expectedAmount', type: 'uint256' },
  ],
  Fee: [
    { name: 'recipientChainId', type: 'string' },
    { name: 'recipient', type: 'bytes' },
    { name: 'currencyChainId', type: 'string' },
    { name: 'currency', type: 'bytes' },
    { name: 'amount', type: 'uint256' },
  ],
} as const

/**
 * The order's id: its EIP-712 struct hash (relay-protocol-sdk `getOrderId`; no domain). For EVM chains the sdk
 * encodes an address as its 20 bytes, which is the hex string itself. Checked against Relay's published quotes.
 */
export function relayOrderId(order: RelayOrder): Hex {
  const bytes = (value: string) => value as Hex
  return hashStruct({
    types: ORDER_TYPES,
    primaryType: 'Order',
    data: {
      version: order.version,
      solverChainId: order.solverChainId,
      solver: order.solver as Address,
      salt: BigInt(order.salt),
      inputs: order.inputs.map(({ payment, refunds }) => ({
        payment: {
          ...payment,
          currency: bytes(payment.currency),
          amount: BigInt(payment.amount),
          weight: BigInt(payment.weight),
        },
        refunds: refunds.map((refund) => ({
          ...refund,
          recipient: bytes(refund.recipient),
          currency: bytes(refund.currency),
          minimumAmount: BigInt(refund.minimumAmount),
          extraData: bytes(refund.extraData),
        })),
      })),
      output: {
        ...order.output,
        payments: order.output.payments.map((payment) => ({
          recipient: bytes(payment.recipient),
          currency: bytes(payment.currency),
          minimumAmount: BigInt(payment.minimumAmount),
          expectedAmount: BigInt(payment.expectedAmount),
        })),
        calls: order.output.calls.map(bytes),
        extraData: bytes(order.output.extraData),
      },
      fees: order.fees.map((fee) => ({
        ...fee,
        recipient: bytes(fee.recipient),
        currency: bytes(fee.currency),
        amount: BigInt(fee.amount),
      })),
    },
  })
}
