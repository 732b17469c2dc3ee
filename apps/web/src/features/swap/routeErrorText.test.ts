import {
  HttpStatusError,
  HttpTimeoutError,
  InvalidQuoteError,
  RouteUnavailableError,
  UnknownContractError,
} from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import zhStrings from '../../i18n/locales/zh.ts'
import zhErrors from '../../i18n/locales/zh-errors.ts'
import { routeErrorText } from './routeErrorText.ts'

/** Every Traditional Chinese string: the errors' come in their own chunk. */
const zh: Record<string, string> = { ...zhStrings, ...zhErrors }

const token = (symbol: string, decimals: number) => ({
  chainId: 1,
  address: '0x00000000000000000000000000000000000000aa' as const,
  symbol,
  decimals,
  kind: 'erc20' as const,
})
const usdc = token('USDC', 6)

describe('routeErrorText', () => {
  it("gives the reason and the provider's own words", () => {
    const error = new RouteUnavailableError(
      'across',
      'amountTooLow',
      undefined,
      'Sent amount is too low relative to fees',
    )
    expect(routeErrorText(error)).toEqual({
      message: 'Amount too low for this route',
      details: 'Sent amount is too low relative to fees',
    })
    expect(routeErrorText(new RouteUnavailableError('lifi', 'unsupportedRoute'))).toEqual({
      message: 'Route not supported',
    })
  })

  it('names the network a provider cannot follow now, in both languages, and says so without a name', () => {
    const named = routeErrorText(
      new RouteUnavailableError('intent', 'networkUnavailable', undefined, undefined, 'Local Chain B'),
    )
    expect(named).toEqual({
      message: "Can't reach {{network}} right now. Try again shortly.",
      values: { network: 'Local Chain B' },
    })
    const unnamed = routeErrorText(new RouteUnavailableError('intent', 'networkUnavailable'))
    expect(unnamed).toEqual({ message: "Can't reach one of these networks right now. Try again shortly." })
    expect(zh[named.message]).toContain('{{network}}')
    expect(zh[unnamed.message]).toBeTruthy()
  })

  it("names the limit in the limit's own token: a minimum rounded up, a maximum rounded down", () => {
    const low = new RouteUnavailableError('intent', 'amountTooLow', { amount: 310_000n, token: usdc })
    expect(routeErrorText(low)).toEqual({
      message: 'Amount too low for this route (minimum {{amount}})',
      values: { amount: '0.31 USDC' },
      limit: { text: '0.31', token: usdc },
    })
    // 0.3100001 USDC: "0.31" would be refused again.
    const awkward = new RouteUnavailableError('intent', 'amountTooLow', { amount: 3_100_001n, token: token('USDC', 7) })
    expect(routeErrorText(awkward).values).toEqual({ amount: '0.310001 USDC' })
    const high = new RouteUnavailableError('across', 'amountTooHigh', { amount: 15_263_884_094_627n, token: usdc })
    expect(routeErrorText(high)).toEqual({
      message: 'Amount too high for this route (maximum {{amount}})',
      values: { amount: '15,263,884.094627 USDC' },
      // What "Use …" types in the form: no grouping.
      limit: { text: '15263884.094627', token: usdc },
    })
    // Nothing to send at all (a solver's inventory of the output ran out): not "maximum 0 USDC".
    const none = new RouteUnavailableError('intent', 'amountTooHigh', { amount: 0n, token: usdc })
    expect(routeErrorText(none)).toEqual({ message: 'This route cannot take any amount right now' })
    expect(zh['This route cannot take any amount right now']).toBeTruthy()
    // The pool's liquidity is in the token that arrives.
    const eth = token('ETH', 18)
    const dry = new RouteUnavailableError('pool', 'insufficientLiquidity', { amount: 2n * 10n ** 17n, token: eth })
    expect(routeErrorText(dry)).toEqual({
      message: 'Not enough liquidity on the destination ({{amount}} available)',
      values: { amount: '0.2 ETH' },
    })
    expect(routeErrorText(new RouteUnavailableError('pool', 'insufficientLiquidity'))).toEqual({
      message: 'Not enough liquidity on the destination',
    })
  })

  it('says every message with a limit in Traditional Chinese, keeping the amount', () => {
    const errors = [
      new RouteUnavailableError('intent', 'amountTooLow', { amount: 310_000n, token: usdc }),
      new RouteUnavailableError('intent', 'amountTooHigh', { amount: 310_000n, token: usdc }),
      new RouteUnavailableError('pool', 'insufficientLiquidity', { amount: 310_000n, token: usdc }),
    ]
    for (const error of errors) {
      const { message } = routeErrorText(error)
      expect(zh[message], message).toContain('{{amount}}')
    }
  })

  it('names a contract the config does not know, as the catalogue says', () => {
    const error = new UnknownContractError('0x1111111111111111111111111111111111111111')
    expect(routeErrorText(error)).toEqual({
      message: 'Unknown contract type: {{type}}',
      values: { type: '0x1111111111111111111111111111111111111111' },
    })
  })

  it('says what went wrong with the request, and "Unavailable" for anything else', () => {
    expect(routeErrorText(new HttpTimeoutError('https://li.quest/v1/quote', 20_000)).message).toBe(
      'The request timed out',
    )
    expect(routeErrorText(new HttpStatusError('https://li.quest/v1/quote', 500, undefined))).toEqual({
      message: 'The service answered with an error ({{status}})',
      values: { status: 500 },
    })
    expect(routeErrorText(new InvalidQuoteError('lifi', 'bad shape'))).toEqual({ message: 'Unavailable' })
    expect(routeErrorText(new Error('boom'))).toEqual({ message: 'Unavailable' })
  })
})
