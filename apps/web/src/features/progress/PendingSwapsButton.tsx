import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useSwaps } from '../../lib/swapClient.tsx'
import { useIsHydrated } from '../../lib/useIsHydrated.ts'
import { pendingDialogStore, usePendingDialogOpen } from './pendingDialog.ts'
import { pendingSwapKeys } from './pendingSwaps.ts'

const PendingSwapsDialog = lazy(() =>
  import('./PendingSwapsDialog.tsx').then((m) => ({ default: m.PendingSwapsDialog })),
)

/**
 * The navigation bar's count of swaps under way (a deposit sent, a refund to make or being made): a swap whose
 * dialog was closed is one click away. One swap opens its dialog; several are listed first.
 */
export function PendingSwapsButton() {
  const { t } = useTranslation()
  // History is this browser's: not in the prerendered page.
  const hydrated = useIsHydrated()
  const keys = useSwaps((state) => pendingSwapKeys(state.swaps))
  const refundable = useSwaps((state) => Object.values(state.swaps).some((swap) => swap.status === 'refundable'))
  const open = usePendingDialogOpen()
  const count = keys === '' ? 0 : keys.split('\n').length
  return (
    <>
      {hydrated && count > 0 && (
        <button
          type="button"
          className={`pending-button${refundable ? ' pending-button-refund' : ''}`}
          aria-haspopup="dialog"
          onClick={() => pendingDialogStore.getState().setOpen(true)}
          data-testid="pending-swaps"
          // A phone's narrow bar shows the count alone (styles.css); the words stay the button's name.
          data-count={count}
        >
          <span className="pending-dot" aria-hidden="true" />
          <span className="pending-label">{t('{{count}} pending', { count })}</span>
          {refundable && <span className="visually-hidden"> {t('(money is waiting for your refund)')}</span>}
        </button>
      )}
      {/* Stays open when its swap ends (and the count drops), to show how it ended. */}
      {open && (
        <Suspense fallback={null}>
          <PendingSwapsDialog onClose={() => pendingDialogStore.getState().setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
