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
