import { join } from 'node:path'
import { intentDestinationSettlerAbi, intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import {
  computeIntentOrderId,
  decodeIntentOriginData,
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
import {
  createChainDecisions,
  DEFAULT_DECISION_LIMITS,
  type DecisionContext,
  type DecisionLimits,
  decideKnown,
} from './decisions.ts'
import { type OrphanLimits, pruneOrphans } from './orphans.ts'
import {
  type AttesterState,
  attesterStateSchema,
  emptyAttesterState,
  type IntentRecord,
  type OrphanFill,
  type TransferRecord,
} from './state.ts'

const openEvent = getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' })
const filledEvent = getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' })
const sentEvent = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })
const releasedEvent = getAbiItem({ abi: poolBridgeAbi, name: 'ReleasedOnDestination' })

const DEFAULT_ORPHAN_LIMITS: OrphanLimits = { ttlMs: 24 * 3600_000, max: 10_000 }

export type StartAttesterParameters = {
  manifest: Manifest
  dataDir: string
  port: number
  log: Logger
  pollIntervalMs?: number
  orphanLimits?: OrphanLimits
  decisionLimits?: DecisionLimits
}

/** The attester's state file, every entry checked (a malformed one stops the start, named). */
export function openAttesterStore(dataDir: string): JsonStateStore<AttesterState> {
  // Saves are coalesced (many logs, many decisions, one write); every answer flushes first.
  return new JsonStateStore<AttesterState>(join(dataDir, 'attester-state.json'), emptyAttesterState, {
    coalesceMs: 100,
    schema: attesterStateSchema,
  })
}

/**
 * Watches every chain at its final head (the manifest's finality) and signs what happened there: a
 * fill or a no-fill for each intent, a release authorization and then released / not-released for
 * each pool transfer. Each item is decided on its own (decisions.ts): an order naming contracts outside the
 * manifest, a failing read, or a chain that is unreachable or whose reads hang delays only the items that need it.
 */
export async function startAttester(parameters: StartAttesterParameters): Promise<ServiceHandle> {
  const { manifest, log } = parameters
  const context = createServiceContext(manifest, 'attester')
  const signer = context.account
  if (!signer.signTypedData) throw new ServiceError('the attester needs a local signing key', { code: 'KEY_MISSING' })
  const signTypedData = signer.signTypedData.bind(signer)
  const store = openAttesterStore(parameters.dataDir)
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

  const decisionContext: DecisionContext = {
    store,
    chains: context.chains,
    log,
    failures,
    limits: parameters.decisionLimits ?? DEFAULT_DECISION_LIMITS,
  }

  function pruneAll() {
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
  // What the final logs answer is decided at once; each chain decides the rest on its own loop.
  loops.push(
    repeat(
      controller.signal,
      pollIntervalMs,
      () => {
        decideKnown(decisionContext)
        pruneAll()
      },
      (error) => failures.failed('decisions', 'a decision round failed', error),
    ),
  )
  for (const chain of context.chains.values()) {
    loops.push(
      repeat(controller.signal, pollIntervalMs, createChainDecisions(decisionContext, chain), (error) =>
        failures.failed(`decisions:${chain.config.id}`, 'a decision round failed', error, {
          chainId: chain.config.id,
        }),
      ),
    )
  }
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
