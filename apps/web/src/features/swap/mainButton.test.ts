import { describe, expect, it } from 'vitest'
import { type MainButtonInput, mainButton } from './mainButton.ts'

const ready: MainButtonInput = {
  wallet: 'connected',
  hasTokens: true,
  hasAmount: true,
  hasRecipient: true,
  notEnoughBalance: false,
  slippageValid: true,
  hasRoute: true,
  loadingRoutes: false,
}

describe('mainButton', () => {
  it('offers Swap only when everything is there', () => {
    expect(mainButton(ready)).toEqual({ label: 'Swap', enabled: true })
  })

  it.each<[string, Partial<MainButtonInput>]>([
    ['Connect a wallet to start', { wallet: 'disconnected', hasTokens: false, hasAmount: false }],
    ['Connect a wallet to start', { wallet: 'connecting' }],
    ['Choose Token to Swap', { hasTokens: false, hasAmount: false, notEnoughBalance: true }],
    ['Enter an amount to swap', { hasAmount: false, hasRoute: false }],
    ['Enter or select the recipient address', { hasRecipient: false, slippageValid: false }],
    ['Looking up the name…', { hasRecipient: false, resolvingRecipient: true }],
    ['Checking the recipient…', { recipientCheck: 'checking', notEnoughBalance: true }],
    ['Confirm the contract recipient', { recipientCheck: 'needsConsent', notEnoughBalance: true, hasRoute: false }],
    ['Not enough balance', { notEnoughBalance: true, slippageValid: false }],
    ['Check the slippage', { slippageValid: false, hasRoute: false }],
    ['Finding routes…', { hasRoute: false, loadingRoutes: true }],
    ['No route available', { hasRoute: false, gas: 'estimating' }],
    ['Estimating the network cost…', { gas: 'estimating' }],
  ])('says "%s" first, whatever else is missing after it', (label, changes) => {
    expect(mainButton({ ...ready, ...changes })).toEqual({ label, enabled: false })
  })

  it('says the coin, the network and about how much gas is needed, and stays off', () => {
    const short = { coin: 'ETH', network: 'Local Chain A', amount: '0.000255 ETH' }
    expect(mainButton({ ...ready, gas: { short } })).toEqual({
      label: 'Not enough {{coin}} on {{network}} for gas (about {{amount}} needed)',
      enabled: false,
      values: short,
    })
    // Not enough of the token itself comes first: the gas is said once the amount can be sent.
    expect(mainButton({ ...ready, notEnoughBalance: true, gas: { short } }).label).toBe('Not enough balance')
  })

  it('offers Swap for a confirmed contract recipient and an estimate the balance pays', () => {
    expect(mainButton({ ...ready, recipientCheck: 'ok', gas: 'ok' })).toEqual({ label: 'Swap', enabled: true })
  })
})
