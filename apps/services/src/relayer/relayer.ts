import { join } from 'node:path'
import { poolBridgeAbi } from '@multi-bridge/contracts'
import type { Manifest } from '@multi-bridge/core'
import { type Address, getAbiItem, type Hex } from 'viem'
import { type ChainContext, createServiceContext } from '../shared/context.ts'
import { HttpError, startHttpServer } from '../shared/http.ts'
import { type Logger, shortMessage } from '../shared/logger.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { persistedCursor, repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { JsonStateStore } from '../shared/stateStore.ts'
import { parseBytes32 } from '../shared/validation.ts'

type TransferStatus =
  | 'pending' // seen on the origin; waiting for the release attestation
  | 'released' // paid on the destination; waiting to finalize on the origin
  | 'finalized' // deposit became origin liquidity (final)
  | 'not-released' // deadline passed unreleased; the sender can refund (final for the relayer)

type RelayerTransfer = {
  transferId: Hex
  status: TransferStatus
  originChainId: number
  destinationChainId: number
  releaseTx?: Hex
  finalizeTx?: Hex
  lastError?: string
  updatedAt: number
}

type RelayerState = { cursors: Record<string, string>; transfers: Record<string, RelayerTransfer> }

type AttesterTransfer = {
  status: 'pending' | 'released' | 'not-released'
  release: {
    transferId: Hex
    originChainId: number
    originPool: Address
    token: Address
    recipient: Address
    amount: string
    deadline: number
    signatures: Hex
  }
  attestation: { kind: string; signatures: Hex } | null
}

const sentEvent = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })
const FINAL: ReadonlySet<TransferStatus> = new Set(['finalized', 'not-released'])

export type StartRelayerParameters = {
  manifest: Manifest
  dataDir: string
  port: number
  log: Logger
  pollIntervalMs?: number
}

