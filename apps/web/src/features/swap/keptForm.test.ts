import type { Manifest, TokenRef } from '@multi-bridge/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_FORM } from './formUrl.ts'
import { disarmKeptForm, keptFormStore, sanitizeKeptForm, startNewSwap, tokenInConfig } from './keptForm.ts'

const usdc: TokenRef = {
  chainId: 1337001,
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}
const manifest = {
  chains: [{ id: 1337001, name: 'Local Chain A', tokens: [{ ...usdc, name: 'USD Coin', symbol: 'USDC.e' }] }],
} as unknown as Manifest

afterEach(() => {
  keptFormStore.getState().replace(EMPTY_FORM)
  vi.restoreAllMocks()
})

describe('sanitizeKeptForm', () => {
  it('keeps every field that is sound and leaves out, on the console only, the ones that are not', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const saved = {
      origin: { ...usdc, decimals: -1 },
      destination: usdc,
      amountText: 12,
      recipientText: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    }
    expect(sanitizeKeptForm(saved)).toEqual({
      destination: usdc,
      recipientText: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    })
    expect(logged).toHaveBeenCalledWith("[storage] the saved swap form's origin, amountText was corrupt and left out")
  })

  it.each([
    ['an address that is not one', { ...usdc, address: '0x12' }],
    ['an unknown kind', { ...usdc, kind: 'nft' }],
    ['a chain id that is not a number', { ...usdc, chainId: '1' }],
    ['text instead of a token', 'USDC'],
  ])('drops a token with %s', (_name, origin) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(sanitizeKeptForm({ origin })).toEqual({})
  })

  it('says nothing when all is sound or absent', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(sanitizeKeptForm({ origin: usdc, amountText: '1' })).toEqual({ origin: usdc, amountText: '1' })
    expect(sanitizeKeptForm({})).toEqual({})
    expect(logged).not.toHaveBeenCalled()
  })
})

describe('tokenInConfig', () => {
  it("uses the config's own details of a listed token, keeps an unlisted one, drops one of a network not there", () => {
    expect(tokenInConfig(manifest, usdc)?.symbol).toBe('USDC.e')
    const custom = { ...usdc, address: '0x1111111111111111111111111111111111111111' as const, symbol: 'CUST' }
    expect(tokenInConfig(manifest, custom)).toEqual(custom)
    expect(tokenInConfig(manifest, { ...usdc, chainId: 1 })).toBeUndefined()
    expect(tokenInConfig(manifest, undefined)).toBeUndefined()
  })
})

describe('disarmKeptForm', () => {
  it('clears the amount of the swap just sent, and keeps tokens and recipient', () => {
    keptFormStore.getState().replace({ ...EMPTY_FORM, origin: usdc, amountText: '12.50', recipientText: 'x' })
    disarmKeptForm({ origin: usdc, amount: 12_500_000n })
    expect(keptFormStore.getState()).toMatchObject({ origin: usdc, amountText: '', recipientText: 'x' })
  })

  it('leaves a form that already holds another swap alone', () => {
    keptFormStore.getState().replace({ ...EMPTY_FORM, origin: usdc, amountText: '13' })
    disarmKeptForm({ origin: usdc, amount: 12_500_000n })
    expect(keptFormStore.getState().amountText).toBe('13')
    const other = { ...usdc, chainId: 1337002 }
    keptFormStore.getState().replace({ ...EMPTY_FORM, origin: other, amountText: '12.5' })
    disarmKeptForm({ origin: usdc, amount: 12_500_000n })
    expect(keptFormStore.getState().amountText).toBe('12.5')
  })
})

describe('startNewSwap', () => {
  it('keeps the tokens and recipient, without an amount', () => {
    keptFormStore.getState().replace({ origin: usdc, destination: usdc, amountText: '5', recipientText: 'x' })
    startNewSwap()
    expect(keptFormStore.getState()).toMatchObject({
      origin: usdc,
      destination: usdc,
      amountText: '',
      recipientText: 'x',
    })
  })
})
