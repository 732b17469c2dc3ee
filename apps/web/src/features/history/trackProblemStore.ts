import { createTrackProblemStore, type TrackProblem } from '@multi-bridge/core'
import { useStore } from 'zustand'

/**
 * The swaps whose last looks failed, live (the swap tracker writes it, see `swapServices.ts`): the screens say
 * which chain or service does not answer instead of staying silent.
 */
export const trackProblemStore = createTrackProblemStore()

export const useTrackProblem = (key: string): TrackProblem | undefined =>
  useStore(trackProblemStore, (state) => state.problems[key])