/** Releases pool transfers on their destination and finalizes them on their origin. */
export async function startRelayer(parameters: StartRelayerParameters): Promise<ServiceHandle> {
  const { manifest, log } = parameters
  const context = createServiceContext(manifest, 'relayer')
  const store = new JsonStateStore<RelayerState>(join(parameters.dataDir, 'relayer-state.json'), () => ({
    cursors: {},
    transfers: {},
  }))
  const controller = new AbortController()
  const inFlight = new Set<string>()
  const pollIntervalMs = parameters.pollIntervalMs ?? 300
  const attesterUrl = manifest.services.attester?.url
  if (!attesterUrl) throw new Error('the relayer needs the attester URL in the manifest')

  const chainOf = (id: number): ChainContext => {
    const chain = context.chains.get(id)
    if (!chain) throw new Error(`unknown chain ${id}`)
    return chain
  }
  const record = (transferId: string, change: Partial<RelayerTransfer>) =>
    store.update((s) => {
      const transfer = s.transfers[transferId]
      if (transfer) Object.assign(transfer, change, { updatedAt: Date.now() })
    })

  async function fetchAttestation(transferId: string): Promise<AttesterTransfer | undefined> {
    const response = await fetch(`${attesterUrl}/v1/transfers/${transferId}`, { signal: AbortSignal.timeout(5_000) })
    if (response.status === 404) return undefined
    if (!response.ok) throw new Error(`attester answered ${response.status}`)
    return (await response.json()) as AttesterTransfer
  }

  async function send(chain: ChainContext, request: Parameters<ChainContext['walletClient']['writeContract']>[0]) {
    const hash = await chain.sendQueue.run(async () => {
      await chain.publicClient.simulateContract(request as never)
      return chain.walletClient.writeContract(request)
    })
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250 })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    return hash
  }

  async function advance(transferId: string) {
    if (inFlight.has(transferId)) return
    inFlight.add(transferId)
    try {
      const transfer = store.value.transfers[transferId]
      if (!transfer || FINAL.has(transfer.status)) return
      const attested = await fetchAttestation(transferId)
      if (!attested) return
      if (attested.status === 'not-released') {
        record(transferId, { status: 'not-released' })
        log.warn('transfer was not released before its deadline; the sender can refund', { transferId })
        return
      }
      if (transfer.status === 'pending') {
        const destination = chainOf(transfer.destinationChainId)
        const pool = destination.config.contracts.poolBridge as Address
        const done = await destination.publicClient.readContract({
          address: pool,
          abi: poolBridgeAbi,
          functionName: 'released',
          args: [transferId as Hex],
        })
        if (!done) {
          const { signatures, ...release } = attested.release
          const releaseTx = await send(destination, {
            address: pool,
            abi: poolBridgeAbi,
            functionName: 'release',
            args: [
              {
                ...release,
                originChainId: BigInt(release.originChainId),
                amount: BigInt(release.amount),
              },
              signatures,
            ],
            account: context.account,
            chain: destination.chain,
          })
          record(transferId, { releaseTx })
          log.info('transfer released', { transferId, chainId: destination.config.id, tx: releaseTx })
        }
        record(transferId, { status: 'released' })
        return
      }
      if (transfer.status === 'released' && attested.status === 'released' && attested.attestation) {
        const origin = chainOf(transfer.originChainId)
        const pool = origin.config.contracts.poolBridge as Address
        const deposit = await origin.publicClient.readContract({
          address: pool,
          abi: poolBridgeAbi,
          functionName: 'deposits',
          args: [transferId as Hex],
        })
        if (deposit[5] === 1) {
          const finalizeTx = await send(origin, {
            address: pool,
            abi: poolBridgeAbi,
            functionName: 'finalize',
            args: [transferId as Hex, attested.attestation.signatures],
            account: context.account,
            chain: origin.chain,
          })
          record(transferId, { finalizeTx })
        }
        record(transferId, { status: 'finalized' })
        log.info('transfer finalized', { transferId })
      }
    } catch (error) {
      record(transferId, { lastError: shortMessage(error) })
      log.warn('transfer step failed; will retry', { transferId, error: shortMessage(error) })
    } finally {
      inFlight.delete(transferId)
    }
  }

  const server = await startHttpServer(
    parameters.port,
    [
      { method: 'GET', path: '/health', handler: () => ({ ok: true, relayer: context.account.address }) },
      {
        method: 'GET',
        path: '/v1/transfers/:transferId',
        handler: ({ params }) => {
          const transfer = store.value.transfers[parseBytes32(params.transferId, 'transferId')]
          if (!transfer) throw new HttpError(404, 'UNKNOWN_TRANSFER', 'The relayer has not seen this transfer')
          return transfer
        },
      },
    ],
    log,
  )

  const loops: Promise<void>[] = []
  for (const chain of context.chains.values()) {
    const pool = chain.config.contracts.poolBridge
    if (!pool) continue
    const key = String(chain.config.id)
    loops.push(
      pollLogs({
        chain,
        address: pool,
        event: sentEvent,
        confirmations: 0,
        ...persistedCursor(store, key),
        onLogs: async (logs) => {
          for (const entry of logs) {
            const transferId = entry.args.transferId
            if (store.value.transfers[transferId]) continue
            store.update((s) => {
              s.transfers[transferId] = {
                transferId,
                status: 'pending',
                originChainId: chain.config.id,
                destinationChainId: Number(entry.args.destinationChainId),
                updatedAt: Date.now(),
              }
            })
            log.info('transfer seen', { transferId, originChainId: chain.config.id })
          }
        },
        intervalMs: pollIntervalMs,
        log,
        signal: controller.signal,
      }),
    )
  }
  loops.push(
    repeat(controller.signal, pollIntervalMs, () => {
      for (const [transferId, transfer] of Object.entries(store.value.transfers)) {
        if (!FINAL.has(transfer.status)) void advance(transferId)
      }
    }),
  )
  log.info('relayer started', { relayer: context.account.address, port: parameters.port })

  return serviceHandle(server, controller, loops)
}
