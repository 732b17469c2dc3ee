import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FIXTURE_ACCOUNT, FIXTURE_DEPOSIT_TX, lifiFixtures } from '../../../test/fixtures/index.ts'
import { baseWithDeliveries, LIFI_DELIVERY } from '../../../test/support/lifiDelivery.ts'
import {
  arbitrumRoutes,
  type ProductionTestbed,
  startProductionTestbed,
} from '../../../test/support/productionTestbed.ts'
import { restoreWith } from '../../../test/support/restoreWith.ts'

/** History's restore from LI.FI's transfer list takes a swap only when its origin chain shows the deposit. */
let bed: ProductionTestbed

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({
    ...baseWithDeliveries([LIFI_DELIVERY]),
    ...arbitrumRoutes(),
    '/v1/analytics/transfers': { body: lifiFixtures.transfers },
  })
})

const [first] = lifiFixtures.transfers.transfers as (typeof lifiFixtures.statusRefunded & { sending: object })[]

describe('LI.FI restore', () => {
  it('does not restore a swap whose deposit the origin chain does not have', async () => {
    const PHANTOM = `0x${'ee'.repeat(32)}`
    const phantom = {
      ...first,
      sending: { ...(first?.sending as object), txHash: PHANTOM },
      status: 'DONE',
      substatus: 'REFUNDED',
      receiving: { ...(first as { receiving: object }).receiving, chainId: 42161, txHash: `0x${'ef'.repeat(32)}` },
    }
    bed.server.setRoutes({ '/v1/analytics/transfers': { body: { transfers: [phantom] } } })
    const restored = await restoreWith(bed.lifi, FIXTURE_ACCOUNT)
    // Arbitrum has no such deposit (its RPC knows only the fixtures' deposit): nothing to restore.
    expect(restored.map((record) => `${record.id} ${record.status}`)).toEqual([])
  })

  it('restores a listed deposit only when it succeeded, from the person, to LI.FI’s contract', async () => {
    bed.server.setRoutes({ '/v1/analytics/transfers': { body: { transfers: [first] } } })
    expect((await restoreWith(bed.lifi, FIXTURE_ACCOUNT)).map((record) => record.id)).toEqual([FIXTURE_DEPOSIT_TX])
    // The same deposit sent to another contract than LI.FI's: not a LI.FI swap.
    bed.server.setRoutes(arbitrumRoutes('0x000000000000000000000000000000000000dEaD'))
    expect(await restoreWith(bed.lifi, FIXTURE_ACCOUNT)).toEqual([])
    // Listed for someone else than the sender of the deposit: not theirs to restore.
    bed.server.setRoutes(arbitrumRoutes())
    expect(await restoreWith(bed.lifi, '0x000000000000000000000000000000000000bEEF')).toEqual([])
  })

  it('names the origin chain that does not answer, rather than restoring the swap on LI.FI’s word', async () => {
    bed.server.setRoutes({
      '/v1/analytics/transfers': { body: { transfers: [first] } },
      'POST /rpc/42161': { status: 503, body: { message: 'down' } },
    })
    await expect(restoreWith(bed.lifi, FIXTURE_ACCOUNT)).rejects.toMatchObject({
      code: 'chainUnreachable',
      chainId: 42161,
    })
  })
})

describe('LI.FI receipt (anyone, from the deposit hash)', () => {
  const receiptOf = (hash: `0x${string}`) => bed.clients.get(42161)!.getTransactionReceipt({ hash })
  const findByDeposit = async () => bed.lifi.findSwapByDeposit!(42161, await receiptOf(FIXTURE_DEPOSIT_TX))

  it("reads a deposit into LI.FI's diamond: its call from the chain, LI.FI's status of it, the delivery as Base shows it", async () => {
    bed.server.setRoutes({ '/v1/status': { body: lifiFixtures.statusDone } })
    const found = await findByDeposit()
    expect(found?.record).toMatchObject({
      providerId: 'lifi',
      owner: FIXTURE_ACCOUNT,
      recipient: FIXTURE_ACCOUNT,
      origin: { amount: '100000000', token: { symbol: 'USDC', chainId: 42161 } },
      destination: { token: { symbol: 'USDC', chainId: 8453 } },
      depositTx: FIXTURE_DEPOSIT_TX,
    })
    expect(found?.event).toMatchObject({ type: 'delivered' })
    expect(found?.providerWord).toBe(true)
    const asked = bed.server.requests.filter((request) => request.path === '/v1/status').at(-1)
    expect(asked?.query).toMatchObject({ txHash: FIXTURE_DEPOSIT_TX, fromChain: '42161' })
  })

  it('refuses a status naming another receiver or chain than the deposit signed, and knows no other contract’s deposit', async () => {
    const elsewhere = { ...lifiFixtures.statusDone, toAddress: '0x000000000000000000000000000000000000bEEF' }
    bed.server.setRoutes({ '/v1/status': { body: elsewhere } })
    await expect(findByDeposit()).rejects.toMatchObject({ code: 'invalidResponse' })
    const done = lifiFixtures.statusDone as { receiving: { chainId: number; token: { chainId: number } } }
    const optimism = {
      ...done,
      receiving: { ...done.receiving, chainId: 10, token: { ...done.receiving.token, chainId: 10 } },
    }
    bed.server.setRoutes({ '/v1/status': { body: optimism } })
    await expect(findByDeposit()).rejects.toMatchObject({ code: 'invalidResponse' })
    // The same transaction sent to another contract: not LI.FI's, whatever LI.FI says.
    bed.server.setRoutes({
      ...arbitrumRoutes('0x000000000000000000000000000000000000dEaD'),
      '/v1/status': { body: lifiFixtures.statusDone },
    })
    expect(await findByDeposit()).toBeUndefined()
  })
})
