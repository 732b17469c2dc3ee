import { describe, expect, it } from 'vitest'
import { NOT_ENOUGH_GAS } from './gasCheck.ts'
import { type MainButtonInput, mainButton, recipientCheck, TAKE_GASLESS } from './mainButton.ts'
import type { RecipientSafety } from './useRecipientSafety.ts'

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

  it('leads to the route that needs no gas when the selected one’s gas cannot be paid (no dead end)', () => {
    const short = { coin: 'ETH', network: 'Local Chain C', amount: '0.000422 ETH' }
    expect(mainButton({ ...ready, gas: { short }, gaslessInstead: true })).toEqual({
      label: TAKE_GASLESS,
      enabled: true,
      values: short,
      action: 'takeGasless',
    })
    // No such route: the sentence, and nothing to press.
    expect(mainButton({ ...ready, gas: { short } })).toMatchObject({ label: NOT_ENOUGH_GAS, enabled: false })
  })

  it.each<[string, Partial<MainButtonInput>]>([
    ['Reload to use the new network settings', { configChanged: true, wallet: 'disconnected', hasRoute: false }],
    ['Connect a wallet to start', { wallet: 'disconnected', hasTokens: false, hasAmount: false }],
    ['Connect a wallet to start', { wallet: 'connecting' }],
    ['Choose Token to Swap', { hasTokens: false, hasAmount: false, notEnoughBalance: true }],
    ['Enter an amount to swap', { hasAmount: false, hasRoute: false }],
    ['Enter or select the recipient address', { hasRecipient: false, slippageValid: false }],
    ['Looking up the name…', { hasRecipient: false, resolvingRecipient: true }],
    ['Checking the recipient…', { recipientCheck: 'checking', notEnoughBalance: true }],
    ['Confirm the contract recipient', { recipientCheck: 'needsConsent', notEnoughBalance: true, loadingRoutes: true }],
    [
      'Confirm the recipient',
      { recipientCheck: 'needsConsentUnchecked', notEnoughBalance: true, hasRoute: false, loadingRoutes: true },
    ],
    // No route can take the swap: said, not a confirm that would lead nowhere (issue #59 point 3).
    ['No route available', { recipientCheck: 'needsConsentUnchecked', hasRoute: false }],
    ['No route available', { recipientCheck: 'needsConsent', hasRoute: false }],
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

  it('says a Safe swaps from its own network only, before anything else it could ask for', () => {
    expect(mainButton({ ...ready, safeOn: 'Local Chain A', hasAmount: false, hasRoute: false })).toEqual({
      label: 'This Safe is on {{network}}: swaps from it start on {{network}}.',
      enabled: false,
      values: { network: 'Local Chain A' },
    })
  })

  it('offers Swap for a confirmed contract recipient and an estimate the balance pays', () => {
    expect(mainButton({ ...ready, recipientCheck: 'ok', gas: 'ok' })).toEqual({ label: 'Swap', enabled: true })
  })
})

describe('recipientCheck', () => {
  const unknown: RecipientSafety = {
    status: 'unknown',
    network: 'Local Chain B',
    error: new Error('hangs'),
    retry: () => undefined,
    retrying: false,
  }

  it('waits for an address the destination did not answer about until the person confirms it, as for a contract', () => {
    expect(recipientCheck(unknown, true, false)).toBe('needsConsentUnchecked')
    expect(recipientCheck(unknown, true, true)).toBe('ok')
    expect(recipientCheck({ status: 'contract', network: 'Local Chain B' }, true, false)).toBe('needsConsent')
    expect(recipientCheck({ status: 'contract', network: 'Local Chain B' }, true, true)).toBe('ok')
  })

  it("waits for the person's word on an address that is a contract on the origin and has no code on the destination (issue #54.3)", () => {
    const undeployed: RecipientSafety = { status: 'undeployed', network: 'Local Chain B', origin: 'Local Chain A' }
    expect(recipientCheck(undeployed, true, false)).toBe('needsConsentUndeployed')
    expect(recipientCheck(undeployed, true, true)).toBe('ok')
    expect(mainButton({ ...ready, recipientCheck: 'needsConsentUndeployed' })).toEqual({
      label: 'Confirm the recipient',
      enabled: false,
    })
  })

  it('waits while the chain is read, and has nothing to ask of a wallet, a refused address or no typed recipient', () => {
    expect(recipientCheck({ status: 'checking' }, true, false)).toBe('checking')
    expect(recipientCheck({ status: 'wallet' }, true, false)).toBe('ok')
    expect(recipientCheck(unknown, false, false)).toBeUndefined()
    const refused: RecipientSafety = {
      status: 'refused',
      refusal: { kind: 'token', symbol: 'USDC' },
      network: 'Local Chain B',
    }
    expect(recipientCheck(refused, true, false)).toBeUndefined()
  })
})
