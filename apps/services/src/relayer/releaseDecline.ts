import { BaseError, ContractFunctionRevertedError } from 'viem'
import { ServiceError } from '../shared/errors.ts'

/**
 * Reverts of `release` that can pass later, retried until the deadline instead of declined: liquidity added, the
 * brake released, and a signature refused while the verifier's signer set changes (the attester signs each answer
 * with its current key, so a later answer may verify).
 */
export const RETRYABLE_REVERTS: ReadonlySet<string> = new Set([
  'InsufficientLiquidity',
  'SettlementIsPaused',
  'AlreadyReleased',
  'InvalidAttestation',
])

/**
 * Why a failed release is declined for good (recorded; the sender is refunded after the deadline), or undefined
 * when it is retried: a failing RPC, a revert in RETRYABLE_REVERTS.
 */
export function releaseDeclineReason(error: unknown): string | undefined {
  if (error instanceof ServiceError && error.code === 'GAS_ABOVE_CAP') {
    return `the release would cost too much gas: ${error.shortMessage}`
  }
  const reverted = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)
  const name = (reverted as ContractFunctionRevertedError | null)?.data?.errorName
  if (!reverted || (name && RETRYABLE_REVERTS.has(name))) return undefined
  return `the release would revert (${name ?? 'reverted'})`
}
