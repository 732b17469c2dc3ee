import type { NetworkCost, TokenRef } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { checkGas, maxNativeAmount, type NativeCoin } from './gasCheck.ts'

const ETH: NativeCoin = { symbol: 'ETH', decimals: 18, network: 'Local Chain A' }
const token = (kind: TokenRef['kind']): TokenRef => ({
  chainId: 1337001,
  address:
    kind === 'native' ? '0x0000000000000000000000000000000000000000' : '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  symbol: kind === 'native' ? 'ETH' : 'USDC',
  decimals: kind === 'native' ? 18 : 6,
  kind,
})
/**
 * 255,000 gas kept (232,000 estimated) at 1 gwei, up to 1.2 gwei as a wallet may ask, plus `value` sent with the
 * deposit.
 */
const cost = (value = 0n): NetworkCost => {
  const maxFee = 255_000n * 1_200_000_000n
  return {
    chainId: 1337001,
    steps: [],
    gas: 255_000n,
    feePerGas: 1_000_000_000n,
    maxFeePerGas: 1_200_000_000n,
    fee: 255_000n * 1_000_000_000n,
    maxFee,
    value,
    total: maxFee + value,
    required: 232_000n * 1_200_000_000n + value,
    approximate: true,
  }
}
const SAID = { coin: 'ETH', network: 'Local Chain A', amount: '0.000306 ETH' }

describe('checkGas', () => {
  it('says nothing until both the estimate and the native balance are known', () => {
    expect(checkGas({ cost: undefined, nativeBalance: 1n, origin: token('usdc'), amount: 1n, coin: ETH })).toEqual({
      status: 'unknown',
    })
    expect(checkGas({ cost: cost(), nativeBalance: undefined, origin: token('usdc'), amount: 1n, coin: ETH })).toEqual({
      status: 'unknown',
    })
  })

  it('is short when the native balance cannot pay the approval and the deposit, and says about how much', () => {
    // The account: 0.00000001 ETH on Local Chain A.
    const usdc = { origin: token('usdc'), amount: 10n ** 6n, coin: ETH }
    expect(checkGas({ cost: cost(), nativeBalance: 10_000_000_000n, ...usdc })).toEqual({
      status: 'short',
      values: SAID,
    })
    // Enough from the node's own estimates at a wallet's max fee: the margin is what Max keeps, not a requirement.
    const { required, total } = cost()
    expect(checkGas({ cost: cost(), nativeBalance: required - 1n, ...usdc }).status).toBe('short')
    expect(checkGas({ cost: cost(), nativeBalance: required, ...usdc }).status).toBe('enough')
    expect(checkGas({ cost: cost(), nativeBalance: total, ...usdc }).status).toBe('enough')
  })

  it('counts the native amount itself in what the balance must hold, and says the gas part', () => {
    const amount = 10n ** 18n
    const sending = cost(amount)
    const eth = { cost: sending, origin: token('native'), amount, coin: ETH }
    // One ETH, all of it sent: nothing left for gas.
    expect(checkGas({ ...eth, nativeBalance: amount })).toEqual({ status: 'short', values: SAID })
    expect(checkGas({ ...eth, nativeBalance: amount + cost().maxFee })).toEqual({ status: 'enough' })
  })
})

describe('maxNativeAmount', () => {
  it('keeps exactly the reserve', () => {
    expect(maxNativeAmount(10n ** 18n, cost().maxFee, ETH)).toEqual({ ok: true, amount: 10n ** 18n - cost().maxFee })
  })

  it('fills nothing when the balance does not pay the gas, and says why', () => {
    for (const balance of [0n, 10_000_000_000n, cost().maxFee]) {
      expect(maxNativeAmount(balance, cost().maxFee, ETH)).toEqual({ ok: false, values: SAID })
    }
  })
})
