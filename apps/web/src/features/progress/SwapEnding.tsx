import {
  type CompletedSwap,
  chainName,
  formatAmount,
  formatDisplayAmount,
  gasReceived,
  receivedAmount,
} from '@multi-bridge/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useDurationValues } from '../../lib/durationText.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { ROUTES } from '../../lib/routes.ts'
import { startNewSwap } from '../swap/index.ts'
import { pendingDialogStore } from './pendingDialog.ts'

/**
 * The end of a completed swap, at the top of its dialog: what arrived, where, and how long it took; Done closes,
 * New swap goes to the form with the same tokens and recipient and no amount.
 */
export function SwapEnding({
  record,
  onClose,
  receipt = false,
}: {
  record: CompletedSwap
  onClose: () => void
  /** A receipt read from the chains, seen by anyone: what arrived said of the swap, not of "you"; no New swap. */
  receipt?: boolean
}) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const navigate = useNavigate()
  const done = useRef<HTMLButtonElement>(null)
  const { token } = record.destination
  const received = receivedAmount(record)
  const network = chainName(manifest, token.chainId)
  // The provider did not say what arrived (LI.FI): the least the route guaranteed, said as such.
  const amount = BigInt(received ?? record.destination.minAmount)
  const values = { amount: formatDisplayAmount(amount, token.decimals), token: token.symbol, network }
  const gas = record.destination.gas
  const gasAmount = gas ? (gasReceived(record) ?? gas.amount) : undefined
  const duration = useDurationValues()
  const took = record.deliveredAt !== undefined ? duration(record.deliveredAt - record.depositedAt) : undefined

  useEffect(() => {
    // The confirm button is gone once the swap is sent: a keyboard is not left on the dialog itself.
    const active = document.activeElement
    if (!active || active === document.body || active.getAttribute('role') === 'dialog') done.current?.focus()
  }, [])

  function newSwap() {
    startNewSwap()
    pendingDialogStore.getState().setOpen(false)
    onClose()
    navigate(ROUTES.swap)
  }

  return (
    <section className="swap-ending" aria-labelledby="swap-ending-title" data-testid="swap-ending">
      <span className="swap-ending-icon" aria-hidden="true">
        ✓
      </span>
      <p
        id="swap-ending-title"
        className="swap-ending-title"
        title={`${formatAmount(amount, token.decimals)} ${token.symbol}`}
      >
        {receipt
          ? received === undefined
            ? t('Delivered at least {{amount}} {{token}} on {{network}}', values)
            : t('Delivered {{amount}} {{token}} on {{network}}', values)
          : received === undefined
            ? t('You received at least {{amount}} {{token}} on {{network}}', values)
            : t('You received {{amount}} {{token}} on {{network}}', values)}
      </p>
      {gas && gasAmount !== undefined && (
        <p className="swap-ending-detail">
          {t('and {{amount}} {{token}} for gas', {
            amount: formatDisplayAmount(BigInt(gasAmount), gas.token.decimals),
            token: gas.token.symbol,
          })}
        </p>
      )}
      {took && <p className="swap-ending-detail muted">{t('Delivered in about {{n}} {{unit}}', took)}</p>}
      <div className="swap-ending-actions">
        <button ref={done} type="button" className="button-primary" onClick={onClose} data-testid="swap-done">
          {t('Done')}
        </button>
        {!receipt && (
          <button type="button" className="button-secondary" onClick={newSwap} data-testid="new-swap">
            {t('New swap')}
          </button>
        )}
      </div>
    </section>
  )
}
