import { describe, expect, it } from 'vitest'
import { recordTransferEvent } from './context.ts'
import { indexReleased, indexSent } from './indexTransfers.ts'
import { DEADLINE, DESTINATION, id, ORIGIN, POOL, SOLVER, setUp, transferTerms, USER } from './testContext.ts'

// Indexing final Sent and ReleasedOnDestination logs, run on its own over a context of plain objects.

const sent = {
  chainId: ORIGIN,
  transferId: id(1),
  sender: USER,
  destinationChainId: BigInt(DESTINATION),
  destinationPool: POOL,
  destinationToken: USER,
  recipient: USER,
  amountOut: 1_000_000n,
  deadline: DEADLINE,
}

describe('indexing pool transfers', () => {
  it('records a transfer as it was sent, and attaches a release seen before it', async () => {
    const { context } = await setUp()
    indexReleased(context, { chainId: DESTINATION, transferId: id(1), txHash: id(99) })
    indexSent(context, sent)
    expect(context.store.value.transfers[id(1)]).toEqual({
      ...transferTerms,
      status: 'release-seen',
      releasedTx: id(99),
    })
    expect(context.store.value.orphanReleases).toEqual({})
  })

  it('never authorizes a transfer to a pool outside the manifest, nor counts a release for it', async () => {
    const { context } = await setUp()
    indexSent(context, { ...sent, destinationPool: SOLVER })
    indexReleased(context, { chainId: DESTINATION, transferId: id(1), txHash: id(99) })
    expect(context.store.value.transfers[id(1)]?.status).toBe('unreleasable')
  })

  it('keeps a not-released decision when a release shows up after it, and raises an alert', async () => {
    const { context, lines } = await setUp()
    indexSent(context, sent)
    recordTransferEvent(context, id(1), { type: 'decidedNotReleased', finalTime: DEADLINE + 1 })
    indexReleased(context, { chainId: DESTINATION, transferId: id(1), txHash: id(99) })
    expect(context.store.value.transfers[id(1)]).toMatchObject({ status: 'decided-not-released', releasable: true })
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', fields: expect.objectContaining({ alert: true }) }),
    )
  })
})
