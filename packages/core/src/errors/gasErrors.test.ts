import {
  EstimateGasExecutionError,
  ExecutionRevertedError,
  InsufficientFundsError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { isInsufficientFundsError, NotEnoughGasError } from './gasErrors.ts'
import { MultiBridgeError } from './MultiBridgeError.ts'

describe('an insufficient-funds error', () => {
  it('is found anywhere in the cause chain: viem’s class, another copy of it, or a wallet’s own words', () => {
    expect(isInsufficientFundsError(new InsufficientFundsError())).toBe(true)
    expect(
      isInsufficientFundsError(new EstimateGasExecutionError(new InsufficientFundsError(), { account: undefined })),
    ).toBe(true)
    const otherCopy = Object.assign(new Error('x'), { name: 'InsufficientFundsError' })
    expect(isInsufficientFundsError(new Error('outer', { cause: otherCopy }))).toBe(true)
    // MetaMask and geth answer with a JSON-RPC error, not a class.
    expect(
      isInsufficientFundsError(
        new Error('wrapped', { cause: { code: -32000, message: 'insufficient funds for gas * price + value' } }),
      ),
    ).toBe(true)
    expect(
      isInsufficientFundsError(
        new Error(
          'The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.',
        ),
      ),
    ).toBe(true)
  })

  it('is not a revert, a refusal, or a token balance that is short', () => {
    expect(isInsufficientFundsError(new ExecutionRevertedError())).toBe(false)
    expect(isInsufficientFundsError(new UserRejectedRequestError(new Error('no')))).toBe(false)
    expect(isInsufficientFundsError(new Error('ERC20: transfer amount exceeds balance'))).toBe(false)
    expect(isInsufficientFundsError(undefined)).toBe(false)
  })
})

describe('NotEnoughGasError', () => {
  it('carries the network, its coin and what is needed, under one code', () => {
    const cause = new InsufficientFundsError()
    const error = new NotEnoughGasError({
      chainId: 1337001,
      network: 'Local Chain A',
      coin: 'ETH',
      decimals: 18,
      needed: 255_000_000_000_000n,
      cause,
    })
    expect(error).toBeInstanceOf(MultiBridgeError)
    expect(error).toMatchObject({ code: 'notEnoughGas', network: 'Local Chain A', coin: 'ETH', cause })
    expect(error.shortMessage).toBe('Not enough ETH on Local Chain A for gas')
    expect(isInsufficientFundsError(error)).toBe(true)
  })
})
