import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { acrossFeesAt, acrossFixtures, FIXTURE_ACCOUNT, FIXTURE_FILL_TX } from '../../../test/fixtures/index.ts'
import { type ProductionTestbed, startProductionTestbed } from '../../../test/support/productionTestbed.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import { InvalidQuoteError, InvalidResponseError } from '../../routes/routeErrors.ts'
import type { Route } from '../../routes/types.ts'
import { checkDeposit } from '../../signing/checkDeposit.ts'
import { SignedMismatchError } from '../../signing/signingErrors.ts'
import { executeRoute } from '../../swaps/execute/executeRoute.ts'
import type { WalletAdapter } from '../../swaps/walletAdapter.ts'
import { spokePoolDepositV3Abi } from './acrossSchemas.ts'

// Hostile Across answers, each signed or believed before issue #27: the app encodes `depositV3` itself, so what an
// answer can still change is in the route's data (output, exclusivity) and in the status it reports.
let bed: ProductionTestbed
const THIEF = '0x000000000000000000000000000000000000bEEF'
const ARBITRUM_POOL = '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A'
const fees = () => acrossFeesAt(acrossFixtures.suggestedFees, Math.floor(Date.now() / 1000))

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => bed.server.setRoutes({ '/api/suggested-fees': { body: fees() } }))

const wallet = (): WalletAdapter & { sendTransaction: ReturnType<typeof vi.fn> } => ({
  account: FIXTURE_ACCOUNT,
  getChainId: async () => 42161,
  switchChain: async () => {},
  sendTransaction: vi.fn(async () => `0x${'1'.repeat(64)}` as const),
})
/** Runs the route through the executor; returns its error and whether anything reached the wallet. */
async function execute(route: Route) {
  const person = wallet()
  const error = await executeRoute({
    route,
    provider: bed.across,
    wallet: person,
    clients: bed.clients,
    refreshRoute: async () => route,
    onUpdate: () => {},
  }).catch((e) => e)
  return { error, sent: person.sendTransaction.mock.calls.length }
}

describe('Across: what is signed is the request', () => {
  it('refuses a route whose deposit asks less output than the route shows, or another output token', async () => {
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    for (const data of [{ outputAmount: '1' }, { outputToken: THIEF }]) {
      const { error, sent } = await execute({ ...route, data: { ...route.data, ...data } })
      expect(error).toBeInstanceOf(SignedMismatchError)
      expect(error.field).toBe('output')
      expect(sent).toBe(0)
    }
  })

  it('refuses an answer that gives one relayer a long exclusivity over the deposit', async () => {
    bed.server.setRoutes({
      '/api/suggested-fees': { body: { ...fees(), exclusiveRelayer: THIEF, exclusivityDeadline: 3 * 24 * 3600 } },
    })
    const error = await bed.across.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidQuoteError)
    expect(error.code).toBe('invalidQuote')
  })

  it('shows a short exclusivity in what is signed', async () => {
    bed.server.setRoutes({
      '/api/suggested-fees': { body: { ...fees(), exclusiveRelayer: THIEF, exclusivityDeadline: 10 } },
    })
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    const plan = await bed.across.planDeposit(route)
    const decoded = bed.across.decodeDeposit(plan.transaction, route)
    expect(decoded.details).toContainEqual({ label: 'Exclusive relayer', kind: 'address', value: THIEF })
  })

  it('decodes depositV3 itself: another depositor, recipient, chain, a message, or another function is refused', async () => {
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    const plan = await bed.across.planDeposit(route)
    const honest = decodeFunctionData({
      abi: spokePoolDepositV3Abi,
      data: plan.transaction.data,
    }).args
    const withArgs = (index: number, value: unknown) => {
      const args = [...honest] as unknown[]
      args[index] = value
      const data = encodeFunctionData({ abi: spokePoolDepositV3Abi, functionName: 'depositV3', args: args as never })
      return { ...plan, transaction: { ...plan.transaction, data } }
    }
    const fieldOf = (hostile: typeof plan) => {
      try {
        checkDeposit(route, { plan: hostile, decoded: bed.across.decodeDeposit(hostile.transaction, route) }, [
          ARBITRUM_POOL,
        ])
      } catch (error) {
        return (error as SignedMismatchError).field ?? (error as Error).name
      }
    }
    expect(fieldOf(plan)).toBeUndefined()
    expect(fieldOf(withArgs(0, THIEF))).toBe('refundTo')
    expect(fieldOf(withArgs(1, THIEF))).toBe('recipient')
    expect(fieldOf(withArgs(6, 10n))).toBe('destinationChain')
    expect(fieldOf(withArgs(4, 1n))).toBe('amount')
    expect(fieldOf(withArgs(11, '0x1234'))).toBe('destinationCall')
    expect(() => bed.across.decodeDeposit({ ...plan.transaction, data: '0xa9059cbb' as Hex }, route)).toThrow(
      UnknownContractError,
    )
  })
})

