import { lazy, Suspense } from 'react'
import { approvalsDialogStore, useApprovalsDialogOpen } from '../../lib/approvalsDialog.ts'
import { useWalletAdapter, useWalletConnection } from '../wallet/index.ts'

// Its own chunk, loaded when the person first opens it.
const ApprovalsDialog = lazy(() => import('./ApprovalsDialog.tsx'))

/** "Your approvals", in the page, for the connected account, whenever it is opened (`approvalsDialogStore`). */
export function ApprovalsHost() {
  const open = useApprovalsDialogOpen()
  const { address } = useWalletConnection()
  const wallet = useWalletAdapter()
  return (
    <Suspense fallback={null}>
      {open && (
        <ApprovalsDialog
          account={address}
          wallet={wallet}
          open
          onOpenChange={(next) => approvalsDialogStore.getState().setOpen(next)}
        />
      )}
    </Suspense>
  )
}
