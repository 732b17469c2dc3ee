import { intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import { type Hex, parseEventLogs } from 'viem'
import type { LoadChain } from './chains.ts'
import type { BlockClock } from './observe.ts'
import type { LoadItem } from './orders.ts'

/**
 * The attester's decision latency on a sample of the well-formed items: from the moment the item is final
 * (a transfer's Sent on its origin; an order's fill on its destination, which the attester decides on) to
 * the moment its answer is there (the release authorization; the `filled` attestation). Polled every
 * `pollMs`, so each figure is late by up to that much.
 */
export type LatencySample = { n: number; kind: LoadItem['kind']; ms: number }

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const finalAt = (clock: BlockClock, chain: LoadChain, block: bigint) =>
  clock.firstSeen(chain.index, block + BigInt(chain.config.confirmations ?? 1))

type Answer = { status: string; release?: unknown; fillTx?: Hex | null }

async function answer(url: string): Promise<Answer | undefined> {
  const response = await fetch(url).catch(() => undefined)
  if (response?.status !== 200) return undefined
  return (await response.json()) as Answer
}

async function idOf(item: LoadItem): Promise<Hex> {
  const receipt = await item.origin.public.waitForTransactionReceipt({ hash: item.txHash as Hex, timeout: 120_000 })
  const [log] =
    item.kind === 'intent'
      ? parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: receipt.logs }).map(
          (l) => l.args.orderId,
        )
      : parseEventLogs({ abi: poolBridgeAbi, eventName: 'Sent', logs: receipt.logs }).map((l) => l.args.transferId)
  if (!log) throw new Error(`item ${item.n}: no Open/Sent in its receipt`)
  item.openBlock = receipt.blockNumber
  return log
}

/** Follows one item until the attester answers; undefined when it gives up (after `timeoutMs`). */
export async function measureDecision(
  attesterUrl: string,
  clock: BlockClock,
  item: LoadItem,
  { pollMs = 500, timeoutMs = 300_000 } = {},
): Promise<LatencySample | undefined> {
  if (!item.txHash) return undefined
  const id = await idOf(item).catch(() => undefined)
  if (!id || item.openBlock === undefined) return undefined
  const url = `${attesterUrl}/v1/${item.kind === 'intent' ? 'intents' : 'transfers'}/${id}`
  const giveUp = Date.now() + timeoutMs
  while (Date.now() < giveUp) {
    const body = await answer(url)
    const answeredAt = Date.now()
    if (item.kind === 'transfer' && body?.release) {
      const final = finalAt(clock, item.origin, item.openBlock)
      return final === undefined ? undefined : { n: item.n, kind: item.kind, ms: answeredAt - final }
    }
    if (item.kind === 'intent' && body?.status === 'filled' && body.fillTx) {
      const fill = await item.destination.public.getTransactionReceipt({ hash: body.fillTx })
      const final = finalAt(clock, item.destination, fill.blockNumber)
      return final === undefined ? undefined : { n: item.n, kind: item.kind, ms: answeredAt - final }
    }
    if (body?.status === 'not-filled' || body?.status === 'not-released') return undefined
    await pause(pollMs)
  }
  return undefined
}
