import { useStore } from 'zustand'
import { createPersistedStore } from '../../lib/persistedStore.ts'

/** A chain Restore could not read, in the manifest's words. */
export type UnreadChain = { id: number; name: string }

type RestoreState = {
  /** Accounts (lower case) whose swaps this device already looked for by itself: each once. */
  autoRestored: string[]
  markAutoRestored: (account: string) => void
  /** The account of the last restore, and what it could not read: chains (retried when they answer) and bridges. */
  owner: string | undefined
  unreadChains: UnreadChain[]
  failedProviders: string[]
  /** How many swaps the last restore found on the chains, for the empty History to say "none". */
  found: number | undefined
  /** A restore is under way, and whether the person asked for it (a restore by itself is quiet). */
  running: 'asked' | 'auto' | undefined
  setRunning: (running: 'asked' | 'auto' | undefined) => void
  setOutcome: (outcome: Pick<RestoreState, 'owner' | 'unreadChains' | 'failedProviders' | 'found'>) => void
}

/** What Restore did and must still do; only the accounts restored by themselves are kept across visits. */
export const restoreStore = createPersistedStore<RestoreState>(
  (set) => ({
    autoRestored: [],
    markAutoRestored: (account) =>
      set((state) =>
        state.autoRestored.includes(account.toLowerCase())
          ? state
          : { autoRestored: [...state.autoRestored, account.toLowerCase()] },
      ),
    owner: undefined,
    unreadChains: [],
    failedProviders: [],
    found: undefined,
    running: undefined,
    setRunning: (running) => set({ running }),
    setOutcome: (outcome) => set(outcome),
  }),
  {
    storeId: 'restore',
    version: 1,
    validate: (restored) => Array.isArray((restored as { autoRestored?: unknown }).autoRestored),
    partialize: (state) => ({ autoRestored: state.autoRestored }),
  },
)

export const useRestoreState = <T>(selector: (state: RestoreState) => T) => useStore(restoreStore, selector)
