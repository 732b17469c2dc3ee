export { MULTICALL3_ADDRESS } from './constants.ts'
export * from './generated/artifacts.ts'
export {
  type Deposit,
  type DepositTuple,
  depositFromTuple,
  type Escrow,
  type EscrowTuple,
  escrowFromTuple,
  type NamedOutputs,
} from './reads.ts'
