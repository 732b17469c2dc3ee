import type { Manifest, TokenAuthorizationDomain } from '@multi-bridge/core'
import type { Account, Address, Hex } from 'viem'
import { type AttesterQuorum, createAttesterQuorum } from '../shared/attesterQuorum.ts'
import { type ChainContext, createServiceContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { createFailureTracker, type FailureTracker } from '../shared/failures.ts'
import type { Logger } from '../shared/logger.ts'
import type { StateStore } from '../shared/store/stateStore.ts'
import type { PreparedFill } from './fillReads.ts'
import { applyOrderEvent, type OrderEvent, type SolverOrder } from './order.ts'
import type { SolverPricing } from './pricing.ts'
import { openSolverStore, type SolverState } from './state.ts'

/** A chain's gas price as last read, shared by the quotes of a few seconds. */
export type GasPriceCache = Map<number, { price: Promise<bigint>; readAt: number }>

/**
 * Everything the solver's operations share, made once at start: each operation takes it as its first argument
 * instead of reading closure variables, so one can be run (and tested) without starting the service.
 */
/** What an order being admitted holds on its destination (see `SolverContext.holds`): its output, its gas. */
export type OutputHold = { chainId: number; token: Address; amount: bigint }

/** What a gasless order the solver is opening takes from its person on the origin, until its open is mined. */
export type GaslessSpend = { chainId: number; token: Address; user: Address; amount: bigint }

/** The solver's sight of a chain: when its `Open` poller last read it, and whether its last poll could (watch.ts). */
export type ChainWatch = { readAt: number; read: boolean }

export type SolverLocks = {
  /** Orders with a step running now: one step per order at a time (and a gasless submission being opened). */
  steps: Set<string>
  /** `Open`s being admitted now (admit.ts): one admission per order at a time. */
  admissions: Set<string>
  /** Orders past the exposure check whose fill is not recorded yet: counted, so concurrent checks cannot all pass. */
  exposure: Set<string>
}

export type SolverHolds = {
  /**
   * Orders being admitted, by order id: what they take of the inventory is held from their inventory check until the
   * order is stored (then the order itself holds it), so admissions running at once, and gasless submissions the
   * solver is opening, cannot share one output.
   */
  outputs: Map<string, OutputHold[]>
  /** The inputs of gasless orders the solver is opening, by order id, until their open is mined (gaslessAuthorization.ts). */
  gaslessSpends: Map<string, GaslessSpend>
}

export type SolverCaches = {
  /** Each EIP-3009 token's EIP-712 domain, read once (`chainId:token`). */
  tokenDomains: Map<string, Promise<TokenAuthorizationDomain>>
  gasPrices: GasPriceCache
  /** The fill's reads admission started for an order it accepted, until its first fill takes them (fillReads.ts). */
  preparedFills: Map<string, PreparedFill>
}

export type SolverSetUp = {
  /** Chains whose destination settler may pull the solver's tokens (approvals.ts). */
  approved: Set<number>
  /** Each origin settler's least gap from fill deadline to expires, once read: quotes never ask for less. */
  minRefundDelays: Map<number, number>
}

/** What a solver keeps while it runs, empty at start (beside the store, which keeps what must survive a restart). */
export function emptyWorkState(): Pick<SolverContext, 'locks' | 'holds' | 'caches' | 'setUp'> {
  return {
    locks: { steps: new Set(), admissions: new Set(), exposure: new Set() },
    holds: { outputs: new Map(), gaslessSpends: new Map() },
    caches: { tokenDomains: new Map(), gasPrices: new Map(), preparedFills: new Map() },
    setUp: { approved: new Set(), minRefundDelays: new Map() },
  }
}

export type SolverContext = {
  manifest: Manifest
  pricing: SolverPricing
  account: Account
  /** The solver's address: its inventory, and who its fills name. */
  solver: Address
  chains: Map<number, ChainContext>
  store: StateStore<SolverState>
  /** The attesters, asked all at once: an attestation is the threshold's signatures combined. */
  attester: AttesterQuorum
  log: Logger
  failures: FailureTracker
  /** One at a time, by order id: each set is taken before the work and given back in a `finally`. */
  locks: SolverLocks
  /** What the inventory owes before the store records it: admissions running at once count each other's holds. */
  holds: SolverHolds
  /** Reads kept for the next order: they change rarely, or were started for it. */
  caches: SolverCaches
  /** Each chain's set-up, done in the background at start (chainSetup.ts): a fill is sent, and a route quoted, only on a chain set up. */
  setUp: SolverSetUp
  /** What the `Open` pollers last read of each chain, by chain id: a quote needs both ends in sight (watch.ts). */
  watch: Map<number, ChainWatch>
}

export type CreateSolverContextParameters = {
  manifest: Manifest
  pricing: SolverPricing
  dataDir: string
  /** PostgreSQL instead of the SQLite file in `dataDir`. */
  databaseUrl?: string | undefined
  log: Logger
}

export async function createSolverContext(parameters: CreateSolverContextParameters): Promise<SolverContext> {
  const { manifest, log } = parameters
  const service = createServiceContext(manifest, 'solver')
  return {
    manifest,
    pricing: parameters.pricing,
    account: service.account,
    solver: service.account.address,
    chains: service.chains,
    store: await openSolverStore(parameters),
    attester: createAttesterQuorum({ manifest, chains: service.chains, role: 'solver' }),
    log,
    failures: createFailureTracker(log),
    ...emptyWorkState(),
    watch: new Map(),
  }
}

export function chainOf(context: Pick<SolverContext, 'chains'>, id: number): ChainContext {
  const chain = context.chains.get(id)
  if (!chain) throw new ServiceError(`unknown chain ${id}`, { code: 'UNKNOWN_CHAIN' })
  return chain
}

/** Applies `event` to the stored order `orderId` (the only way an order changes) and gives the order after it. */
export function recordEvent(
  context: Pick<SolverContext, 'store'>,
  orderId: Hex,
  event: OrderEvent,
): SolverOrder | undefined {
  context.store.update((state) => {
    const order = state.orders[orderId]
    if (order) state.orders[orderId] = applyOrderEvent(order, event)
  })
  return context.store.value.orders[orderId]
}

/** The seconds of the later of the chain's latest block and this machine's clock. */
export async function chainTime(chain: ChainContext): Promise<number> {
  const block = await chain.publicClient.getBlock({ blockTag: 'latest' })
  return Math.max(Number(block.timestamp), Math.floor(Date.now() / 1000))
}