describe('Across: what the answer promises must be fillable (issue #52)', () => {
  const nowSeconds = () => Math.floor(Date.now() / 1000)
  const refusal = async (request: typeof bed.usdcRequest, body: object) => {
    bed.server.setRoutes({ '/api/suggested-fees': { body } })
    return bed.across.getQuote(request).catch((e) => e)
  }

  it('refuses an output larger than what is sent, of the same asset (USDC, USDC of 18 decimals, WETH to ETH)', async () => {
    const usdc = await refusal(bed.usdcRequest, { ...fees(), outputAmount: '100000001' })
    const bnb = await refusal(
      { ...bed.usdcRequest, destination: bed.token(56, 'usdc') },
      { ...acrossFeesAt(acrossFixtures.suggestedFeesBnbUsdc, nowSeconds()), outputAmount: '100000000000000000001' },
    )
    const weth = await refusal(
      {
        ...bed.usdcRequest,
        amount: 10n ** 18n,
        origin: bed.token(42161, 'weth'),
        destination: bed.token(8453, 'native'),
      },
      { ...acrossFeesAt(acrossFixtures.suggestedFeesWeth, nowSeconds()), outputAmount: '1000000000000000001' },
    )
    for (const error of [usdc, bnb, weth]) {
      expect(error).toBeInstanceOf(InvalidQuoteError)
      expect(error.details).toMatch(/more than is sent/)
    }
    // All of it arriving (no fee) is not more than is sent.
    expect(await refusal(bed.usdcRequest, { ...fees(), outputAmount: '100000000' })).toMatchObject({
      outputAmount: 100_000_000n,
    })
  })

  it('refuses a fill deadline that leaves a relayer no time to fill after the quote expires', async () => {
    for (const ahead of [120, 600]) {
      const error = await refusal(bed.usdcRequest, { ...fees(), fillDeadline: String(nowSeconds() + ahead) })
      expect(error).toBeInstanceOf(InvalidQuoteError)
      expect(error.details).toMatch(/fill deadline/)
    }
  })

  it('refuses an exclusivity that outlasts the fill deadline, as an offset or as a time', async () => {
    for (const [exclusivityDeadline, ahead] of [
      [600, 300],
      [nowSeconds() + 800, 700],
    ] as const) {
      const error = await refusal(bed.usdcRequest, {
        ...fees(),
        exclusiveRelayer: THIEF,
        exclusivityDeadline,
        fillDeadline: String(nowSeconds() + ahead),
      })
      expect(error).toBeInstanceOf(InvalidQuoteError)
      expect(error.details).toMatch(/outlasts the fill deadline/)
    }
  })

  it('refuses an exclusivity given as a time far ahead', async () => {
    const error = await refusal(bed.usdcRequest, {
      ...fees(),
      exclusiveRelayer: THIEF,
      exclusivityDeadline: nowSeconds() + 3 * 24 * 3600,
    })
    expect(error).toBeInstanceOf(InvalidQuoteError)
    expect(error.details).toMatch(/long exclusivity/)
  })

  it('signs no exclusivity without an exclusive relayer (a SpokePool would let nobody fill, or revert)', async () => {
    bed.server.setRoutes({ '/api/suggested-fees': { body: { ...fees(), exclusivityDeadline: 3 * 24 * 3600 } } })
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    const plan = await bed.across.planDeposit(route)
    expect(decodeFunctionData({ abi: spokePoolDepositV3Abi, data: plan.transaction.data }).args[10]).toBe(0)
  })
})

describe('Across: a status counts only for this deposit, and a fill only once Base shows it', () => {
  const filled = (change: object) => ({
    ...acrossFixtures.statusFilled,
    ...change,
  })

  it('refuses a "filled" about another deposit, about none, or from another chain', async () => {
    for (const change of [
      { depositTxnRef: `0x${'ab'.repeat(32)}`, depositTxHash: null },
      { depositTxnRef: null, depositTxHash: null },
      { originChainId: 1 },
      { destinationChainId: 10 },
    ]) {
      bed.server.setRoutes({ '/api/deposit/status': { body: filled(change) } })
      const error = await bed.across.track(bed.depositedRecord('across')).catch((e) => e)
      expect(error).toBeInstanceOf(InvalidResponseError)
      expect(error.code).toBe('invalidResponse')
    }
  })

  it("keeps a made-up fill as Swapping with the provider's word", async () => {
    const madeUp = `0x${'99'.repeat(32)}`
    bed.server.setRoutes({ '/api/deposit/status': { body: filled({ fillTx: madeUp, fillTxnRef: madeUp }) } })
    const record = await bed.trackOnce('across')
    expect(record.status).toBe('deposited')
    expect(record.statusDetail).toBe('DELIVERY_NOT_ON_CHAIN')
  })

  it('keeps a real Base transaction that paid the recipient another token as Swapping', async () => {
    // 0x2525…: a fill on Base that paid cbBTC, not this swap's USDC.
    const other = `0x${'25'.repeat(32)}`
    bed.server.setRoutes({ '/api/deposit/status': { body: filled({ fillTx: other, fillTxnRef: other }) } })
    expect((await bed.trackOnce('across')).status).toBe('deposited')
  })

  it('completes on the real fill, with its block time', async () => {
    bed.server.setRoutes({ '/api/deposit/status': { body: filled({}) } })
    const record = await bed.trackOnce('across')
    expect(record).toMatchObject({ status: 'completed', deliveryTx: FIXTURE_FILL_TX })
  })
})
