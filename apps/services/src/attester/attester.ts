import { join } from 'node:path'
import { intentDestinationSettlerAbi, intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import {
  computeIntentOrderId,
  decodeIntentOriginData,
  type FinalHead,
  fillAttestationTypes,
  intentSettlerDomain,
  type Manifest,
  noFillAttestationTypes,
  notReleasedTypes,
  packSignatures,
  poolDomain,
  releasedTypes,
  releaseTypes,
} from '@multi-bridge/core'
import { type Address, getAbiItem, type Hex, isAddressEqual } from 'viem'
import { type ChainContext, createServiceContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { createApi, HttpError, json, serveApi } from '../shared/http.ts'
import type { Logger } from '../shared/logger.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { persistedCursor, repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { JsonStateStore } from '../shared/stateStore.ts'
import { parseBytes32 } from '../shared/validation.ts'
import { type OrphanLimits, pruneOrphans } from './orphans.ts'

type IntentRecord = {
  originChainId: number
  originSettler: Address
  destinationChainId: number
  destinationSettler: Address
  fillDeadline: number
  /** Names a destination chain or settler outside the manifest: nothing there counts as its fill. */
  unfillable?: true
  /** The first final Filled event for this order on its destination settler. */
  fill?: { solver: Address; fillTime: number; txHash?: Hex }
  /**
   * Written once, before any signature leaves the service: a fill and a no-fill are never both signed.
   * Signatures are made from it when asked, with the service's current key, so a rotated signer set
   * (ThresholdAttestationVerifier) attests what was decided before the rotation too.
   */
  decision?: { kind: 'fill'; solver: Address; fillTime: number } | { kind: 'no-fill' }
}

type TransferRecord = {
  originChainId: number
  originPool: Address
  destinationChainId: number
  destinationPool: Address
  token: Address
  recipient: Address
  amount: string
  deadline: number
  sender: Address
  /** False when the transfer names a pool outside the manifest: it is never authorized, never released. */
  releasable: boolean
  releasedTx?: Hex
  /** Written once, like an intent's decision; signed when asked. */
  decision?: { kind: 'released' | 'not-released' }
}

type OrphanFill = { chainId: number; settler: Address; solver: Address; fillTime: number; txHash: Hex; seenAt: number }
type OrphanRelease = { chainId: number; txHash: Hex; seenAt: number }

type AttesterState = {
  cursors: Record<string, string>
  intents: Record<string, IntentRecord>
  transfers: Record<string, TransferRecord>
  /** Final fills whose order was not seen (yet): bounded, see orphans.ts. */
  orphanFills: Record<string, OrphanFill>
  /** Final releases whose transfer was not seen (yet): bounded likewise. */
  orphanReleases: Record<string, OrphanRelease>
}

const openEvent = getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' })
const filledEvent = getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' })
const sentEvent = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })
const releasedEvent = getAbiItem({ abi: poolBridgeAbi, name: 'ReleasedOnDestination' })

const DEFAULT_ORPHAN_LIMITS: OrphanLimits = { ttlMs: 24 * 3600_000, max: 10_000 }

/** A chain whose final head could not be read this round: only the items that need it wait. */
const isChainUnreachable = (error: unknown) => error instanceof ServiceError && error.code === 'CHAIN_UNREACHABLE'

export type StartAttesterParameters = {
  manifest: Manifest
  dataDir: string
  port: number
  log: Logger
  pollIntervalMs?: number
  orphanLimits?: OrphanLimits
}

/**
 * Watches every chain at its final head (the manifest's finality) and signs what happened there: a
 * fill or a no-fill for each intent, a release authorization and then released / not-released for
 * each pool transfer. Each item is decided on its own: an order naming contracts outside the
 * manifest, a failing read or an unreachable chain delays only the items that need it.
 */
