import { join } from 'node:path'
import { depositFromTuple, poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import type { Manifest } from '@multi-bridge/core'
import { type Address, getAbiItem, type Hex } from 'viem'
import { createAttesterClient } from '../shared/attesterClient.ts'
import { type ChainContext, createServiceContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { cappedGas } from '../shared/gasCap.ts'
import { createApi, HttpError, json, serveApi } from '../shared/http.ts'
import type { Logger } from '../shared/logger.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { settlementMarginSeconds } from '../shared/margins.ts'
import { persistedCursor, repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { JsonStateStore } from '../shared/stateStore.ts'
import { parseBytes32 } from '../shared/validation.ts'
import { releaseDeclineReason } from './releaseDecline.ts'
import {
  emptyRelayerState,
  type RelayerState,
  type RelayerTransfer,
  relayerStateSchema,
  type TransferStatus,
} from './state.ts'

const sentEvent = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })
const FINAL: ReadonlySet<TransferStatus> = new Set(['finalized', 'not-released', 'refunded', 'missing', 'declined'])
/**
 * Most gas a release may cost: the pool pays native coin with a fixed stipend, so a release costs about 135,000 at
 * most whoever the recipient (estimated at about 170,000, the stipend's headroom included); one the estimate puts
 * above this is declined (the sender is refunded), not paid.
 */
export const RELEASE_GAS_CAP = 200_000n

/** The relayer's state file, every transfer checked (a malformed one stops the start, named). */
export function openRelayerStore(dataDir: string): JsonStateStore<RelayerState> {
  return new JsonStateStore<RelayerState>(join(dataDir, 'relayer-state.json'), emptyRelayerState, {
    schema: relayerStateSchema,
  })
}

export type StartRelayerParameters = {
  manifest: Manifest
  dataDir: string
  port: number
  log: Logger
  pollIntervalMs?: number
}

/**
 * Releases pool transfers on their destination and finalizes them on their origin. It acts only on
 * deposits that are final on the origin, re-reads each one there before paying, and releases only
 * while enough time is left for the finalize to land before the sender could refund without attestation.
 */
export async function startRelayer(parameters: StartRelayerParameters): Promise<ServiceHandle> {
  const { manifest, log } = parameters
  const context = createServiceContext(manifest, 'relayer')
  const store = openRelayerStore(parameters.dataDir)
  const controller = new AbortController()
  const inFlight = new Set<string>()
  const pollIntervalMs = parameters.pollIntervalMs ?? 300
  const attesterUrl = manifest.services.attester?.url
  if (!attesterUrl) {
    throw new ServiceError('the relayer needs the attester URL in the manifest', { code: 'ATTESTER_URL_MISSING' })
  }
  const attester = createAttesterClient(attesterUrl)
  const failures = createFailureTracker(log)

  const chainOf = (id: number): ChainContext => {
    const chain = context.chains.get(id)
    if (!chain) throw new ServiceError(`unknown chain ${id}`, { code: 'UNKNOWN_CHAIN' })
    return chain
  }
  const record = (transferId: string, change: Partial<RelayerTransfer>) =>
    store.update((s) => {
      const transfer = s.transfers[transferId]
      if (transfer) Object.assign(transfer, change, { updatedAt: Date.now() })
    })

  /** Sends `request` after estimating it (a revert surfaces decoded); with `cap`, never with more gas than that. */
  async function send(
    chain: ChainContext,
    request: Parameters<ChainContext['walletClient']['writeContract']>[0],
    cap?: bigint,
  ) {
    const hash = await chain.sendQueue.run(async () => {
      const estimate = await chain.publicClient.estimateContractGas(request as never)
      if (cap === undefined) return chain.walletClient.writeContract(request)
      const capped = cappedGas(estimate, cap)
      if ('problem' in capped) throw new ServiceError(capped.problem, { code: 'GAS_ABOVE_CAP' })
      return chain.walletClient.writeContract({ ...request, gas: capped.gas })
    })
    const receipt = await chain.waitForReceipt(hash)
    if (receipt.status !== 'success') {
      throw new ServiceError(`transaction ${hash} reverted`, { code: 'TRANSACTION_REVERTED' })
    }
    return hash
  }

  /** The deposit's status on the origin (one of `poolBridgeStatus`), at the final head (`final`) or the latest block. */
  async function depositStatus(transfer: RelayerTransfer, at: 'final' | 'latest'): Promise<number> {
    const origin = chainOf(transfer.originChainId)
    const blockNumber = at === 'final' ? await origin.finalBlockNumber() : undefined
    const deposit = await origin.publicClient.readContract({
      address: origin.config.contracts.poolBridge as Address,
      abi: poolBridgeAbi,
      functionName: 'deposits',
      args: [transfer.transferId],
      ...(blockNumber === undefined ? {} : { blockNumber }),
    })
    return depositFromTuple(deposit).status
  }

  /**
   * Records a deposit that is gone from the origin, once that is final there; true when it is gone.
   * `status` was read at `at`: one read at the latest block is confirmed at the final head first.
   */
  async function settledOnOrigin(transfer: RelayerTransfer, status: number, at: 'final' | 'latest'): Promise<boolean> {
    if (status === poolBridgeStatus.Refunded || status === poolBridgeStatus.None) {
      // A refund a reorg may still take back is not the end of the transfer yet.
      if (at === 'latest' && (await depositStatus(transfer, 'final')) !== status) return true
      const paidOut = transfer.status === 'released'
      record(transfer.transferId, { status: status === poolBridgeStatus.Refunded ? 'refunded' : 'missing' })
      const fields = { transferId: transfer.transferId, releaseTx: transfer.releaseTx }
      if (paidOut) log.error('released a deposit that the origin no longer holds', { ...fields, alert: true })
      else log.warn(status === poolBridgeStatus.Refunded ? 'deposit was refunded' : 'deposit no longer exists', fields)
      return true
    }
    return false
  }

  /** Sends a release; one that would revert for good is declined (recorded) instead of retried. */
  async function sendOrDecline(
    transfer: RelayerTransfer,
    chain: ChainContext,
    request: Parameters<ChainContext['walletClient']['writeContract']>[0],
  ): Promise<Hex | undefined> {
    try {
      return await send(chain, request, RELEASE_GAS_CAP)
    } catch (error) {
      const reason = releaseDeclineReason(error)
      if (reason === undefined) throw error
      record(transfer.transferId, { status: 'declined', reason })
      log.warn('transfer declined', { transferId: transfer.transferId, reason })
      return undefined
    }
  }

  async function release(transfer: RelayerTransfer) {
    const attested = await attester.transfer(transfer.transferId)
    if (!attested) return
    if (attested.status === 'not-released') {
      record(transfer.transferId, { status: 'not-released' })
      log.warn('transfer was not released before its deadline; the sender can refund', {
        transferId: transfer.transferId,
      })
      return
    }
    if (!attested.release) return // a pool outside the manifest: it waits for its not-released attestation
    // The attester signed at the origin's final head; check it again there before paying.
    if (await settledOnOrigin(transfer, await depositStatus(transfer, 'final'), 'final')) return
    const destination = chainOf(transfer.destinationChainId)
    const pool = destination.config.contracts.poolBridge as Address
    const released = async (blockNumber?: bigint) =>
      destination.publicClient.readContract({
        address: pool,
        abi: poolBridgeAbi,
        functionName: 'released',
        args: [transfer.transferId],
        ...(blockNumber === undefined ? {} : { blockNumber }),
      })
    if (await released()) {
      // 'released' once the release is final: one a reorg drops is sent again before the deadline.
      if (await released(await destination.finalBlockNumber())) record(transfer.transferId, { status: 'released' })
      return
    }
    const now = Number((await destination.publicClient.getBlock({ blockTag: 'latest' })).timestamp)
    const margin = settlementMarginSeconds(destination, chainOf(transfer.originChainId))
    if (now + destination.config.blockTime > transfer.deadline) return // too late; the attester will say so
    if (now + margin > transfer.expires) {
      if (transfer.reason === undefined) {
        record(transfer.transferId, { reason: 'too little time before the sender could refund' })
        log.warn('not releasing: the finalize could not land before expires', { transferId: transfer.transferId })
      }
      return
    }
    const { signatures, ...authorization } = attested.release
    const releaseTx = await sendOrDecline(transfer, destination, {
      address: pool,
      abi: poolBridgeAbi,
      functionName: 'release',
      args: [
        { ...authorization, originChainId: BigInt(authorization.originChainId), amount: BigInt(authorization.amount) },
        signatures,
      ],
      account: context.account,
      chain: destination.chain,
    })
    if (!releaseTx) return
    record(transfer.transferId, { releaseTx })
    log.info('transfer released', { transferId: transfer.transferId, chainId: destination.config.id, tx: releaseTx })
  }

  /** 'finalized' is recorded once the finalize is final on the origin; one a reorg drops is sent again. */
  async function finalize(transfer: RelayerTransfer) {
    const status = await depositStatus(transfer, 'latest')
    if (await settledOnOrigin(transfer, status, 'latest')) return
    if (status === poolBridgeStatus.Finalized) {
      if ((await depositStatus(transfer, 'final')) === poolBridgeStatus.Finalized) {
        record(transfer.transferId, { status: 'finalized' })
        log.info('transfer finalized', { transferId: transfer.transferId })
      }
      return
    }
    const attested = await attester.transfer(transfer.transferId)
    if (attested?.status !== 'released' || !attested.attestation) return
    const origin = chainOf(transfer.originChainId)
    const finalizeTx = await send(origin, {
      address: origin.config.contracts.poolBridge as Address,
      abi: poolBridgeAbi,
      functionName: 'finalize',
      args: [transfer.transferId, attested.attestation.signatures],
      account: context.account,
      chain: origin.chain,
    })
    record(transfer.transferId, { finalizeTx })
  }

  async function advance(transferId: string) {
    if (inFlight.has(transferId)) return
    inFlight.add(transferId)
    try {
      const transfer = store.value.transfers[transferId]
      if (!transfer || FINAL.has(transfer.status)) return
      if (transfer.status === 'pending') await release(transfer)
      else if (transfer.status === 'released') await finalize(transfer)
      failures.succeeded(transferId)
    } catch (error) {
      record(transferId, { lastError: String((error as Error).message ?? error).slice(0, 300) })
      failures.failed(transferId, 'transfer step failed', error, { transferId })
    } finally {
      inFlight.delete(transferId)
    }
  }

  const api = createApi(log)
  api.get('/health', (c) => json(c, { ok: true, relayer: context.account.address }))
  api.get('/v1/transfers/:transferId', (c) => {
    const transfer = store.value.transfers[parseBytes32(c.req.param('transferId'), 'transferId')]
    if (!transfer) throw new HttpError(404, 'UNKNOWN_TRANSFER', 'The relayer has not seen this transfer')
    return json(c, transfer)
  })
  const server = await serveApi(api, parameters.port, log)

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
        // Only final deposits: a reorg within the chain's finality cannot take back one we paid for.
        head: () => chain.finalBlockNumber(),
        ...persistedCursor(store, key),
        onLogs: async (logs) => {
          for (const entry of logs) {
            const { transferId, destinationChainId, deadline, expires } = entry.args
            if (store.value.transfers[transferId]) continue
            store.update((s) => {
              s.transfers[transferId] = {
                transferId,
                status: 'pending',
                originChainId: chain.config.id,
                destinationChainId: Number(destinationChainId),
                deadline,
                expires,
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
      // The nearest deadline first: the send queue serves transfers in this order.
      const open = Object.values(store.value.transfers).filter((t) => !FINAL.has(t.status))
      open.sort((x, y) => x.deadline - y.deadline)
      for (const transfer of open) void advance(transfer.transferId)
    }),
  )
  log.info('relayer started', { relayer: context.account.address, port: parameters.port })

  return serviceHandle(server, controller, loops)
}
