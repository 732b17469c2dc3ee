import {
  AddChainError,
  ChainStalledError,
  ChainUnreachableError,
  DepositNotMinedError,
  DepositWouldRevertError,
  ERROR_CODES,
  type ErrorCode,
  GaslessOrderUnconfirmedError,
  GaslessRefusedError,
  HttpStatusError,
  HttpTimeoutError,
  MissingChainInfoError,
  MultiBridgeError,
  NotEnoughGasError,
  NotSwapOwnerError,
  ProviderNotAvailableError,
  ProviderTimeoutError,
  RevokeRefusedError,
  RouteUnavailableError,
  ServiceUnreachableError,
  SignedMismatchError,
  type TokenRef,
  TransactionNotConfirmedError,
  UnknownContractError,
  UserRejectedError,
  WalletConnectError,
  WalletSwitchChainError,
} from '@multi-bridge/core'
import { InsufficientFundsError, TransactionExecutionError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import zhStrings from '../i18n/locales/zh.ts'
import zhErrors from '../i18n/locales/zh-errors.ts'
import {
  catalogue,
  DEPOSIT_REVERT,
  type RaisedAs,
  ROUTE_GONE,
  SIGNED_MISMATCH,
  toUserMessage,
} from './errorMessages.ts'

/** Every Traditional Chinese string: the errors' come in their own chunk. */
const zh: Record<string, string> = { ...zhStrings, ...zhErrors }

const USDC: TokenRef = {
  chainId: 1,
  address: '0x0000000000000000000000000000000000000002',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}

const rejection = Object.assign(new Error('User rejected the request.'), { code: 4001 })

describe('error catalogue', () => {
  it('maps each SPEC error to its exact message', () => {
    expect(toUserMessage(new WalletConnectError(rejection))).toEqual({ message: "Couldn't connect to wallet" })
    expect(toUserMessage(new AddChainError())).toEqual({
      message: "Couldn't add the chain automatically. Please add it yourself",
    })
    expect(toUserMessage(new WalletSwitchChainError())).toEqual({ message: 'Failed to switch networks' })
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

  it('maps by code, never by the English text: a reworded message or a foreign error with the same text is not catalogued', () => {
    const reworded = new WalletSwitchChainError()
    Object.defineProperty(reworded, 'message', { value: 'Network switch did not work' })
    expect(toUserMessage(reworded)).toEqual({ message: 'Failed to switch networks' })
    expect(toUserMessage(new Error('Failed to switch networks'))).toEqual({ message: 'Oops, something went wrong' })
    expect(toUserMessage(new MultiBridgeError('Failed to switch networks', { code: 'somethingElse' }))).toEqual({
      message: 'Oops, something went wrong',
    })
  })

  it('lets the outermost catalogued error speak, and finds one under errors of other libraries', () => {
    const inner = new MissingChainInfoError(5)
    expect(toUserMessage(new WalletSwitchChainError(inner))).toEqual({ message: 'Failed to switch networks' })
    expect(toUserMessage(new TypeError('wrapper', { cause: inner }))).toMatchObject({ values: { id: 5 } })
    expect(toUserMessage(new UserRejectedRequestError(new Error('no')))).toEqual({
      message: 'The request was rejected in the wallet',
    })
  })

  it('says which coin on which network cannot pay the gas, and about how much is needed, never "Oops"', () => {
    const insufficient = new TransactionExecutionError(new InsufficientFundsError(), { account: null })
    const gas = new NotEnoughGasError({
      chainId: 1337001,
      network: 'Local Chain A',
      coin: 'ETH',
      decimals: 18,
      needed: 254_900_000_000_001n,
      cause: insufficient,
    })
    // Rounded up: what is shown is never less than what is needed.
    expect(toUserMessage(new Error('swap failed', { cause: gas }))).toEqual({
      message: 'Not enough {{coin}} on {{network}} for gas (about {{amount}} needed)',
      values: { coin: 'ETH', network: 'Local Chain A', amount: '0.000255 ETH' },
    })
    const unknownAmount = new NotEnoughGasError({ chainId: 1, network: 'Ethereum', coin: 'ETH', decimals: 18 })
    expect(toUserMessage(unknownAmount)).toEqual({
      message: 'Not enough {{coin}} on {{network}} for gas',
      values: { coin: 'ETH', network: 'Ethereum' },
    })
    // viem's own error, where no code of ours could name the network: still said as what it is.
    expect(toUserMessage(insufficient)).toEqual({ message: "Not enough of the network's coin to pay for gas" })
    expect(
      toUserMessage(new Error('x', { cause: { code: -32000, message: 'insufficient funds for gas * price + value' } })),
    ).toEqual({
      message: "Not enough of the network's coin to pay for gas",
    })
    for (const message of [
      'Not enough {{coin}} on {{network}} for gas (about {{amount}} needed)',
      'Not enough {{coin}} on {{network}} for gas',
      "Not enough of the network's coin to pay for gas",
    ]) {
      expect(zh[message], message).toBeTruthy()
    }
  })

  it('says a transaction sent and not yet confirmed is that, on its network, never "Oops"', () => {
    const waited = new TransactionNotConfirmedError('0xabc', 'Local Chain A', new Error('timed out'))
    expect(toUserMessage(waited)).toEqual({
      message: "Sent, not confirmed yet: {{network}} hasn't shown it. It's checked again; don't send it twice.",
      values: { network: 'Local Chain A' },
    })
  })

  it('survives a cause chain that loops back on itself', () => {
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(toUserMessage(a)).toEqual({ message: 'Oops, something went wrong' })
  })

  it('reads each error as the error its code is raised with', () => {
    const owner = '0x0000000000000000000000000000000000000001'
    // One of each (the type makes the list whole); each carries the code it is listed under, so the catalogue's
    // message for that code reads the fields it names.
    const raised: RaisedAs = {
      missingChainInfo: new MissingChainInfoError(1),
      unknownContract: new UnknownContractError('0xabc'),
      signedMismatch: new SignedMismatchError('recipient', 'x'),
      depositWouldRevert: new DepositWouldRevertError({ kind: 'paused' }),
      httpStatus: new HttpStatusError('https://x', 502, undefined),
      notSwapOwner: new NotSwapOwnerError(owner, owner),
      transactionNotConfirmed: new TransactionNotConfirmedError('0x1', 'Local Chain A', undefined),
      gaslessRefused: new GaslessRefusedError('ORDER_EXPIRED'),
      gaslessUnconfirmed: new GaslessOrderUnconfirmedError('0x1', 1_700_000_000, undefined),
      chainUnreachable: new ChainUnreachableError(1, 'Local Chain A'),
      serviceUnreachable: new ServiceUnreachableError('solver'),
      providerTimeout: new ProviderTimeoutError('Across', 8_000),
      depositNotMined: new DepositNotMinedError('0x1', 30),
      providerNotAvailable: new ProviderNotAvailableError('Relay'),
      chainStalled: new ChainStalledError(1, 'Local Chain A', 3),
      notEnoughGas: new NotEnoughGasError({ chainId: 1, network: 'Local Chain A', coin: 'ETH', decimals: 18 }),
      revokeRefused: new RevokeRefusedError('USDT', undefined),
    }
    for (const [code, error] of Object.entries(raised)) {
      expect(error.code, error.name).toBe(code)
      expect(toUserMessage(error).message, code).not.toBe('Oops, something went wrong')
    }
  })

  it('says a route refused when its quote is fetched again before signing is gone, and that nothing left the wallet', () => {
    // The solver's inventory ran out between the review and the approval: its fresh quote is over its maximum.
    const refused = new RouteUnavailableError('intent', 'amountTooHigh', { amount: 0n, token: USDC })
    expect(toUserMessage(refused)).toEqual(ROUTE_GONE)
    expect(toUserMessage(new Error('executing', { cause: refused }))).toEqual(ROUTE_GONE)
    expect(zh[ROUTE_GONE.message]).toBeTruthy()
  })

  it('says every code core raises, but those said as "Oops" on purpose', () => {
    const unsaid = ERROR_CODES.filter((code) => !(code in catalogue))
    expect(unsaid).toEqual([
      'invalidManifest',
      'invalidConfig',
      'httpParse',
      'invalidQuote',
      'invalidResponse',
      'unexpected',
    ])
  })

  it('has every catalogue message in Traditional Chinese', () => {
    const messages = Object.entries(catalogue).map(([code, message]) => [
      code,
      (message as (error: MultiBridgeError) => { message: string })(
        Object.assign(new MultiBridgeError('x', { code: code as ErrorCode }), {
          owner: '0x0000000000000000000000000000000000000001',
          revert: { kind: 'paused' },
        }),
      ).message,
    ])
    for (const [code, message] of messages) expect(zh[message as keyof typeof zh], code).toBeTruthy()
    // A refused transaction says what it would have done differently, in both languages.
    for (const [field, message] of Object.entries(SIGNED_MISMATCH)) expect(zh[message], field).toBeTruthy()
    // So does a deposit that would fail, for each cause.
    for (const [kind, message] of Object.entries(DEPOSIT_REVERT)) expect(zh[message], kind).toBeTruthy()
  })

  it('says why a simulated deposit would fail, with the reason the contract gave', () => {
    const say = (revert: ConstructorParameters<typeof DepositWouldRevertError>[0]) =>
      toUserMessage(new Error('executing', { cause: new DepositWouldRevertError(revert) }))
    expect(say({ kind: 'paused' }).message).toMatch(/^The bridge is paused/)
    expect(say({ kind: 'quoteExpired' }).message).toMatch(/^The quote expired on chain/)
    expect(say({ kind: 'error', error: 'InvalidOrder("zero amount")' })).toEqual({
      message: DEPOSIT_REVERT.error,
      values: { reason: 'InvalidOrder("zero amount")' },
    })
    expect(say({ kind: 'takesMore', token: USDC.address, amount: 41_000_000n, symbol: 'USDC', decimals: 6 })).toEqual({
      message: DEPOSIT_REVERT.takesMore,
      values: { amount: '41 USDC' },
    })
  })
})
