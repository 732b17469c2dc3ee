import { poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult } from 'viem'
import { describe, expect, it } from 'vitest'
import { advanceTransfer } from './advance.ts'
import { releaseTransfer } from './release.ts'
import { RELEASE_GAS_CAP } from './sendRelease.ts'
import { attesterAnswer, DESTINATION, NOW, setUp, TRANSFER_ID } from './testContext.ts'
import { applyRelayerEvent } from './transferMachine.ts'

// The release operation run on its own, over fake chains and a fake attester (testContext.ts).

const step = (context: Awaited<ReturnType<typeof setUp>>['context']) =>
  advanceTransfer(context, { transferId: TRANSFER_ID })

describe('releasing a pool transfer', () => {
  it('pays an authorized transfer once, under the gas cap, and records it released once final', async () => {
    const { world, context, stored } = await setUp({ attester: attesterAnswer('pending') })
    await step(context)
    expect(world.sent).toEqual([expect.objectContaining({ chainId: DESTINATION, functionName: 'release' })])
    expect(world.sent[0]!.gas).toBeLessThanOrEqual(RELEASE_GAS_CAP)
    expect(stored()).toMatchObject({ status: 'pending', releaseTx: expect.any(String) })
    // Mined but not final: nothing sent again, still pending, and nobody asked while it waits for its finality.
    world.released = true
    const asked = world.attesterAsked
    await step(context)
    await step(context)
    expect(stored().status).toBe('pending')
    expect(world.attesterAsked).toBe(asked)
    world.finalReleased = true
    await step(context)
    expect(stored()).toMatchObject({ status: 'released', releaseTx: expect.any(String) })
    expect(world.sent).toHaveLength(1)
  })

  it("sends a release again that a reorg dropped (or that was never mined), on the attesters' answer", async () => {
    const { world, context, stored } = await setUp({ attester: attesterAnswer('pending') })
    await step(context)
    expect(stored()).toMatchObject({ status: 'pending', releaseTx: expect.any(String) })
    const asked = world.attesterAsked
    // Not on the destination: the full step again, the attesters asked, the release sent again.
    await step(context)
    expect(world.attesterAsked).toBeGreaterThan(asked)
    expect(world.sent).toHaveLength(2)
  })

  it('waits for a release still in the node pool instead of sending another, and sends again once it is gone', async () => {
    const { world, context, stored } = await setUp({ attester: attesterAnswer('pending') })
    // Sent; the chain is slow: its receipt wait gives up, the release stays in the node's pool.
    context.chains.get(DESTINATION)!.waitForReceipt = async () => {
      throw new Error('Timed out while waiting for transaction to be confirmed')
    }
    await step(context)
    const transfer = stored()
    const releaseTx = transfer.status === 'pending' ? transfer.releaseTx : undefined
    expect(releaseTx).toBeDefined()
    world.transactions[releaseTx!] = 'pending'
    await step(context)
    await step(context)
    expect(world.sent).toHaveLength(1)
    expect(stored()).toMatchObject({ status: 'pending', releaseTx })
    // Dropped from the pool: sent again.
    delete world.transactions[releaseTx!]
    await step(context)
    expect(world.sent).toHaveLength(2)
  })

  it('records a release by its hash before its receipt is waited for', async () => {
    const { world, context, stored } = await setUp({ attester: attesterAnswer('pending') })
    context.chains.get(DESTINATION)!.waitForReceipt = async () => {
      throw new Error('Timed out while waiting for transaction to be confirmed')
    }
    await step(context)
    expect(world.sent).toHaveLength(1)
    expect(stored()).toMatchObject({ status: 'pending', releaseTx: expect.any(String), lastError: expect.any(String) })
  })
})

describe('not releasing a pool transfer', () => {
  it('records a transfer the attester says was not released, and never pays it', async () => {
    const { world, context, stored, lines } = await setUp({ attester: attesterAnswer('not-released') })
    await step(context)
    expect(stored().status).toBe('not-released')
    expect(lines.map((line) => line.msg)).toContain(
      'transfer was not released before its deadline; the sender can refund',
    )
    // Even if the attester's answer were to change, a not-released transfer is final: not asked again, not paid.
    world.attester = attesterAnswer('pending')
    const asked = world.attesterAsked
    await step(context)
    await releaseTransfer(context, { transfer: stored() })
    expect(world.attesterAsked).toBe(asked)
    expect(world.sent).toEqual([])
  })

  it('skips a transfer already decided not released, before asking anyone', async () => {
    const { world, context } = await setUp({ attester: attesterAnswer('pending') }, (seen) =>
      applyRelayerEvent(seen, { type: 'notReleased', at: 2 }),
    )
    await step(context)
    expect([world.attesterAsked, world.sent.length]).toEqual([0, 0])
  })

  it('does not pay a deposit its sender took back on the origin', async () => {
    const { world, context, stored } = await setUp({
      attester: attesterAnswer('pending'),
      finalDeposit: poolBridgeStatus.Refunded,
    })
    await step(context)
    expect(stored().status).toBe('refunded')
    expect(world.sent).toEqual([])
  })

  it('holds a release that could not be finalized before the sender may refund unattested, saying why once', async () => {
    // Well before its deadline, but too near its `expires` (NOW + 4,200) for the finalize to land.
    const { world, context, stored, lines } = await setUp(
      { attester: attesterAnswer('pending'), now: NOW + 4_190 },
      (seen) => ({
        ...seen,
        deadline: NOW + 5_000,
      }),
    )
    await step(context)
    await step(context)
    expect(stored()).toMatchObject({ status: 'pending', reason: 'too little time before the sender could refund' })
    expect(lines.filter((line) => line.msg.startsWith('not releasing'))).toHaveLength(1)
    expect(world.sent).toEqual([])
  })

  it('declines a release that would revert for good, and never sends it', async () => {
    const data = encodeErrorResult({ abi: poolBridgeAbi, errorName: 'ZeroAddress' })
    const cause = new ContractFunctionRevertedError({ abi: poolBridgeAbi, data, functionName: 'release' })
    const estimate = new ContractFunctionExecutionError(cause, {
      abi: poolBridgeAbi,
      functionName: 'release',
      args: [],
    })
    const { world, context, stored } = await setUp({ attester: attesterAnswer('pending'), estimate })
    await step(context)
    expect(stored()).toMatchObject({ status: 'declined', reason: 'the release would revert (ZeroAddress)' })
    expect(world.sent).toEqual([])
  })

  it('retries a failing step, keeping what failed, and a release above the gas cap is declined', async () => {
    const { world, context, stored } = await setUp({ attester: attesterAnswer('pending') })
    context.attester.transfer = async () => {
      throw new Error('socket hang up')
    }
    await step(context)
    expect(stored()).toMatchObject({ status: 'pending', lastError: 'socket hang up' })
    context.attester.transfer = async () => attesterAnswer('pending')
    world.estimate = RELEASE_GAS_CAP * 50n
    await step(context)
    expect(stored().status).toBe('declined')
    expect(world.sent).toEqual([])
  })
})
