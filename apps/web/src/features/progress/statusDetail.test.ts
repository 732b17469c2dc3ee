import { describe, expect, it } from 'vitest'
import zh from '../../i18n/locales/zh.ts'
import { statusDetailText } from './statusDetail.ts'

const LIFI_SUBSTATUSES = [
  'NOT_FOUND',
  'INVALID',
  'WAIT_SOURCE_CONFIRMATIONS',
  'WAIT_DESTINATION_TRANSACTION',
  'BRIDGE_NOT_AVAILABLE',
  'CHAIN_NOT_AVAILABLE',
  'REFUND_IN_PROGRESS',
  'UNKNOWN_ERROR',
  'PARTIAL',
  'REFUNDED',
  'NOT_PROCESSABLE_REFUND_NEEDED',
  'OUT_OF_GAS',
  'SLIPPAGE_EXCEEDED',
  'INSUFFICIENT_ALLOWANCE',
  'INSUFFICIENT_BALANCE',
  'EXPIRED',
]

describe('statusDetailText', () => {
  it("says the providers' known states in a sentence, each translated", () => {
    expect(statusDetailText({ status: 'deposited', statusDetail: 'WAIT_DESTINATION_TRANSACTION' })).toEqual({
      key: 'Waiting for the transfer on the destination chain',
    })
    expect(statusDetailText({ status: 'deposited', statusDetail: 'expired' })).toEqual({
      key: 'Expired — the refund is on its way',
    })
    for (const detail of [...LIFI_SUBSTATUSES, 'expired', 'refunded']) {
      const text = statusDetailText({ status: 'deposited', statusDetail: detail })
      expect(text, detail).toHaveProperty('key')
      expect(zh[(text as { key: string }).key], detail).toBeTruthy()
    }
  })

  it('falls back to the raw code for one it does not know, and says nothing without one', () => {
    expect(statusDetailText({ status: 'deposited', statusDetail: 'SOMETHING_NEW' })).toEqual({ raw: 'SOMETHING_NEW' })
    expect(statusDetailText({ status: 'deposited', statusDetail: 'toString' })).toEqual({ raw: 'toString' })
    expect(statusDetailText({ status: 'deposited' })).toBeUndefined()
    expect(statusDetailText({ status: 'deposited', statusDetail: ' ' })).toBeUndefined()
  })

  it('notes a refund to the person when the provider said nothing else (SPEC §5 shows it as Failed)', () => {
    expect(statusDetailText({ status: 'refunded' })).toEqual({ key: 'Refunded' })
    expect(zh.Refunded).toBeTruthy()
    expect(statusDetailText({ status: 'failed' })).toBeUndefined()
    expect(statusDetailText({ status: 'refunded', statusDetail: 'refunded' })).toEqual({
      key: 'The provider returned the tokens',
    })
  })
})
