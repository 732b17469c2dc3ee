import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SlippageWarning } from './MoneyWarnings.tsx'
import type { RefreshPause } from './quoteRefresh.ts'
import { parseSlippage, type SwapForm } from './useSwapForm.ts'

/** Why the quotes stand still (i18n keys): any input, or the button, brings them back. */
const PAUSED: Record<NonNullable<RefreshPause>, string> = {
  idle: 'Routes paused: no input for a minute',
  hidden: 'Routes paused while this tab is hidden',
}

/**
 * What the slippage typed does to the selected route: warned about where the route applies it, said not to apply to
 * a route that delivers its amount or refunds (an intent order, a pool send), whose minimum it does not change.
 */
function SlippageNote({ form }: { form: SwapForm }) {
  const { t } = useTranslation()
  const { bps } = parseSlippage(form.slippageText)
  const selected = form.selected
  // Said of the route shown as chosen: none while the routes are asked for again (no warning, then a note).
  if (!selected) return null
  if (selected.slippageMode !== 'fixed') return <SlippageWarning bps={bps} />
  if (bps === undefined) return null
  return (
    <p className="ranking-note muted small" role="status" data-testid="slippage-not-applied">
      {t('{{provider}} delivers the amount shown or refunds: your slippage does not apply to it', {
        provider: selected.providerName,
      })}
    </p>
  )
}

/** Sort order, slippage and the quotes' refresh countdown (or why it stands still), above the route list. */
export function RouteToolbar({ form, providers }: { form: SwapForm; providers?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="route-toolbar">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('Sort routes')}</legend>
        <button
          type="button"
          aria-pressed={form.preference === 'most-received'}
          onClick={() => form.setPreference('most-received')}
        >
          {t('Most received')}
        </button>
        <button
          type="button"
          aria-pressed={form.preference === 'fastest'}
          onClick={() => form.setPreference('fastest')}
        >
          {t('Fastest')}
        </button>
      </fieldset>
      <label className="slippage">
        <span>{t('Slippage')}</span>
        <input
          className="text-input slippage-input"
          inputMode="decimal"
          placeholder={t('Auto')}
          aria-invalid={!form.slippageValid}
          value={form.slippageText}
          maxLength={5}
          onChange={(event) => form.setSlippageText(event.target.value)}
        />
        <span>%</span>
      </label>
      {!form.slippageValid && (
        <p className="field-error" role="alert">
          {t('Slippage must be a percentage from 0 to 50, like 0.5')}
        </p>
      )}
      <SlippageNote form={form} />
      <span className="route-toolbar-end">
        {form.routes.paused ? (
          <span className="muted small" role="status" data-testid="quotes-paused">
            {t(PAUSED[form.routes.paused])}{' '}
            <button type="button" className="link-button" onClick={form.routes.refresh}>
              {t('Refresh')}
            </button>
          </span>
        ) : (
          <span className="muted small" aria-live="off" data-testid="quote-countdown">
            {t('Refresh in {{s}}s', { s: form.routes.refreshIn })}
          </span>
        )}
        {providers}
      </span>
      {form.preference === 'most-received' && (
        <p className="ranking-note muted small" data-testid="ranking-note">
          {t(
            'Ranked by the minimum you receive (what is signed), less your network cost; gas on arrival counts at its value',
          )}
        </p>
      )}
    </div>
  )
}
