import { poolBridgeStatus } from '@multi-bridge/contracts'
import { describe, expect, it } from 'vitest'
import { advanceTransfer } from './advance.ts'
import { attesterAnswer, ORIGIN, setUp, TRANSFER_ID } from './testContext.ts'
import { applyRelayerEvent } from './transferMachine.ts'

// The finalize operation run on its own, over fake chains and a fake attester (testContext.ts).

const released = { type: 'released', at: 2 } as const

describe('finalizing a released pool transfer', () => {
  it('finalizes with the released attestation, and records it finalized once final on the origin', async () => {
    const { world, context, stored, lines } = await setUp({ attester: attesterAnswer('released') }, (seen) =>
      applyRelayerEvent(seen, released),
    )
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(world.sent).toEqual([
      expect.objectContaining({
        chainId: ORIGIN,
        functionName: 'finalize',
        args: [TRANSFER_ID, `0x${'ab'.repeat(65)}`],
      }),
    ])
    expect(stored()).toMatchObject({ status: 'released', finalizeTx: expect.any(String) })
    // Mined, not final yet: nothing recorded, nothing sent again.
    world.deposit = poolBridgeStatus.Finalized
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(stored().status).toBe('released')
    world.finalDeposit = poolBridgeStatus.Finalized
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(stored()).toMatchObject({ status: 'finalized', finalizeTx: expect.any(String) })
    expect(world.sent).toHaveLength(1)
    expect(lines.map((line) => line.msg)).toContain('transfer finalized')
  })

  it('waits for a finalize still in the node pool instead of sending another, and sends again once it reverted', async () => {
    const { world, context, stored } = await setUp({ attester: attesterAnswer('released') }, (seen) =>
      applyRelayerEvent(seen, released),
    )
    // Sent; the origin is slow: its receipt wait gives up, the finalize stays in the node's pool.
    context.chains.get(ORIGIN)!.waitForReceipt = async () => {
      throw new Error('Timed out while waiting for transaction to be confirmed')
    }
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    const transfer = stored()
    const finalizeTx = transfer.status === 'released' ? transfer.finalizeTx : undefined
    expect(finalizeTx).toBeDefined()
    world.transactions[finalizeTx!] = 'pending'
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(world.sent).toHaveLength(1)
    world.transactions[finalizeTx!] = 'reverted'
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(world.sent).toHaveLength(2)
  })

  it('sends no finalize without a released attestation', async () => {
    const { world, context, stored } = await setUp({ attester: attesterAnswer('pending') }, (seen) =>
      applyRelayerEvent(seen, released),
    )
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(world.sent).toEqual([])
    expect(stored().status).toBe('released')
  })

  it('alerts when a deposit it paid out is refunded on the origin, once that is final', async () => {
    const { world, context, stored, lines } = await setUp(
      { attester: attesterAnswer('released'), deposit: poolBridgeStatus.Refunded },
      (seen) => applyRelayerEvent(seen, released),
    )
    // Refunded at the latest block only (a reorg may take it back): not the end of the transfer yet.
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(stored().status).toBe('released')
    world.finalDeposit = poolBridgeStatus.Refunded
    await advanceTransfer(context, { transferId: TRANSFER_ID })
    expect(stored().status).toBe('refunded')
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', fields: expect.objectContaining({ alert: true }) }),
    )
    expect(world.sent).toEqual([])
  })
})
