import { useStore } from 'zustand'
import { createPersistedStore } from '../../lib/persistedStore.ts'

type AlertState = {
  /** The person turned system notifications on (asked for permission then, never on load). */
  notifications: boolean
  setNotifications: (on: boolean) => void
  /** Keys of swaps that ended while the tab was hidden, until it is seen again. */
  unseen: string[]
  addUnseen: (key: string) => void
  clearUnseen: () => void
}

/** Whether the person wants system notifications (kept), and what they have not seen yet (this tab only). */
export const alertStore = createPersistedStore<AlertState>(
  (set) => ({
    notifications: false,
    setNotifications: (on) => set({ notifications: on }),
    unseen: [],
    addUnseen: (key) => set((state) => (state.unseen.includes(key) ? state : { unseen: [...state.unseen, key] })),
    clearUnseen: () => set({ unseen: [] }),
  }),
  {
    storeId: 'alerts',
    version: 1,
    validate: (restored) => typeof (restored as { notifications?: unknown }).notifications === 'boolean',
    // Only the choice is kept; what was unseen belongs to the tab that saw it happen.
    partialize: (state) => ({ notifications: state.notifications }),
  },
)

export const useAlerts = <T>(selector: (state: AlertState) => T) => useStore(alertStore, selector)
