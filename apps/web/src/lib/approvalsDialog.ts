import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

type ApprovalsDialogState = {
  /** "Your approvals" is open. */
  open: boolean
  setOpen: (open: boolean) => void
}

/**
 * Whether "Your approvals" is open: the page shows it (features/approvals' `ApprovalsHost`, where the swap client is),
 * opened from the account dialog (the wallet button's own root) and after a swap that left an allowance. Here, in the
 * shared code, so that the wallet feature opens it without reaching into the approvals feature.
 */
export const approvalsDialogStore = createStore<ApprovalsDialogState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}))

export const useApprovalsDialogOpen = () => useStore(approvalsDialogStore, (state) => state.open)
