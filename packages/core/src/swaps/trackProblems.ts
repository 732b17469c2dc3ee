import { createStore, type StoreApi } from 'zustand/vanilla'
import { ChainUnreachableError, ServiceUnreachableError } from '../errors/unreachableErrors.ts'

/** Why the last looks at a swap failed: its error, since when (epoch ms), and how many in a row. */
export type TrackProblem = { error: unknown; since: number; failures: number }

/** The swaps whose looks fail now (a chain or service that does not answer), by record key; live, not kept. */
export type TrackProblemsState = { problems: Record<string, TrackProblem> }

export const createTrackProblemStore = (): StoreApi<TrackProblemsState> =>
  createStore<TrackProblemsState>(() => ({ problems: {} }))

/** Whether an error says who does not answer (a chain, a service): worth telling the person at once. */
export const isUnreachable = (error: unknown) =>
  error instanceof ChainUnreachableError || error instanceof ServiceUnreachableError
