import { chainName, formatDisplayAmount, type SwapRecord } from '@multi-bridge/core'
import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogHeader } from '../../lib/DialogHeader.tsx'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useSwapClient, useSwaps, useTrackProblems } from '../../lib/swapClient.tsx'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { statusWord, useRefundOpeningByClock } from '../history/index.ts'
import { ProgressDialog } from './ProgressDialog.tsx'
import { pendingSwaps } from './pendingSwaps.ts'
import { useStatusDetail } from './statusDetail.ts'

/**
 * Opened from the navigation bar's pending count: the one pending swap's own dialog, or the list of them, each
 * opening its dialog over the list. The swaps are those pending when it opened: one that ends meanwhile stays,
 * showing how it ended.
 */
export function PendingSwapsDialog({ onClose }: { onClose: () => void }) {
  const { store, problems } = useSwapClient()
  const [keys] = useState(() =>
    pendingSwaps(store.getState().swaps, problems.getState().problems).map((swap) => swap.key),
  )
  const [shown, setShown] = useState<string | undefined>(() => (keys.length === 1 ? keys[0] : undefined))
  const swaps = useSwaps((state) => state.swaps)
  const detail = shown !== undefined && swaps[shown] && (
    <ProgressDialog
      swapKey={shown}
      onOpenChange={(open) => {
        if (open) return
        // A single swap was the whole dialog; from the list, back to the list.
        if (keys.length === 1) onClose()
        else setShown(undefined)
      }}
    />
  )
  useEffect(() => {
    // Ended between the click and the dialog's code arriving: nothing to show.
    if (keys.length === 0) onClose()
  }, [keys, onClose])
  if (keys.length === 0) return null
  if (keys.length === 1) return detail ?? null
  return (
    <>
      <PendingSwapsList
        swaps={keys.map((key) => swaps[key]).filter((swap): swap is SwapRecord => swap !== undefined)}
        onOpen={setShown}
        onClose={onClose}
      />
      {detail}
    </>
  )
}

function PendingSwapsList(props: { swaps: SwapRecord[]; onOpen: (key: string) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const statusDetail = useStatusDetail()
  const problems = useTrackProblems()
  const returnFocus = useReturnFocus()
  const refundOpening = useRefundOpeningByClock(props.swaps)
  const label = (swap: SwapRecord) => t(statusWord(swap, problems[swap.key], refundOpening(swap)).label)
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <DialogHeader title="Swaps in progress" />
          <ul className="pending-list">
            {props.swaps.map((swap) => {
              const detail = statusDetail(swap, problems[swap.key])
              return (
                <li key={swap.key}>
                  <button
                    type="button"
                    className="history-row"
                    onClick={() => props.onOpen(swap.key)}
                    data-testid="pending-row"
                  >
                    <span className="status-line">
                      <span className={`status status-${swap.status}`}>{label(swap)}</span>
                      {detail && <span className="status-detail">{detail}</span>}
                    </span>
                    <span className="history-amounts">
                      {formatDisplayAmount(BigInt(swap.origin.amount), swap.origin.token.decimals)}{' '}
                      {swap.origin.token.symbol} → {swap.destination.token.symbol}
                    </span>
                    <span className="muted small">
                      {chainName(manifest, swap.origin.token.chainId)} →{' '}
                      {chainName(manifest, swap.destination.token.chainId)} · {swap.providerName}
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
