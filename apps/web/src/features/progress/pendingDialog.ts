import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

type PendingDialogState = {
  /** The header's dialog of pending swaps is open. */
  open: boolean
  setOpen: (open: boolean) => void
}

/** Whether the header's pending swaps dialog is open: its button opens it, a swap's "New swap" closes it. */
export const pendingDialogStore = createStore<PendingDialogState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}))

export const usePendingDialogOpen = () => useStore(pendingDialogStore, (state) => state.open)
