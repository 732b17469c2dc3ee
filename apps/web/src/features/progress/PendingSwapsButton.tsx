import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useSwaps, useTrackProblems } from '../../lib/swapClient.tsx'
import { useIsHydrated } from '../../lib/useIsHydrated.ts'
import { pendingDialogStore, usePendingDialogOpen } from './pendingDialog.ts'
import { pendingSwapKeys } from './pendingSwaps.ts'

const PendingSwapsDialog = lazy(() =>
  import('./PendingSwapsDialog.tsx').then((m) => ({ default: m.PendingSwapsDialog })),
)

/**
 * The navigation bar's count of swaps under way (a deposit sent, a refund being made) and, on its own, of the money
 * waiting for the person's refund: a swap whose dialog was closed is one click away. One swap opens its dialog;
 * several are listed first.
 */
export function PendingSwapsButton() {
  const { t } = useTranslation()
  // History is this browser's: not in the prerendered page.
  const hydrated = useIsHydrated()
  const problems = useTrackProblems()
  const keys = useSwaps((state) => pendingSwapKeys(state.swaps, problems))
  const waiting = useSwaps(
    (state) => keys.split('\n').filter((key) => state.swaps[key]?.status === 'refundable').length,
  )
  const open = usePendingDialogOpen()
  const count = keys === '' ? 0 : keys.split('\n').length
  const underway = count - waiting
  const words = [
    underway > 0 ? t('{{count}} pending', { count: underway }) : undefined,
    waiting > 0 ? t('{{count}} to refund', { count: waiting }) : undefined,
  ].filter((part) => part !== undefined)
  return (
    <>
      {hydrated && count > 0 && (
        <button
          type="button"
          className={`pending-button${waiting > 0 ? ' pending-button-refund' : ''}`}
          aria-haspopup="dialog"
          onClick={() => pendingDialogStore.getState().setOpen(true)}
          data-testid="pending-swaps"
          // A phone's narrow bar shows the counts alone (styles.css); the words stay the button's name.
          data-count={[underway, waiting].filter((n) => n > 0).join(' · ')}
        >
          <span className="pending-dot" aria-hidden="true" />
          <span className="pending-label">{words.join(' · ')}</span>
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
