import { intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import { type Hex, parseEventLogs } from 'viem'
import type { LoadChain } from './chains.ts'
import type { BlockClock } from './observe.ts'
import type { LoadItem } from './orders.ts'

/**
 * The attesters' decision latency on a sample of the well-formed items: from the moment the item is final (a
 * transfer's Sent on its origin; an order's fill on its destination, which the attesters decide on) to the moment
 * the threshold of them answered (the release authorization; the `filled` attestation): when the relayer or the
 * solver can act, whichever attesters answered. Polled every `pollMs`, so each figure is late by up to that much.
 */
export type LatencySample = {
  n: number
  kind: LoadItem['kind']
  ms: number
  /** When the item was final, and when the threshold had answered (ms since the epoch). */
  finalAt: number
  answeredAt: number
}

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

const sampleOf = (item: LoadItem, finalAt: number, answeredAt: number): LatencySample => ({
  n: item.n,
  kind: item.kind,
  ms: answeredAt - finalAt,
  finalAt,
  answeredAt,
})

/** Follows one item until `threshold` of the attesters answered; undefined when it gives up (after `timeoutMs`). */
export async function measureDecision(
  attesterUrls: readonly string[],
  threshold: number,
  clock: BlockClock,
  item: LoadItem,
  { pollMs = 500, timeoutMs = 300_000 } = {},
): Promise<LatencySample | undefined> {
  if (!item.txHash) return undefined
  const id = await idOf(item).catch(() => undefined)
  if (!id || item.openBlock === undefined) return undefined
  const path = `/v1/${item.kind === 'intent' ? 'intents' : 'transfers'}/${id}`
  const answered = new Map<string, Answer>()
  const giveUp = Date.now() + timeoutMs
  while (Date.now() < giveUp) {
    const asked = attesterUrls.filter((url) => !answered.has(url))
    const bodies = await Promise.all(asked.map((url) => answer(`${url}${path}`)))
    const answeredAt = Date.now()
    if (bodies.some((body) => body?.status === 'not-filled' || body?.status === 'not-released')) return undefined
    bodies.forEach((body, index) => {
      const decided = item.kind === 'transfer' ? body?.release : body?.status === 'filled' && body.fillTx
      if (body && decided) answered.set(asked[index] as string, body)
    })
    if (answered.size >= threshold) {
      if (item.kind === 'transfer') {
        const final = finalAt(clock, item.origin, item.openBlock)
        return final === undefined ? undefined : sampleOf(item, final, answeredAt)
      }
      const fillTx = [...answered.values()][0]?.fillTx as Hex
      const fill = await item.destination.public.getTransactionReceipt({ hash: fillTx })
      const final = finalAt(clock, item.destination, fill.blockNumber)
      return final === undefined ? undefined : sampleOf(item, final, answeredAt)
    }
    await pause(pollMs)
  }
  return undefined
}
