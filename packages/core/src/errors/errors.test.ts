import { InvalidParamsRpcError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { HttpStatusError } from '../http/httpErrors.ts'
import { MultiBridgeError, walkError } from './MultiBridgeError.ts'
import { isTypedDataChainMismatch, isUserRejection, UserRejectedError, WalletSwitchChainError } from './walletErrors.ts'

describe('the error base', () => {
  it('carries a stable code, its short message and its cause', () => {
    const cause = new Error('socket hang up')
    const error = new MultiBridgeError('Network error', { code: 'httpNetwork', cause, details: 'https://x' })
    expect(error).toMatchObject({ code: 'httpNetwork', shortMessage: 'Network error', details: 'https://x', cause })
  })

  it('walks its causes outermost first, or to the innermost', () => {
    const inner = new HttpStatusError('/q', 503, null)
    const outer = new WalletSwitchChainError(new Error('middle', { cause: inner }))
    expect(outer.walk()).toBe(inner)
    expect(outer.walk((item) => item instanceof HttpStatusError)).toBe(inner)
    expect(outer.walk((item) => item instanceof MultiBridgeError)).toBe(outer)
    expect(outer.walk((item) => item instanceof RangeError)).toBeUndefined()
    expect(walkError('a string')).toBe('a string')
    expect(walkError(undefined, () => true)).toBeUndefined()
  })

  it('stops on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(walkError(a, (item) => item instanceof RangeError)).toBeUndefined()
    expect([a, b]).toContain(walkError(a))
  })
})

describe('a refusal in the wallet', () => {
  it('is found however it is wrapped: ours, viem’s class, or a bare EIP-1193 4001', () => {
    expect(isUserRejection(new UserRejectedError())).toBe(true)
    expect(isUserRejection(new UserRejectedRequestError(new Error('x')))).toBe(true)
    expect(isUserRejection(new Error('a', { cause: new Error('b', { cause: { code: 4001 } }) }))).toBe(true)
  })

  it('is not any other failure, nor a code of 4001 spelled as text', () => {
    expect(isUserRejection(new WalletSwitchChainError({ code: -32603 }))).toBe(false)
    expect(isUserRejection({ code: '4001' })).toBe(false)
    expect(isUserRejection(null)).toBe(false)
  })
})

describe('a wallet that signs typed data only on the chain it names', () => {
  const words = 'Provided chainId "1337003" must match the active chainId "1337001"'
  it('is recognised however it arrives: its own error, a plain { code, message }, or wrapped by viem', () => {
    expect(isTypedDataChainMismatch(new Error(words))).toBe(true)
    expect(isTypedDataChainMismatch({ code: -32602, message: words })).toBe(true)
    expect(isTypedDataChainMismatch(new InvalidParamsRpcError(new Error(words)))).toBe(true)
    expect(isTypedDataChainMismatch(new Error('wrapped', { cause: { code: -32602, message: words } }))).toBe(true)
  })
  it('is not any other refusal', () => {
    expect(isTypedDataChainMismatch(new UserRejectedRequestError(new Error('User rejected the request.')))).toBe(false)
    expect(isTypedDataChainMismatch(new InvalidParamsRpcError(new Error('Invalid typed data')))).toBe(false)
    expect(isTypedDataChainMismatch(undefined)).toBe(false)
    expect(isTypedDataChainMismatch('chainId must match')).toBe(false)
  })
})
