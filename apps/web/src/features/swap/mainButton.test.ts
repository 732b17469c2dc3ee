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
    ['Not enough balance', { notEnoughBalance: true, slippageValid: false }],
    ['Check the slippage', { slippageValid: false, hasRoute: false }],
    ['Finding routes…', { hasRoute: false, loadingRoutes: true }],
    ['No route available', { hasRoute: false }],
  ])('says "%s" first, whatever else is missing after it', (label, changes) => {
    expect(mainButton({ ...ready, ...changes })).toEqual({ label, enabled: false })
  })
})
