import {
  HttpStatusError,
  HttpTimeoutError,
  InvalidQuoteError,
  RouteUnavailableError,
  UnknownContractError,
} from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { routeErrorText } from './routeErrorText.ts'

const usdc = { decimals: 6, symbol: 'USDC' }

describe('routeErrorText', () => {
  it("gives the reason and the provider's own words", () => {
    const error = new RouteUnavailableError(
      'across',
      'amountTooLow',
      undefined,
      'Sent amount is too low relative to fees',
    )
    expect(routeErrorText(error, usdc)).toEqual({
      message: 'Amount too low for this route',
      details: 'Sent amount is too low relative to fees',
    })
    expect(routeErrorText(new RouteUnavailableError('lifi', 'unsupportedRoute'), usdc)).toEqual({
      message: 'Route not supported',
    })
  })

  it('states an amount limit in the sent token', () => {
    expect(routeErrorText(new RouteUnavailableError('across', 'amountTooLow', 1_500_000n), usdc)).toEqual({
      message: 'Amount too low for this route (minimum {{amount}})',
      values: { amount: '1.5 USDC' },
    })
    expect(routeErrorText(new RouteUnavailableError('across', 'amountTooHigh', 1_526_388_409_462n), usdc)).toEqual({
      message: 'Amount too high for this route (maximum {{amount}})',
      values: { amount: '1,526,388.409462 USDC' },
    })
  })

  it('names a contract the config does not know, as the catalogue says', () => {
    const error = new UnknownContractError('0x1111111111111111111111111111111111111111')
    expect(routeErrorText(error, usdc)).toEqual({
      message: 'Unknown contract type: {{type}}',
      values: { type: '0x1111111111111111111111111111111111111111' },
    })
  })

  it('says what went wrong with the request, and "Unavailable" for anything else', () => {
    expect(routeErrorText(new HttpTimeoutError('https://li.quest/v1/quote', 20_000), usdc).message).toBe(
      'The request timed out',
    )
    expect(routeErrorText(new HttpStatusError('https://li.quest/v1/quote', 500, undefined), usdc)).toEqual({
      message: 'The service answered with an error ({{status}})',
      values: { status: 500 },
    })
    expect(routeErrorText(new InvalidQuoteError('lifi', 'bad shape'), usdc)).toEqual({ message: 'Unavailable' })
    expect(routeErrorText(new Error('boom'), usdc)).toEqual({ message: 'Unavailable' })
  })
})
