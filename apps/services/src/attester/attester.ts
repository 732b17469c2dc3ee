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
import { HttpError, startHttpServer } from '../shared/http.ts'
import { type Logger, shortMessage } from '../shared/logger.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { persistedCursor, repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { JsonStateStore } from '../shared/stateStore.ts'
import { parseBytes32 } from '../shared/validation.ts'

type IntentRecord = {
  originChainId: number
  originSettler: Address
  destinationChainId: number
  destinationSettler: Address
  fillDeadline: number
  /** The first Filled event seen for this order on its destination settler. */
  fill?: { solver: Address; fillTime: number; txHash: Hex }
  /** Written once, before any signature leaves the service: a fill and a no-fill are never both signed. */
  decision?: { kind: 'fill'; solver: Address; fillTime: number; signatures: Hex } | { kind: 'no-fill'; signatures: Hex }
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
  releaseSignatures: Hex
  releasedTx?: Hex
  decision?: { kind: 'released'; signatures: Hex } | { kind: 'not-released'; signatures: Hex }
}

type AttesterState = {
  cursors: Record<string, string>
  intents: Record<string, IntentRecord>
  /** Fills seen before their order's Open was (the destination can be faster than the origin). */
  orphanFills: Record<string, { chainId: number; settler: Address; solver: Address; fillTime: number; txHash: Hex }>
  transfers: Record<string, TransferRecord>
}

const openEvent = getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' })
const filledEvent = getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' })
const sentEvent = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })
const releasedEvent = getAbiItem({ abi: poolBridgeAbi, name: 'ReleasedOnDestination' })

export type StartAttesterParameters = {
  manifest: Manifest
  dataDir: string
  port: number
  log: Logger
  /** Blocks to wait on a chain before signing about it. */
  confirmations?: number
  pollIntervalMs?: number
}

