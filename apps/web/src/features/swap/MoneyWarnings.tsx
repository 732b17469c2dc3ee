import { useTranslation } from 'react-i18next'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { slippageLevel, valueLossLevel } from './moneyWarnings.ts'

/** "About 8.4 % of what you send does not arrive": shown above 3 %, stronger above 10 % (see `moneyWarnings.ts`). */
export function ValueLossWarning({ bps }: { bps: number | undefined }) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const level = valueLossLevel(bps)
  if (bps === undefined || level === 'none') return null
  return (
    <p className={`money-warning money-warning-${level}`} role="status" data-testid="value-loss-warning">
      {t('About {{percent}} of the value you send is lost to fees and the exchange rate', {
        percent: format.percent(bps),
      })}
    </p>
  )
}

/** A custom slippage above 1 % (strongly above 5 %): how much less than the estimate may arrive. */
export function SlippageWarning({ bps }: { bps: number | undefined }) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const level = slippageLevel(bps)
  if (bps === undefined || level === 'none') return null
  const percent = format.percent(bps)
  return (
    <p
      className={`money-warning money-warning-${level === 'veryHigh' ? 'confirm' : 'warn'}`}
      role="status"
      data-testid="slippage-warning"
    >
      {level === 'veryHigh'
        ? t(
            'Very high slippage: you accept up to {{percent}} less than the estimate, and a worse price becomes likely',
            { percent },
          )
        : t('High slippage: you accept up to {{percent}} less than the estimate', { percent })}
    </p>
  )
}

/** The review's confirm of a loss above 10 %: Swap stays off until it is ticked. */
export function ValueLossConfirm(props: { bps: number; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  return (
    <label className="loss-confirm" data-testid="value-loss-confirm">
      <input type="checkbox" checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />
      <span>{t('I understand I lose about {{percent}}', { percent: format.percent(props.bps) })}</span>
    </label>
  )
}
