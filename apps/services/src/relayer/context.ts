import type { Manifest } from '@multi-bridge/core'
import type { Account, Hex } from 'viem'
import type { AttesterTransfer } from '../shared/attesterClient.ts'
import { createAttesterQuorum } from '../shared/attesterQuorum.ts'
import { type ChainContext, createServiceContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { createFailureTracker, type FailureTracker } from '../shared/failures.ts'
import type { Logger } from '../shared/logger.ts'
import type { StateStore } from '../shared/store/stateStore.ts'
import { openRelayerStore, type RelayerState } from './state.ts'
import { applyRelayerEvent, type RelayerEvent, type RelayerTransfer } from './transferMachine.ts'

/**
 * What the relayer asks the attesters: a transfer's answer with the threshold's signatures combined (see
 * attesterQuorum.ts), undefined while no attester that answers has seen it.
 */
export type AttesterReader = { transfer: (transferId: Hex) => Promise<AttesterTransfer | undefined> }

/**
 * Everything the relayer's operations share, made once at start: each operation takes it (or the part it needs)
 * as its first argument instead of reading closure variables, so one can be run and tested without the service.
 */
export type RelayerContext = {
  account: Account
  chains: ReadonlyMap<number, ChainContext>
  store: StateStore<RelayerState>
  attester: AttesterReader
  log: Logger
  failures: FailureTracker
  /** Transfers with a step running now: one step per transfer at a time. */
  inFlight: Set<string>
}

export type CreateRelayerContextParameters = {
  manifest: Manifest
  dataDir: string
  /** PostgreSQL instead of the SQLite file in `dataDir`. */
  databaseUrl?: string | undefined
  log: Logger
}

export async function createRelayerContext(parameters: CreateRelayerContextParameters): Promise<RelayerContext> {
  const { manifest, log } = parameters
  const { account, chains } = createServiceContext(manifest, 'relayer')
  const store = await openRelayerStore(parameters)
  return {
    account,
    chains,
    store,
    attester: createAttesterQuorum({ manifest, chains, role: 'relayer' }),
    log,
    failures: createFailureTracker(log),
    inFlight: new Set(),
  }
}

export function chainOf(context: Pick<RelayerContext, 'chains'>, id: number): ChainContext {
  const chain = context.chains.get(id)
  if (!chain) throw new ServiceError(`unknown chain ${id}`, { code: 'UNKNOWN_CHAIN' })
  return chain
}

/**
 * Applies `event` to the stored transfer `transferId` (the only way a transfer changes): gives the transfer before
 * and after it, or undefined when there is no such transfer. Nothing is written when the event changes nothing.
 */
export function recordEvent(
  context: Pick<RelayerContext, 'store'>,
  transferId: Hex,
  event: RelayerEvent,
): { before: RelayerTransfer; after: RelayerTransfer } | undefined {
  const before = context.store.value.transfers[transferId]
  if (!before) return undefined
  const after = applyRelayerEvent(before, event)
  if (after !== before) {
    context.store.update((state) => {
      state.transfers[transferId] = after
    })
  }
  return { before, after }
}
