import { join } from 'node:path'
import { z } from 'zod'
import { type SettlementGone, settlementGoneSchema } from '../shared/settledWatch.ts'
import { address, bytes32, chainId, cursors, hex, idKey, millis, seconds, uintText } from '../shared/stateSchema.ts'
import { type OpenStateParameters, openServiceStore } from '../shared/store/openStore.ts'
import type { StateStore } from '../shared/store/stateStore.ts'
import { isFinalOrder, type OrderTerms, type SolverOrder } from './order.ts'

const terms = z.strictObject({
  // Any chain id an order names (a declined one may name a chain outside the manifest).
  destinationChainId: z.number().int().nonnegative(),
  inputToken: address,
  inputAmount: uintText,
  outputToken: address,
  outputAmount: uintText,
  gasAmount: uintText.optional(),
  recipient: address,
  fillDeadline: seconds,
  expires: seconds,
  outputUsd: uintText,
}) satisfies z.ZodType<OrderTerms>

const seen = {
  orderId: bytes32,
  originChainId: chainId,
  openBlock: uintText,
  openSeenAt: millis,
  updatedAt: millis,
}
const working = {
  ...seen,
  terms,
  originData: hex,
  openFinal: z.literal(true).optional(),
  openTx: bytes32.optional(),
  openedFor: address.optional(),
}
const filledFacts = { fillTx: bytes32.optional(), filledAt: millis }

/** One order per status, as `SolverOrder` says: a state file cannot hold a combination the machine never makes. */
const solverOrder = z.discriminatedUnion('status', [
  z.strictObject({ ...seen, status: z.literal('declined'), reason: z.string(), terms: terms.optional() }),
  z.strictObject({
    ...working,
    status: z.literal('accepted'),
    reason: z.string().optional(),
    fillTx: bytes32.optional(),
  }),
  z.strictObject({ ...working, status: z.literal('filling'), fillTx: bytes32 }),
  z.strictObject({ ...working, status: z.literal('filled'), ...filledFacts, claimTx: bytes32.optional() }),
  z.strictObject({ ...seen, status: z.literal('claimed'), terms, ...filledFacts, claimTx: bytes32.optional() }),
  z.strictObject({ ...seen, status: z.literal('missed'), terms, reason: z.string() }),
  z.strictObject({ ...seen, status: z.literal('filled-by-other'), terms }),
  z.strictObject({ ...seen, status: z.literal('lost'), terms, ...filledFacts }),
  z.strictObject({ ...seen, status: z.literal('reorged'), terms, ...filledFacts, reason: z.string() }),
]) satisfies z.ZodType<SolverOrder>

/**
 * An `Open` seen and not decided yet (admit.ts): written down before the log cursor moves past it, so that an order
 * whose admission waits on a slow destination holds up no other, and none is lost to a restart meanwhile.
 */
const seenOpen = z.strictObject({ orderId: bytes32, originChainId: chainId, openBlock: uintText, originData: hex })
export type SeenOpen = z.infer<typeof seenOpen>

/**
 * A gasless order filled whose open its person made fail (fill.ts, claim.ts): what it cost, by whom, until when it
 * counts against the cap on unopened orders (`until`, ms: booked + the loss window). Kept past `until` for the
 * retention, as a settled entry.
 */
const gaslessLoss = z.strictObject({
  originChainId: chainId,
  user: address,
  inputToken: address,
  outputUsd: uintText,
  at: millis,
  until: millis,
})
export type GaslessLoss = z.infer<typeof gaslessLoss>

/** The solver's state file: every order checked at start, so one bad entry stops it there, named. */
export const solverStateSchema = z.strictObject({
  cursors,
  orders: z.record(idKey, solverOrder),
  // A state written before this collection existed has none.
  opens: z.record(idKey, seenOpen).default({}),
  // Likewise, before gasless losses were kept apart.
  gaslessLosses: z.record(idKey, gaslessLoss).default({}),
  // Claimed orders whose escrow a reorg deeper than finality took back, alerted once (claimedWatch.ts).
  settlementsGone: z.record(idKey, settlementGoneSchema).default({}),
})

export type SolverState = z.infer<typeof solverStateSchema>
export const emptySolverState = (): SolverState => ({
  cursors: {},
  orders: {},
  opens: {},
  gaslessLosses: {},
  settlementsGone: {},
})

/** The solver's state, every order checked (a malformed one stops the start, named). */
export function openSolverStore(parameters: OpenStateParameters): Promise<StateStore<SolverState>> {
  return openServiceStore<SolverState>({
    ...parameters,
    name: 'solver',
    empty: emptySolverState,
    schema: solverStateSchema,
    // Saves are coalesced, as the attesters' are: each transaction ends with an fsync that holds the event loop (about
    // 7 s of the solver's 95 s under load, 27 Nov). What leaves the process (a transaction, an answer) flushes first.
    coalesceMs: 50,
    // An order in a final status is done with: nothing changes it, the escrow is settled or never will be by us.
    // A gasless loss is settled once its window has passed: it counts against the cap until then.
    settledAt: (collection, entry) =>
      collection === 'orders' && isFinalOrder(entry as SolverOrder)
        ? (entry as SolverOrder).updatedAt
        : collection === 'gaslessLosses'
          ? (entry as GaslessLoss).until
          : collection === 'settlementsGone'
            ? (entry as SettlementGone).alertedAt
            : undefined,
    legacyFile: join(parameters.dataDir, 'solver-state.json'),
  })
}
