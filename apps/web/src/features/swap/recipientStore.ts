import { useStore } from 'zustand'
import { createPersistedStore } from '../../lib/persistedStore.ts'

type RecipientState = { recent: string[]; remember: (address: string) => void }

const MAX_RECENT = 5

/** Recent recipients, newest first, persisted under `__persist__recipients`. */
export const recipientStore = createPersistedStore<RecipientState>(
  (set) => ({
    recent: [],
    remember: (address) =>
      set((state) => ({
        recent: [address, ...state.recent.filter((a) => a.toLowerCase() !== address.toLowerCase())].slice(
          0,
          MAX_RECENT,
        ),
      })),
  }),
  {
    storeId: 'recipients',
    version: 1,
    validate: (restored): restored is RecipientState =>
      Array.isArray((restored as { recent?: unknown }).recent) &&
      (restored as { recent: unknown[] }).recent.every((a) => typeof a === 'string'),
  },
)

export const useRecentRecipients = () => useStore(recipientStore, (s) => s.recent)