export async function startAttester(parameters: StartAttesterParameters): Promise<ServiceHandle> {
  const { manifest, log } = parameters
  const confirmations = parameters.confirmations ?? manifest.devnet?.attestationConfirmations ?? 2
  const context = createServiceContext(manifest, 'attester')
  const signer = context.account
  if (!signer.signTypedData) throw new Error('the attester needs a local signing key')
  const signTypedData = signer.signTypedData.bind(signer)
  const store = new JsonStateStore<AttesterState>(join(parameters.dataDir, 'attester-state.json'), () => ({
    cursors: {},
    intents: {},
    orphanFills: {},
    transfers: {},
  }))
  const controller = new AbortController()
  const pollIntervalMs = parameters.pollIntervalMs ?? 300

  const sign = async (typedData: Parameters<typeof signTypedData>[0]) =>
    packSignatures([{ signer: signer.address, signature: await signTypedData(typedData) }])

  /** The newest block with enough confirmations, and its timestamp. */
  async function confirmedBlock(chain: ChainContext) {
    const latest = await chain.publicClient.getBlockNumber({ cacheTime: 0 })
    const number = latest > BigInt(confirmations) ? latest - BigInt(confirmations) : 0n
    const block = await chain.publicClient.getBlock({ blockNumber: number })
    return { number, timestamp: Number(block.timestamp) }
  }

  // ---- indexing ----

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
    store.update((s) => {
      const orphan = s.orphanFills[orderId]
      s.intents[orderId] = {
        originChainId: chain.config.id,
        originSettler: data.originSettler,
        destinationChainId: Number(data.destinationChainId),
        destinationSettler: data.destinationSettler,
        fillDeadline: data.fillDeadline,
      }
      if (orphan) {
        attachFill(s.intents[orderId]!, orphan)
        delete s.orphanFills[orderId]
      }
    })
  }

  function attachFill(
    intent: IntentRecord,
    fill: { chainId: number; settler: Address; solver: Address; fillTime: number; txHash: Hex },
  ) {
    // Only a fill on the order's own destination chain and settler counts.
    if (intent.fill || fill.chainId !== intent.destinationChainId) return
    if (!isAddressEqual(fill.settler, intent.destinationSettler)) return
    intent.fill = { solver: fill.solver, fillTime: fill.fillTime, txHash: fill.txHash }
  }

  function indexFill(chain: ChainContext, orderId: Hex, solver: Address, fillTime: number, txHash: Hex) {
    const settler = chain.config.contracts.intentDestinationSettler as Address
    const fill = { chainId: chain.config.id, settler, solver, fillTime, txHash }
    store.update((s) => {
      const intent = s.intents[orderId]
      if (intent) attachFill(intent, fill)
      else s.orphanFills[orderId] ??= fill
    })
  }

  async function indexSent(
    chain: ChainContext,
    log_: {
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
    if (store.value.transfers[log_.transferId]) return
    const destination = context.chains.get(Number(log_.destinationChainId))
    const knownPool = destination?.config.contracts.poolBridge
    if (!destination || !knownPool || !isAddressEqual(knownPool, log_.destinationPool)) {
      return log.warn('ignoring transfer to an unknown pool', { transferId: log_.transferId })
    }
    const originPool = chain.config.contracts.poolBridge as Address
    const release = {
      transferId: log_.transferId,
      originChainId: BigInt(chain.config.id),
      originPool,
      token: log_.destinationToken,
      recipient: log_.recipient,
      amount: log_.amountOut,
      deadline: log_.deadline,
    }
    const releaseSignatures = await sign({
      domain: poolDomain(destination.config.id, knownPool),
      types: releaseTypes,
      primaryType: 'Release',
      message: release,
    })
    store.update((s) => {
      s.transfers[log_.transferId] ??= {
        originChainId: chain.config.id,
        originPool,
        destinationChainId: destination.config.id,
        destinationPool: knownPool,
        token: log_.destinationToken,
        recipient: log_.recipient,
        amount: log_.amountOut.toString(),
        deadline: log_.deadline,
        sender: log_.sender,
        releaseSignatures,
      }
    })
  }

  function indexReleased(chain: ChainContext, transferId: Hex, txHash: Hex) {
    store.update((s) => {
      const transfer = s.transfers[transferId]
      if (transfer && transfer.destinationChainId === chain.config.id) transfer.releasedTx ??= txHash
    })
  }

  // ---- decisions ----

  /** One confirmed-block lookup per chain per decision round, however many items wait on it. */
  function roundCache() {
    const cache = new Map<number, ReturnType<typeof confirmedBlock>>()
    return (chain: ChainContext) => {
      let entry = cache.get(chain.config.id)
      if (!entry) {
        entry = confirmedBlock(chain)
        cache.set(chain.config.id, entry)
      }
      return entry
    }
  }

  async function decideIntents(confirmedOf: ReturnType<typeof roundCache>) {
    for (const [orderId, intent] of Object.entries(store.value.intents)) {
      if (intent.decision) continue
      if (intent.fill) {
        if (intent.fill.fillTime > intent.fillDeadline) continue // cannot happen on our settler; never sign it
        const signatures = await sign({
          domain: intentSettlerDomain(intent.originChainId, intent.originSettler),
          types: fillAttestationTypes,
          primaryType: 'FillAttestation',
          message: { orderId: orderId as Hex, solver: intent.fill.solver, fillTime: intent.fill.fillTime },
        })
        const { solver, fillTime } = intent.fill
        store.update(() => {
          intent.decision = { kind: 'fill', solver, fillTime, signatures }
        })
        log.info('signed fill attestation', { orderId, solver })
        continue
      }
      const destination = context.chains.get(intent.destinationChainId)
      if (!destination) continue
      const confirmed = await confirmedOf(destination)
      if (confirmed.timestamp <= intent.fillDeadline) continue
      // The settler refuses fills after the deadline, so a confirmed post-deadline state without a
      // fill is final. Read at that block so the decision rests on confirmed state only.
      const record = await destination.publicClient.readContract({
        address: intent.destinationSettler,
        abi: intentDestinationSettlerAbi,
        functionName: 'fills',
        args: [orderId as Hex],
        blockNumber: confirmed.number,
      })
      if (record[1] !== 0) continue // filled: the Filled event will be indexed shortly
      const signatures = await sign({
        domain: intentSettlerDomain(intent.originChainId, intent.originSettler),
        types: noFillAttestationTypes,
        primaryType: 'NoFillAttestation',
        message: { orderId: orderId as Hex },
      })
      store.update(() => {
        intent.decision = { kind: 'no-fill', signatures }
      })
      log.info('signed no-fill attestation', { orderId })
    }
  }

  async function decideTransfers(confirmedOf: ReturnType<typeof roundCache>) {
    for (const [transferId, transfer] of Object.entries(store.value.transfers)) {
      if (transfer.decision) continue
      const originDomain = poolDomain(transfer.originChainId, transfer.originPool)
      if (transfer.releasedTx) {
        const signatures = await sign({
          domain: originDomain,
          types: releasedTypes,
          primaryType: 'Released',
          message: { transferId: transferId as Hex },
        })
        store.update(() => {
          transfer.decision = { kind: 'released', signatures }
        })
        log.info('signed released attestation', { transferId })
        continue
      }
      const destination = context.chains.get(transfer.destinationChainId)
      if (!destination) continue
      const confirmed = await confirmedOf(destination)
      if (confirmed.timestamp <= transfer.deadline) continue
      const wasReleased = await destination.publicClient.readContract({
        address: transfer.destinationPool,
        abi: poolBridgeAbi,
        functionName: 'released',
        args: [transferId as Hex],
        blockNumber: confirmed.number,
      })
      if (wasReleased) continue // the release event will be indexed shortly
      const signatures = await sign({
        domain: originDomain,
        types: notReleasedTypes,
        primaryType: 'NotReleased',
        message: { transferId: transferId as Hex },
      })
      store.update(() => {
        transfer.decision = { kind: 'not-released', signatures }
      })
      log.info('signed not-released attestation', { transferId })
    }
  }

  // ---- API ----

  const server = await startHttpServer(
    parameters.port,
    [
      { method: 'GET', path: '/health', handler: () => ({ ok: true, attester: signer.address, confirmations }) },
      {
        method: 'GET',
        path: '/v1/intents/:orderId',
        handler: ({ params }) => {
          const orderId = parseBytes32(params.orderId, 'orderId')
          const intent = store.value.intents[orderId]
          if (!intent) throw new HttpError(404, 'UNKNOWN_ORDER', 'No confirmed order with this id (yet)')
          const status = !intent.decision ? 'open' : intent.decision.kind === 'fill' ? 'filled' : 'not-filled'
          return {
            orderId,
            status,
            originChainId: intent.originChainId,
            destinationChainId: intent.destinationChainId,
            fillDeadline: intent.fillDeadline,
            fillTx: intent.fill?.txHash ?? null,
            attestation: intent.decision ?? null,
          }
        },
      },
      {
        method: 'GET',
        path: '/v1/transfers/:transferId',
        handler: ({ params }) => {
          const transferId = parseBytes32(params.transferId, 'transferId')
          const transfer = store.value.transfers[transferId]
          if (!transfer) throw new HttpError(404, 'UNKNOWN_TRANSFER', 'No confirmed transfer with this id (yet)')
          return {
            transferId,
            status: transfer.decision?.kind ?? 'pending',
            originChainId: transfer.originChainId,
            destinationChainId: transfer.destinationChainId,
            release: {
              transferId,
              originChainId: transfer.originChainId,
              originPool: transfer.originPool,
              token: transfer.token,
              recipient: transfer.recipient,
              amount: transfer.amount,
              deadline: transfer.deadline,
              signatures: transfer.releaseSignatures,
            },
            releasedTx: transfer.releasedTx ?? null,
            attestation: transfer.decision ?? null,
          }
        },
      },
    ],
    log,
  )

  // ---- loops ----

  const loops: Promise<void>[] = []
  const cursor = (key: string) => persistedCursor(store, key)
  const common = { confirmations, intervalMs: pollIntervalMs, log, signal: controller.signal }
  for (const chain of context.chains.values()) {
    const { intentOriginSettler, intentDestinationSettler, poolBridge } = chain.config.contracts
    const id = chain.config.id
    if (intentOriginSettler) {
      loops.push(
        pollLogs({
          ...common,
          ...cursor(`open:${id}`),
          chain,
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
          address: poolBridge,
          event: sentEvent,
          onLogs: async (logs) => {
            for (const entry of logs) await indexSent(chain, entry.args)
          },
        }),
        pollLogs({
          ...common,
          ...cursor(`released:${id}`),
          chain,
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
    repeat(controller.signal, pollIntervalMs, async () => {
      try {
        const confirmedOf = roundCache()
        await decideIntents(confirmedOf)
        await decideTransfers(confirmedOf)
      } catch (error) {
        log.warn('decision round failed; retrying', { error: shortMessage(error) })
      }
    }),
  )
  log.info('attester started', { attester: signer.address, port: parameters.port, confirmations })

  return serviceHandle(server, controller, loops)
}
