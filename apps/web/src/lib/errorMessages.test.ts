import {
  AddChainError,
  HttpStatusError,
  HttpTimeoutError,
  MissingChainInfoError,
  SwitchChainError,
  UnknownContractError,
  UserRejectedError,
  WalletConnectError,
} from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { toUserMessage } from './errorMessages.ts'

const rejection = Object.assign(new Error('User rejected the request.'), { code: 4001 })

describe('error catalogue', () => {
  it('maps each SPEC error to its exact message', () => {
    expect(toUserMessage(new WalletConnectError(rejection))).toEqual({ message: "Couldn't connect to wallet" })
    expect(toUserMessage(new AddChainError())).toEqual({
      message: "Couldn't add the chain automatically. Please add it yourself",
    })
    expect(toUserMessage(new SwitchChainError())).toEqual({ message: 'Failed to switch networks' })
    expect(toUserMessage(new MissingChainInfoError(42))).toEqual({
      message: 'Missing chain info for {{id}}. Please add it manually',
      values: { id: 42 },
    })
    expect(toUserMessage(new UnknownContractError('0xabc'))).toEqual({
      message: 'Unknown contract type: {{type}}',
      values: { type: '0xabc' },
    })
  })

  it('says plainly that the person rejected a request, however deeply it is wrapped', () => {
    expect(toUserMessage(new UserRejectedError())).toEqual({ message: 'The request was rejected in the wallet' })
    expect(toUserMessage(new Error('wrapped', { cause: { cause: rejection } }))).toEqual({
      message: 'The request was rejected in the wallet',
    })
  })

  it('keeps HTTP failures apart and never shows raw errors', () => {
    expect(toUserMessage(new HttpTimeoutError('/x', 1)).message).toBe('The request timed out')
    expect(toUserMessage(new HttpStatusError('/x', 503, null))).toEqual({
      message: 'The service answered with an error ({{status}})',
      values: { status: 503 },
    })
    expect(toUserMessage(new TypeError('x is undefined'))).toEqual({ message: 'Oops, something went wrong' })
    expect(toUserMessage('a string')).toEqual({ message: 'Oops, something went wrong' })
  })
})
