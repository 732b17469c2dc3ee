import type { Manifest } from '@multi-bridge/core'
import type { Address, Hex, TypedDataDefinition } from 'viem'
import { type ChainContext, createServiceContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { createFailureTracker, type FailureTracker } from '../shared/failures.ts'
import type { Logger } from '../shared/logger.ts'
import type { StateStore } from '../shared/store/stateStore.ts'
import { applyIntentEvent, type IntentEvent, type IntentRecord } from './intentMachine.ts'
import type { OrphanLimits } from './orphans.ts'
import { createSettledLookup, type SettledLookup } from './settledLookup.ts'
import { type AttesterState, openAttesterStore } from './state.ts'
import { applyTransferEvent, type TransferEvent, type TransferRecord } from './transferMachine.ts'

export type DecisionLimits = {
  /** Reads in flight per chain, answered or abandoned: what a chain whose reads hang can hold. */
  readsPerChain: number
  /** Each read's deadline; after a chain's first time-out its other items wait for the next round. */
  readTimeoutMs: number
}

export const DEFAULT_DECISION_LIMITS: DecisionLimits = { readsPerChain: 4, readTimeoutMs: 5_000 }
export const DEFAULT_ORPHAN_LIMITS: OrphanLimits = { ttlMs: 24 * 3600_000, max: 10_000 }

/** The attester's key, as signing needs it. */
export type AttesterSigner = {
  address: Address
  signTypedData: (typedData: TypedDataDefinition) => Promise<Hex>
}

/** Signatures made, by what they sign (`intent:<id>`, `release:<id>`…), with the kind signed (see sign.ts). */
export type SignatureCache = Map<string, { kind: string; signatures: Promise<Hex> }>

/**
 * Everything the attester's operations share, made once at start: each operation takes it (or the part it needs)
 * as its first argument instead of reading closure variables, so one can be run and tested without the service.
 */
export type AttesterContext = {
  store: StateStore<AttesterState>
  chains: ReadonlyMap<number, ChainContext>
  signer: AttesterSigner
  signatures: SignatureCache
  /** How an id the attester does not hold settled on chain, read once per id while the answer holds. */
  settled: SettledLookup
  log: Logger
  failures: FailureTracker
  limits: DecisionLimits
  orphanLimits: OrphanLimits
}

export type CreateAttesterContextParameters = {
  manifest: Manifest
  dataDir: string
  /** PostgreSQL instead of the SQLite file in `dataDir`. */
  databaseUrl?: string | undefined
  log: Logger
  /** Which of the manifest's attesters this is (its place in `services.attesters.urls`): its devnet key. */
  attesterIndex?: number | undefined
  orphanLimits?: OrphanLimits | undefined
  decisionLimits?: DecisionLimits | undefined
}

export async function createAttesterContext(parameters: CreateAttesterContextParameters): Promise<AttesterContext> {
  const { account, chains } = createServiceContext(parameters.manifest, 'attester', parameters.attesterIndex)
  if (!account.signTypedData) {
    throw new ServiceError('the attester needs a local signing key', { code: 'KEY_MISSING' })
  }
  const signTypedData = account.signTypedData.bind(account)
  const limits = parameters.decisionLimits ?? DEFAULT_DECISION_LIMITS
  return {
    store: await openAttesterStore({
      dataDir: parameters.dataDir,
      databaseUrl: parameters.databaseUrl,
      number: (parameters.attesterIndex ?? 0) + 1,
    }),
    chains,
    signer: { address: account.address, signTypedData: (typedData) => signTypedData(typedData) },
    signatures: new Map(),
    settled: createSettledLookup({ chains, limits }),
    log: parameters.log,
    failures: createFailureTracker(parameters.log),
    limits,
    orphanLimits: parameters.orphanLimits ?? DEFAULT_ORPHAN_LIMITS,
  }
}

/**
 * Applies `event` to the stored intent `orderId` (the only way an intent changes). Gives the intent before and
 * after it, or undefined when there is no such intent; nothing is written when the event changes nothing.
 */
export function recordIntentEvent(
  context: Pick<AttesterContext, 'store'>,
  orderId: Hex,
  event: IntentEvent,
): { before: IntentRecord; after: IntentRecord } | undefined {
  const before = context.store.value.intents[orderId]
  if (!before) return undefined
  const after = applyIntentEvent(before, event)
  if (after !== before) {
    context.store.update((state) => {
      state.intents[orderId] = after
    })
  }
  return { before, after }
}

/** Applies `event` to the stored transfer `transferId`, as `recordIntentEvent` does for intents. */
export function recordTransferEvent(
  context: Pick<AttesterContext, 'store'>,
  transferId: Hex,
  event: TransferEvent,
): { before: TransferRecord; after: TransferRecord } | undefined {
  const before = context.store.value.transfers[transferId]
  if (!before) return undefined
  const after = applyTransferEvent(before, event)
  if (after !== before) {
    context.store.update((state) => {
      state.transfers[transferId] = after
    })
  }
  return { before, after }
}
