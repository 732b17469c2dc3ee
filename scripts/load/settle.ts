import {
  depositFromTuple,
  escrowFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeStatus,
} from '@multi-bridge/contracts'
import {
  intentSettlerDomain,
  type ManifestAttesters,
  noFillAttestationTypes,
  notReleasedTypes,
  poolDomain,
  refundSignatures,
  verifierCombine,
} from '@multi-bridge/core'
import { devnetAccount } from '@multi-bridge/devnet'
import { createTestClient, getAbiItem, type Hex, hashTypedData, http } from 'viem'
import { type LoadChain, poolOf, settlerOf } from './chains.ts'
import type { LoadItem } from './orders.ts'

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const events = {
  open: getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' }),
  sent: getAbiItem({ abi: poolBridgeAbi, name: 'Sent' }),
  filled: getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' }),
  released: getAbiItem({ abi: poolBridgeAbi, name: 'ReleasedOnDestination' }),
}

/** Every delivery seen on the chains: order or transfer id → the blocks it was delivered in. */
export type Deliveries = Map<Hex, bigint[]>

/** Reads the run's Open, Sent, Filled and released logs, and gives each item its id, open block and fill block. */
export async function collectLogs(chains: LoadChain[], items: LoadItem[]): Promise<Deliveries> {
  const opened = new Map<Hex, { id: Hex; block: bigint }>()
  const deliveries: Deliveries = new Map()
  for (const chain of chains) {
    const [open, sent, filled, released] = await Promise.all([
      chain.public.getLogs({ address: settlerOf(chain), event: events.open, fromBlock: 0n, strict: true }),
      chain.public.getLogs({ address: poolOf(chain), event: events.sent, fromBlock: 0n, strict: true }),
      chain.public.getLogs({
        address: chain.config.contracts.intentDestinationSettler as Hex,
        event: events.filled,
        fromBlock: 0n,
        strict: true,
      }),
      chain.public.getLogs({ address: poolOf(chain), event: events.released, fromBlock: 0n, strict: true }),
    ])
    for (const log of open) opened.set(log.transactionHash, { id: log.args.orderId, block: log.blockNumber })
    for (const log of sent) opened.set(log.transactionHash, { id: log.args.transferId, block: log.blockNumber })
    for (const log of [
      ...filled.map((l) => [l.args.orderId, l] as const),
      ...released.map((l) => [l.args.transferId, l] as const),
    ]) {
      deliveries.set(log[0], [...(deliveries.get(log[0]) ?? []), log[1].blockNumber])
    }
  }
  // A gasless order by its id: the solver may have sent its open again under another hash.
  const byId = new Map([...opened.values()].map((entry) => [entry.id, entry]))
  for (const item of items) {
    const found = item.gasless ? byId.get(item.gasless.orderId) : item.txHash && opened.get(item.txHash)
    if (!found) continue
    item.id = found.id
    item.openBlock = found.block
    const blocks = deliveries.get(found.id)
    if (blocks?.[0] !== undefined) item.fillBlock = blocks[0]
  }
  return deliveries
}

/** Waits until every well-formed item that was opened has been delivered, or `timeoutMs` passed. */
export async function awaitDeliveries(chains: LoadChain[], items: LoadItem[], timeoutMs: number): Promise<number> {
  const giveUp = Date.now() + timeoutMs
  for (;;) {
    await collectLogs(chains, items)
    // Still to come: not sent yet, opened and not delivered, or sent lately and not mined yet (a revert never is).
    const recently = Date.now() - 30_000
    const waiting = items.filter(
      (item) =>
        !item.hostile &&
        !item.failed &&
        item.fillBlock === undefined &&
        (!item.txHash || item.id || item.sentAt > recently),
    ).length
    if (waiting === 0 || Date.now() > giveUp) return waiting
    await pause(2_000)
  }
}

/** Moves every chain's clock by `seconds` and mines past its finality depth (as the services' tests do). */
export async function advanceTime(chains: LoadChain[], seconds: number): Promise<void> {
  await Promise.all(
    chains.map(async (chain) => {
      const test = createTestClient({ mode: 'anvil', chain: chain.chain, transport: http(chain.config.rpcUrls[0]) })
      await test.increaseTime({ seconds })
      await test.mine({ blocks: (chain.config.confirmations ?? 1) + 1 })
    }),
  )
}

export type Settlement = 'open' | 'settled' | 'refunded' | 'none'

