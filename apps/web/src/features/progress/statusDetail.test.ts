import { ChainUnreachableError, PROVIDER_MODULES, type SwapRecord } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { withProviderWords } from '../../i18n/index.ts'
import zhStrings from '../../i18n/locales/zh.ts'
import { statusDetailText } from './statusDetail.ts'

/** The Traditional Chinese strings as the app loads them: its own and the provider modules' words. */
const zh = withProviderWords('zh', zhStrings)

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
    expect(
      statusDetailText({ providerId: 'lifi', status: 'deposited', statusDetail: 'WAIT_DESTINATION_TRANSACTION' }),
    ).toEqual({ key: 'Waiting for the transfer on the destination chain' })
    expect(statusDetailText({ providerId: 'across', status: 'deposited', statusDetail: 'expired' })).toEqual({
      key: 'Expired — the refund is on its way',
    })
    for (const [providerId, details] of [
      ['lifi', LIFI_SUBSTATUSES],
      ['across', ['slowFillRequested', 'expired', 'refunded', 'deposit-failed']],
    ] as const) {
      for (const detail of details) {
        const text = statusDetailText({ providerId, status: 'deposited', statusDetail: detail })
        expect(text, detail).toHaveProperty('key')
        expect(zh[(text as { key: string }).key], detail).toBeTruthy()
      }
    }
  })

  it("reads a provider's words from its own module: another provider's code is shown raw", () => {
    expect(statusDetailText({ providerId: 'across', status: 'deposited', statusDetail: 'PARTIAL' })).toEqual({
      raw: 'PARTIAL',
    })
    expect(statusDetailText({ providerId: 'unknown', status: 'deposited', statusDetail: 'expired' })).toEqual({
      raw: 'expired',
    })
  })

  it('falls back to the raw code for one it does not know, and says nothing without one', () => {
    const lifi = { providerId: 'lifi', status: 'deposited' } as const
    expect(statusDetailText({ ...lifi, statusDetail: 'SOMETHING_NEW' })).toEqual({ raw: 'SOMETHING_NEW' })
    expect(statusDetailText({ ...lifi, statusDetail: 'toString' })).toEqual({ raw: 'toString' })
    expect(statusDetailText({ ...lifi })).toBeUndefined()
    expect(statusDetailText({ ...lifi, statusDetail: ' ' })).toBeUndefined()
  })

  it('notes a refund to the person when the provider said nothing else (SPEC §5 shows it as Failed)', () => {
    expect(statusDetailText({ providerId: 'intent', status: 'refunded' })).toEqual({ key: 'Refunded' })
    expect(zh.Refunded).toBeTruthy()
    expect(statusDetailText({ providerId: 'intent', status: 'failed' })).toBeUndefined()
    expect(statusDetailText({ providerId: 'across', status: 'refunded', statusDetail: 'refunded' })).toEqual({
      key: 'The provider returned the tokens',
    })
  })
})

describe('provider modules', () => {
  it.each(PROVIDER_MODULES.map((module) => [module.id, module] as const))(
    '%s: every status sentence and fee label it uses has its Traditional Chinese, its status sentences in its own words',
    (_id, module) => {
      const keys = [...Object.values(module.statusWording), ...module.feeLabels]
      expect(keys.filter((key) => !zh[key])).toEqual([])
      const own = module.words?.zh ?? {}
      expect(Object.values(module.statusWording).filter((sentence) => !own[sentence])).toEqual([])
    },
  )
})

describe('statusDetailText while a chain of the swap does not answer', () => {
  const overdue = { status: 'deposited', providerId: 'intent', statusDetail: 'SOLVER_DECLINED' } as Pick<
    SwapRecord,
    'status' | 'providerId' | 'statusDetail'
  >
  const down = { error: new ChainUnreachableError(31338, 'Local Chain B'), since: 0, failures: 1 }

  it("does not blame the solver: the chain that is down is named instead (the row's and the dialog's notice)", () => {
    expect(statusDetailText(overdue)).toEqual({ key: expect.stringMatching(/solver/i) })
    expect(statusDetailText(overdue, down)).toBeUndefined()
    expect(statusDetailText({ ...overdue, statusDetail: 'SOLVER_NOT_AVAILABLE' }, down)).toBeUndefined()
  })

  it("keeps the solver's word when the looks fail for another reason, and after the swap ended", () => {
    expect(statusDetailText(overdue, { error: new Error('rate limited'), since: 0, failures: 3 })).toBeDefined()
    expect(statusDetailText({ ...overdue, status: 'refundable' }, down)).toBeDefined()
  })
})