export async function startAttester(parameters: StartAttesterParameters): Promise<ServiceHandle> {
  const { manifest, log } = parameters
  const context = createServiceContext(manifest, 'attester')
  const signer = context.account
  if (!signer.signTypedData) throw new ServiceError('the attester needs a local signing key', { code: 'KEY_MISSING' })
  const signTypedData = signer.signTypedData.bind(signer)
  // Saves are coalesced (many logs, many decisions, one write); every answer flushes first.
  const store = new JsonStateStore<AttesterState>(
    join(parameters.dataDir, 'attester-state.json'),
    () => ({ cursors: {}, intents: {}, transfers: {}, orphanFills: {}, orphanReleases: {} }),
    { coalesceMs: 100 },
  )
  const controller = new AbortController()
  const pollIntervalMs = parameters.pollIntervalMs ?? 300
  const orphanLimits = parameters.orphanLimits ?? DEFAULT_ORPHAN_LIMITS
  const failures = createFailureTracker(log)

  const sign = async (typedData: Parameters<typeof signTypedData>[0]) =>
    packSignatures([{ signer: signer.address, signature: await signTypedData(typedData) }])

  // ---- indexing (final logs only) ----

  function indexOpen(chain: ChainContext, orderId: Hex, originData: Hex) {
    if (store.value.intents[orderId]) return
    let data: ReturnType<typeof decodeIntentOriginData>
    try {
      data = decodeIntentOriginData(originData)
    } catch {
      return log.warn('ignoring order with malformed origin data', { orderId })
    }
    if (computeIntentOrderId(originData) !== orderId || Number(data.originChainId) !== chain.config.id) {
      return log.warn('ignoring order whose id does not bind its data', { orderId })
    }
    const destination = context.chains.get(Number(data.destinationChainId))
    const knownSettler = destination?.config.contracts.intentDestinationSettler
    const unfillable = !knownSettler || !isAddressEqual(knownSettler, data.destinationSettler)
    if (unfillable) log.warn('order names a destination outside the manifest: it can only be refunded', { orderId })
    store.update((s) => {
      const intent: IntentRecord = {
        originChainId: chain.config.id,
        originSettler: data.originSettler,
        destinationChainId: Number(data.destinationChainId),
        destinationSettler: data.destinationSettler,
        fillDeadline: data.fillDeadline,
        ...(unfillable ? { unfillable: true as const } : {}),
      }
      s.intents[orderId] = intent
      const orphan = s.orphanFills[orderId]
      if (orphan) {
        attachFill(intent, orphan)
        delete s.orphanFills[orderId]
      }
    })
  }

  function attachFill(intent: IntentRecord, fill: Omit<OrphanFill, 'seenAt'>) {
    // Only a fill on the order's own destination chain and settler counts.
    if (intent.fill || intent.unfillable || fill.chainId !== intent.destinationChainId) return
    if (!isAddressEqual(fill.settler, intent.destinationSettler)) return
    intent.fill = { solver: fill.solver, fillTime: fill.fillTime, txHash: fill.txHash }
  }

  function indexFill(chain: ChainContext, orderId: Hex, solver: Address, fillTime: number, txHash: Hex) {
    const settler = chain.config.contracts.intentDestinationSettler as Address
    const fill = { chainId: chain.config.id, settler, solver, fillTime, txHash }
    store.update((s) => {
      const intent = s.intents[orderId]
      if (intent) attachFill(intent, fill)
      else s.orphanFills[orderId] ??= { ...fill, seenAt: Date.now() }
    })
  }

  function indexSent(
    chain: ChainContext,
    sent: {
      transferId: Hex
      sender: Address
      destinationChainId: bigint
      destinationPool: Address
      destinationToken: Address
      recipient: Address
      amountOut: bigint
      deadline: number
    },
  ) {
    if (store.value.transfers[sent.transferId]) return
    const destination = context.chains.get(Number(sent.destinationChainId))
    const knownPool = destination?.config.contracts.poolBridge
    const releasable = Boolean(destination && knownPool && isAddressEqual(knownPool, sent.destinationPool))
    const originPool = chain.config.contracts.poolBridge as Address
    if (!releasable) {
      log.warn('transfer names a pool outside the manifest: it can only be refunded', { transferId: sent.transferId })
    }
    store.update((s) => {
      if (s.transfers[sent.transferId]) return
      const transfer: TransferRecord = {
        originChainId: chain.config.id,
        originPool,
        destinationChainId: Number(sent.destinationChainId),
        destinationPool: sent.destinationPool,
        token: sent.destinationToken,
        recipient: sent.recipient,
        amount: sent.amountOut.toString(),
        deadline: sent.deadline,
        sender: sent.sender,
        releasable,
      }
      const early = s.orphanReleases[sent.transferId]
      if (early && releasable && early.chainId === transfer.destinationChainId) transfer.releasedTx = early.txHash
      delete s.orphanReleases[sent.transferId]
      s.transfers[sent.transferId] = transfer
    })
  }

  function indexReleased(chain: ChainContext, transferId: Hex, txHash: Hex) {
    store.update((s) => {
      const transfer = s.transfers[transferId]
      if (!transfer) {
        // Released before its Sent was final here: kept until the transfer is indexed.
        s.orphanReleases[transferId] ??= { chainId: chain.config.id, txHash, seenAt: Date.now() }
      } else if (transfer.destinationChainId === chain.config.id && transfer.releasable) {
        transfer.releasedTx ??= txHash
      }
    })
  }

  // ---- decisions ----

  /** Final heads, read once per chain per round; a chain that cannot be read is reported once. */
  function roundHeads() {
    const heads = new Map<number, Promise<FinalHead>>()
    return (chainId: number): Promise<FinalHead> => {
      let head = heads.get(chainId)
      if (!head) {
        const chain = context.chains.get(chainId)
        head = chain
          ? chain.finalHead().then(
              (value) => {
                failures.succeeded(`chain:${chainId}`)
                return value
              },
              (error: unknown) => {
                failures.failed(`chain:${chainId}`, 'cannot read the final head of a chain', error, { chainId })
                throw new ServiceError(`chain ${chainId} is unreachable`, { code: 'CHAIN_UNREACHABLE', cause: error })
              },
            )
          : Promise.reject(new ServiceError(`chain ${chainId} is not in the manifest`, { code: 'CHAIN_UNREACHABLE' }))
        head.catch(() => undefined)
        heads.set(chainId, head)
      }
      return head
    }
  }
  type Heads = ReturnType<typeof roundHeads>

  function decideFill(orderId: Hex, intent: IntentRecord, solver: Address, fillTime: number) {
    store.update(() => {
      intent.decision ??= { kind: 'fill', solver, fillTime }
    })
    log.info('signed fill attestation', { orderId, solver })
  }

  function decideNoFill(orderId: Hex, intent: IntentRecord) {
    store.update(() => {
      intent.decision ??= { kind: 'no-fill' }
    })
    log.info('signed no-fill attestation', { orderId })
  }

  async function decideIntent(orderId: Hex, intent: IntentRecord, headOf: Heads) {
    if (intent.unfillable) {
      // Nothing can fill it: it is refundable once its deadline is final on its own chain.
      const origin = await headOf(intent.originChainId)
      if (origin.timestamp > intent.fillDeadline) decideNoFill(orderId, intent)
      return
    }
    if (intent.fill) {
      if (intent.fill.fillTime <= intent.fillDeadline)
        decideFill(orderId, intent, intent.fill.solver, intent.fill.fillTime)
      return // a later fill cannot happen on our settler; never sign it
    }
    const destination = context.chains.get(intent.destinationChainId)
    const head = await headOf(intent.destinationChainId)
    if (!destination || head.timestamp <= intent.fillDeadline) return
    // The settler refuses fills after the deadline, so the final state past it is the answer. Read from
    // the chain, not from events: a fill whose event was missed or dropped still counts.
    const [solver, fillTime] = await destination.publicClient.readContract({
      address: intent.destinationSettler,
      abi: intentDestinationSettlerAbi,
      functionName: 'fills',
      args: [orderId],
      blockNumber: head.number,
    })
    if (fillTime !== 0 && fillTime <= intent.fillDeadline) decideFill(orderId, intent, solver, fillTime)
    else if (fillTime === 0) decideNoFill(orderId, intent)
  }

  function decideTransferOutcome(transferId: Hex, transfer: TransferRecord, kind: 'released' | 'not-released') {
    store.update(() => {
      transfer.decision ??= { kind }
    })
    log.info(`signed ${kind} attestation`, { transferId })
  }

  async function decideTransfer(transferId: Hex, transfer: TransferRecord, headOf: Heads) {
    if (!transfer.releasable) {
      const origin = await headOf(transfer.originChainId)
      if (origin.timestamp > transfer.deadline) decideTransferOutcome(transferId, transfer, 'not-released')
      return
    }
    if (transfer.releasedTx) return decideTransferOutcome(transferId, transfer, 'released')
    const destination = context.chains.get(transfer.destinationChainId)
    const head = await headOf(transfer.destinationChainId)
    if (!destination || head.timestamp <= transfer.deadline) return
    const wasReleased = await destination.publicClient.readContract({
      address: transfer.destinationPool,
      abi: poolBridgeAbi,
      functionName: 'released',
      args: [transferId],
      blockNumber: head.number,
    })
    decideTransferOutcome(transferId, transfer, wasReleased ? 'released' : 'not-released')
  }

  /** One pass over every undecided item; each failure stays with its item. */
  async function decideAll() {
    const headOf = roundHeads()
    const items: [string, () => Promise<void>][] = []
    for (const [orderId, intent] of Object.entries(store.value.intents)) {
      if (!intent.decision) items.push([`intent:${orderId}`, () => decideIntent(orderId as Hex, intent, headOf)])
    }
    for (const [transferId, transfer] of Object.entries(store.value.transfers)) {
      if (!transfer.decision) {
        items.push([`transfer:${transferId}`, () => decideTransfer(transferId as Hex, transfer, headOf)])
      }
    }
    for (const [key, decide] of items) {
      if (controller.signal.aborted) return
      try {
        await decide()
        failures.succeeded(key)
      } catch (error) {
        if (!isChainUnreachable(error)) failures.failed(key, 'deciding failed', error)
      }
    }
    const now = Date.now()
    const dropped =
      pruneOrphans(store.value.orphanFills, now, orphanLimits) +
      pruneOrphans(store.value.orphanReleases, now, orphanLimits)
    if (dropped > 0) {
      store.update(() => undefined)
      log.info('dropped unmatched fill or release events', { dropped })
    }
  }

  // ---- signatures: made from the stored decisions when asked ----

  /** Signatures are deterministic (RFC 6979): the cache only saves work, it never changes an answer. */
  const signed = new Map<string, Promise<Hex>>()
  const signOnce = (key: string, make: () => Promise<Hex>) => {
    let signature = signed.get(key)
    if (!signature) {
      signature = make()
      signature.catch(() => signed.delete(key))
      signed.set(key, signature)
    }
    return signature
  }

  async function intentAttestation(orderId: Hex, intent: IntentRecord) {
    const decision = intent.decision
    if (!decision) return null
    const domain = intentSettlerDomain(intent.originChainId, intent.originSettler)
    if (decision.kind === 'no-fill') {
      const signatures = await signOnce(`no-fill:${orderId}`, () =>
        sign({ domain, types: noFillAttestationTypes, primaryType: 'NoFillAttestation', message: { orderId } }),
      )
      return { ...decision, signatures }
    }
    const { solver, fillTime } = decision
    const signatures = await signOnce(`fill:${orderId}`, () =>
      sign({
        domain,
        types: fillAttestationTypes,
        primaryType: 'FillAttestation',
        message: { orderId, solver, fillTime },
      }),
    )
    return { ...decision, signatures }
  }

  async function transferAttestation(transferId: Hex, transfer: TransferRecord) {
    const decision = transfer.decision
    if (!decision) return null
    const domain = poolDomain(transfer.originChainId, transfer.originPool)
    const signatures = await signOnce(`${decision.kind}:${transferId}`, () =>
      decision.kind === 'released'
        ? sign({ domain, types: releasedTypes, primaryType: 'Released', message: { transferId } })
        : sign({ domain, types: notReleasedTypes, primaryType: 'NotReleased', message: { transferId } }),
    )
    return { ...decision, signatures }
  }

  async function releaseAuthorization(transferId: Hex, transfer: TransferRecord) {
    if (!transfer.releasable) return null
    const release = {
      transferId,
      originChainId: transfer.originChainId,
      originPool: transfer.originPool,
      token: transfer.token,
      recipient: transfer.recipient,
      amount: transfer.amount,
      deadline: transfer.deadline,
    }
    const signatures = await signOnce(`release:${transferId}`, () =>
      sign({
        domain: poolDomain(transfer.destinationChainId, transfer.destinationPool),
        types: releaseTypes,
        primaryType: 'Release',
        message: { ...release, originChainId: BigInt(release.originChainId), amount: BigInt(release.amount) },
      }),
    )
    return { ...release, signatures }
  }

  // ---- API ----

  const api = createApi(log)
  api.get('/health', (c) => json(c, { ok: true, attester: signer.address }))
  api.get('/v1/intents/:orderId', async (c) => {
    const orderId = parseBytes32(c.req.param('orderId'), 'orderId')
    store.flush() // what is answered is on disk first
    const intent = store.value.intents[orderId]
    if (!intent) throw new HttpError(404, 'UNKNOWN_ORDER', 'No final order with this id (yet)')
    const status = !intent.decision ? 'open' : intent.decision.kind === 'fill' ? 'filled' : 'not-filled'
    return json(c, {
      orderId,
      status,
      originChainId: intent.originChainId,
      destinationChainId: intent.destinationChainId,
      fillDeadline: intent.fillDeadline,
      fillTx: intent.fill?.txHash ?? null,
      attestation: await intentAttestation(orderId, intent),
    })
  })
  api.get('/v1/transfers/:transferId', async (c) => {
    const transferId = parseBytes32(c.req.param('transferId'), 'transferId')
    store.flush()
    const transfer = store.value.transfers[transferId]
    if (!transfer) throw new HttpError(404, 'UNKNOWN_TRANSFER', 'No final transfer with this id (yet)')
    return json(c, {
      transferId,
      status: transfer.decision?.kind ?? 'pending',
      originChainId: transfer.originChainId,
      destinationChainId: transfer.destinationChainId,
      release: await releaseAuthorization(transferId, transfer),
      releasedTx: transfer.releasedTx ?? null,
      attestation: await transferAttestation(transferId, transfer),
    })
  })
  const server = await serveApi(api, parameters.port, log)

  // ---- loops ----

  const loops: Promise<void>[] = []
  const cursor = (key: string) => persistedCursor(store, key)
  const common = { intervalMs: pollIntervalMs, log, signal: controller.signal }
  for (const chain of context.chains.values()) {
    const { intentOriginSettler, intentDestinationSettler, poolBridge } = chain.config.contracts
    const id = chain.config.id
    const head = () => chain.finalBlockNumber()
    if (intentOriginSettler) {
      loops.push(
        pollLogs({
          ...common,
          ...cursor(`open:${id}`),
          chain,
          head,
          address: intentOriginSettler,
          event: openEvent,
          onLogs: async (logs) => {
            for (const entry of logs) {
              indexOpen(chain, entry.args.orderId, entry.args.resolvedOrder.fillInstructions[0]?.originData ?? '0x')
            }
          },
        }),
      )
    }
    if (intentDestinationSettler) {
      loops.push(
        pollLogs({
          ...common,
          ...cursor(`filled:${id}`),
          chain,
          head,
          address: intentDestinationSettler,
          event: filledEvent,
          onLogs: async (logs) => {
            for (const entry of logs) {
              indexFill(chain, entry.args.orderId, entry.args.solver, entry.args.fillTime, entry.transactionHash)
            }
          },
        }),
      )
    }
    if (poolBridge) {
      loops.push(
        pollLogs({
          ...common,
          ...cursor(`sent:${id}`),
          chain,
          head,
          address: poolBridge,
          event: sentEvent,
          onLogs: async (logs) => {
            for (const entry of logs) indexSent(chain, entry.args)
          },
        }),
        pollLogs({
          ...common,
          ...cursor(`released:${id}`),
          chain,
          head,
          address: poolBridge,
          event: releasedEvent,
          onLogs: async (logs) => {
            for (const entry of logs) indexReleased(chain, entry.args.transferId, entry.transactionHash)
          },
        }),
      )
    }
  }
  loops.push(
    repeat(controller.signal, pollIntervalMs, decideAll, (error) =>
      failures.failed('decisions', 'a decision round failed', error),
    ),
  )
  log.info('attester started', {
    attester: signer.address,
    port: parameters.port,
    finality: manifest.chains.map((c) => ({ chainId: c.id, confirmations: c.confirmations, tag: c.finalityTag })),
  })

  const handle = serviceHandle(server, controller, loops)
  return {
    ...handle,
    stop: async () => {
      await handle.stop()
      store.flush()
    },
  }
}
