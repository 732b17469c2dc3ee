/**
 * Named views of the public struct getters, which viem returns as tuples in the ABI's output order.
 * The names and the types both come from the generated ABI: renaming, adding or retyping a struct field
 * changes these types, so code that reads a field by name stops type-checking instead of reading the
 * wrong slot. Compare `status` with the generated enum constants (`intentOriginSettlerStatus`, …).
 */
import type { Abi, ContractFunctionName, ContractFunctionReturnType } from 'viem'
import { intentOriginSettlerAbi, poolBridgeAbi } from './generated/artifacts.ts'

type ViewName<abi extends Abi> = ContractFunctionName<abi, 'pure' | 'view'>
/** The tuple viem decodes for a view function with several outputs. */
type OutputTuple<abi extends Abi, name extends ViewName<abi>> = ContractFunctionReturnType<abi, 'pure' | 'view', name>
type Outputs<abi extends Abi, name extends string> = Extract<abi[number], { type: 'function'; name: name }>['outputs']
type TupleIndex<tuple extends readonly unknown[]> = Exclude<keyof tuple, keyof (readonly unknown[])>

/** A view function's outputs as an object keyed by the output names of the ABI. */
export type NamedOutputs<abi extends Abi, name extends ViewName<abi>> = {
  [index in TupleIndex<Outputs<abi, name>> as Outputs<abi, name>[index] extends { name: infer key extends string }
    ? key
    : never]: OutputTuple<abi, name> extends readonly unknown[]
    ? index extends keyof OutputTuple<abi, name>
      ? OutputTuple<abi, name>[index]
      : never
    : never
}

function namedOutputs<const abi extends Abi, name extends ViewName<abi>>(abi: abi, functionName: name) {
  const item = abi.find((entry) => entry.type === 'function' && entry.name === functionName)
  const names = item?.type === 'function' ? item.outputs.map((output) => output.name ?? '') : []
  if (names.length < 2 || names.some((key) => key === '')) {
    throw new Error(`${functionName}: expected several named outputs in the ABI`)
  }
  return (tuple: OutputTuple<abi, name>): NamedOutputs<abi, name> => {
    const values = tuple as readonly unknown[]
    if (values.length !== names.length) {
      throw new Error(`${functionName}: expected ${names.length} values, got ${values.length}`)
    }
    return Object.fromEntries(names.map((key, i) => [key, values[i]])) as NamedOutputs<abi, name>
  }
}

/** What `IntentOriginSettler.escrows(orderId)` returns, as viem decodes it. */
export type EscrowTuple = OutputTuple<typeof intentOriginSettlerAbi, 'escrows'>
/** An order's escrow on the origin: `{ user, inputToken, inputAmount, fillDeadline, expires, status, pausedAtOpen }`. */
export type Escrow = NamedOutputs<typeof intentOriginSettlerAbi, 'escrows'>
/** Names the values of `escrows(orderId)`; `status` is one of `intentOriginSettlerStatus`. */
export const escrowFromTuple: (tuple: EscrowTuple) => Escrow = namedOutputs(intentOriginSettlerAbi, 'escrows')

/** What `PoolBridge.deposits(transferId)` returns, as viem decodes it. */
export type DepositTuple = OutputTuple<typeof poolBridgeAbi, 'deposits'>
/** A transfer's deposit on the origin pool: `{ sender, token, amount, deadline, expires, status, pausedAtSend }`. */
export type Deposit = NamedOutputs<typeof poolBridgeAbi, 'deposits'>
/** Names the values of `deposits(transferId)`; `status` is one of `poolBridgeStatus`. */
export const depositFromTuple: (tuple: DepositTuple) => Deposit = namedOutputs(poolBridgeAbi, 'deposits')