/** Each opened item's escrow or deposit on its origin: still open, settled (claimed/finalized) or refunded. */
export async function settlements(chains: LoadChain[], items: LoadItem[]): Promise<Map<LoadItem, Settlement>> {
  const result = new Map<LoadItem, Settlement>()
  for (const chain of chains) {
    const mine = items.filter((item) => item.origin === chain && item.id)
    const contracts = mine.map((item) =>
      item.kind === 'intent'
        ? ({
            address: settlerOf(chain),
            abi: intentOriginSettlerAbi,
            functionName: 'escrows',
            args: [item.id],
          } as const)
        : ({ address: poolOf(chain), abi: poolBridgeAbi, functionName: 'deposits', args: [item.id] } as const),
    )
    const answers = await chain.public.multicall({ contracts, allowFailure: false, multicallAddress: MULTICALL3 })
    mine.forEach((item, i) => {
      const tuple = answers[i] as never
      if (item.kind === 'intent') {
        const status = escrowFromTuple(tuple).status
        result.set(
          item,
          status === intentOriginSettlerStatus.Open
            ? 'open'
            : status === intentOriginSettlerStatus.Claimed
              ? 'settled'
              : status === intentOriginSettlerStatus.Refunded
                ? 'refunded'
                : 'none',
        )
      } else {
        const status = depositFromTuple(tuple).status
        result.set(
          item,
          status === poolBridgeStatus.Pending
            ? 'open'
            : status === poolBridgeStatus.Finalized
              ? 'settled'
              : status === poolBridgeStatus.Refunded
                ? 'refunded'
                : 'none',
        )
      }
    })
  }
  return result
}

/**
 * The attesters' no-fill / not-released of an item, combined as the origin's verifier accepts it (the app's own
 * `refundSignatures`), when the threshold of them gave one.
 */
async function noDeliveryAttestation(
  attesters: ManifestAttesters,
  chain: LoadChain,
  item: LoadItem,
): Promise<Hex | undefined> {
  const id = item.id as Hex
  const intent = item.kind === 'intent'
  const contract = intent ? settlerOf(chain) : poolOf(chain)
  const digest = intent
    ? hashTypedData({
        domain: intentSettlerDomain(chain.config.id, contract),
        types: noFillAttestationTypes,
        primaryType: 'NoFillAttestation',
        message: { orderId: id },
      })
    : hashTypedData({
        domain: poolDomain(chain.config.id, contract),
        types: notReleasedTypes,
        primaryType: 'NotReleased',
        message: { transferId: id },
      })
  const originChain = { id: chain.config.id, name: chain.config.name }
  const signatures = await refundSignatures({
    attestationUrls: attesters.urls.map((url) => `${url}/v1/${intent ? 'intents' : 'transfers'}/${id}`),
    threshold: attesters.threshold,
    notDeliveredStatus: intent ? 'not-filled' : 'not-released',
    combine: verifierCombine(chain.public, originChain, contract, digest),
    origin: chain.public,
    originChain,
    unattestedAfter: async () => undefined,
  }).catch(() => undefined)
  return signatures === '0x' ? undefined : signatures
}

/**
 * Refunds, as a user would, every item still open on its origin whose delivery the attester refused
 * (`signatures` from its answer) or, with `unattested`, every one left (the escape hatch after `expires`).
 * Returns how many refunds were sent.
 */
export async function refundOpen(
  attesters: ManifestAttesters,
  chains: LoadChain[],
  items: LoadItem[],
  unattested: boolean,
): Promise<number> {
  const states = await settlements(chains, items)
  const payer = devnetAccount(9)
  let sent = 0
  for (const chain of chains) {
    let last: Hex | undefined
    for (const item of items.filter((i) => i.origin === chain && states.get(i) === 'open')) {
      const signatures = unattested ? '0x' : await noDeliveryAttestation(attesters, chain, item)
      if (signatures === undefined) continue
      const address = item.kind === 'intent' ? settlerOf(chain) : poolOf(chain)
      const abi = item.kind === 'intent' ? intentOriginSettlerAbi : poolBridgeAbi
      last = await chain
        .wallet(payer)
        .writeContract({ address, abi, functionName: 'refund', args: [item.id as Hex, signatures] } as never)
        .catch(() => last)
      sent++
    }
    if (last) await chain.public.waitForTransactionReceipt({ hash: last, timeout: 120_000 }).catch(() => undefined)
  }
  return sent
}
