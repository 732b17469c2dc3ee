import { formatDisplayAmount, getManifestChain } from '@multi-bridge/core'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { EARLY_ACTIONS, EARLY_FIELD_ATTRIBUTE, EARLY_FIELDS } from '../../lib/earlyActions.ts'
import { amountLength } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { RETURN_FOCUS_ATTRIBUTE } from '../../lib/useReturnFocus.ts'
import { useTypedBeforeHydration } from '../../lib/useTypedBeforeHydration.ts'
import { AmountUsd } from './MoneyContext.tsx'
import { TokenButton } from './TokenButton.tsx'
import type { SwapForm } from './useSwapForm.ts'

const amountErrors: Record<string, string> = {
  tooLong: 'The amount is too long',
  notANumber: 'Enter a number, like 1.5',
  useDotForDecimals: 'Use a dot for decimals, like 1.5',
  tooManyDecimals: 'This token has at most {{decimals}} decimals',
  zero: 'Enter an amount greater than zero',
}

/** "Send": the amount, the balance with Max, and the origin token's button. */
export function AmountField({ form, onPickToken }: { form: SwapForm; onPickToken: () => void }) {
  const { t } = useTranslation()
  const amountId = useId()
  const manifest = useManifest()
  const { origin, parsedAmount: parsed } = form
  const input = useRef<HTMLInputElement>(null)
  useTypedBeforeHydration(input, EARLY_FIELDS.amount, form.amountText, form.setAmountText)

  return (
    <div className="swap-field">
      <div className="swap-field-top">
        {/* `elementtiming`: the benchmark reads when the form is first painted (bench/browser.ts). */}
        <label className="field-label" htmlFor={amountId} {...{ elementtiming: 'swap-form' }}>
          {t('Send')}
        </label>
        {origin && form.balance !== undefined && (
          <span className="muted small" data-testid="origin-balance">
            {t('Balance: {{amount}}', { amount: formatDisplayAmount(form.balance, origin.decimals) })}
            <button type="button" className="link-button" onClick={form.onMax}>
              {t('Max')}
            </button>
          </span>
        )}
        {origin && form.balanceFailed && (
          <span className="muted small" data-testid="origin-balance">
            {t('Balance: {{amount}}', { amount: '—' })}
            <button type="button" className="link-button" onClick={form.retryBalance}>
              {t('Retry')}
            </button>
          </span>
        )}
      </div>
      <div className="swap-field-main">
        <input
          ref={input}
          id={amountId}
          className="amount-input"
          data-length={amountLength(form.amountText)}
          // Focus lands here when the dialog of a swap just sent closes (its Swap button is disarmed).
          {...{ [RETURN_FOCUS_ATTRIBUTE]: '', [EARLY_FIELD_ATTRIBUTE]: EARLY_FIELDS.amount }}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={form.amountText}
          aria-invalid={parsed !== undefined && !parsed.ok && parsed.error !== 'empty'}
          onChange={(event) => form.setAmountText(event.target.value)}
        />
        <TokenButton
          token={origin}
          placeholder="Choose Token to Swap"
          onClick={onPickToken}
          testId="origin-token"
          earlyAction={EARLY_ACTIONS.originPicker}
        />
      </div>
      <AmountUsd form={form} />
      {origin && form.balanceFailed && (
        <p className="field-warning" role="status" data-testid="rpc-unreachable">
          {t("{{network}}'s RPC is not answering, so the balance can't be read. It will show again when it answers.", {
            network: getManifestChain(manifest, origin.chainId)?.name ?? '',
          })}
        </p>
      )}
      {form.maxProblem && (
        <p className="field-error" role="alert" data-testid="max-problem">
          {t('Not enough {{coin}} on {{network}} for gas (about {{amount}} needed)', form.maxProblem)}
        </p>
      )}
      {parsed && !parsed.ok && parsed.error !== 'empty' && (
        <p className="field-error" role="alert">
          {t(amountErrors[parsed.error] ?? 'Enter a number, like 1.5', { decimals: origin?.decimals })}
        </p>
      )}
    </div>
  )
}
