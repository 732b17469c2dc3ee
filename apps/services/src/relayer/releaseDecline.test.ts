import { poolBridgeAbi } from '@multi-bridge/contracts'
import { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult } from 'viem'
import { describe, expect, it } from 'vitest'
import { ServiceError } from '../shared/errors.ts'
import { releaseDeclineReason } from './releaseDecline.ts'

/** A `release` that reverted with `errorName`, as viem reports it from an estimate. */
function reverted(errorName: 'InvalidAttestation' | 'InsufficientLiquidity' | 'ZeroAddress') {
  const args = errorName === 'InsufficientLiquidity' ? ([1n, 2n] as const) : undefined
  const data = encodeErrorResult({ abi: poolBridgeAbi, errorName, args } as never)
  const cause = new ContractFunctionRevertedError({ abi: poolBridgeAbi, data, functionName: 'release' })
  return new ContractFunctionExecutionError(cause, { abi: poolBridgeAbi, functionName: 'release', args: [] })
}

describe('which failed releases the relayer gives up', () => {
  it('retries a signature refused during a signer change, and the other reverts that can pass later', () => {
    expect(releaseDeclineReason(reverted('InvalidAttestation'))).toBeUndefined()
    expect(releaseDeclineReason(reverted('InsufficientLiquidity'))).toBeUndefined()
    expect(releaseDeclineReason(new Error('socket hang up'))).toBeUndefined()
  })

  it('declines a release that would revert for good, or cost more gas than the cap', () => {
    expect(releaseDeclineReason(reverted('ZeroAddress'))).toBe('the release would revert (ZeroAddress)')
    const costly = new ServiceError('it would cost 10113084 gas, above the cap of 200000', { code: 'GAS_ABOVE_CAP' })
    expect(releaseDeclineReason(costly)).toBe(
      'the release would cost too much gas: it would cost 10113084 gas, above the cap of 200000',
    )
  })
})
