import { type Address, type Hex, isAddressEqual } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import type { DepositPlan, QuoteRequest } from '../../routes/types.ts'

/**
 * The plan of a deposit of `request`'s tokens into `to`: the native coin as the call's value, a token after an
 * approval of exactly the amount for that contract.
 */
export function escrowDepositPlan(request: QuoteRequest, call: { to: Address; data: Hex }): DepositPlan {
  const native = isAddressEqual(request.origin.address, NATIVE_TOKEN_ADDRESS)
  return {
    transaction: { chainId: request.origin.chainId, to: call.to, data: call.data, value: native ? request.amount : 0n },
    ...(native ? {} : { approval: { token: request.origin, spender: call.to, amount: request.amount } }),
  }
}
