import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { TokenCaution } from './tokenCaution.ts'
import type { PickerToken } from './types.ts'

export type TokenCautionCheckProps = {
  token: PickerToken
  caution: TokenCaution
  /** The token's network, by name. */
  network: string
  onChoose: () => void
  onBack: () => void
}

/**
 * The question asked before a look-alike or unlisted token is chosen, in the picker's place: what is wrong with it,
 * both addresses side by side for a look-alike, and Back (where the focus starts) beside "Choose anyway".
 */
export function TokenCautionCheck({ token, caution, network, onChoose, onBack }: TokenCautionCheckProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const lookAlike = caution.kind === 'lookAlike' ? caution.listed : undefined
  return (
    <section className="token-check" aria-labelledby={titleId} data-testid="token-check">
      <h3 id={titleId} className="token-check-title">
        {t('Check {{symbol}} before you choose it', { symbol: token.symbol })}
      </h3>
      <p className="picker-warning" role="alert">
        {lookAlike
          ? t(
              'This {{symbol}} is not the {{listed}} listed for {{network}}. Tokens that copy the name of a listed token are a common scam, and may be worth nothing.',
              { symbol: token.symbol, listed: lookAlike.symbol, network },
            )
          : t('This token is not on the list. Check the address before you trade it.')}
      </p>
      <dl className="details token-check-addresses">
        <div className="details-row">
          <dt>{t('This token')}</dt>
          <dd className="mono" data-testid="token-check-address">
            {token.address}
          </dd>
        </div>
        {lookAlike && (
          <div className="details-row">
            <dt>{t('The listed {{symbol}}', { symbol: lookAlike.symbol })}</dt>
            <dd className="mono" data-testid="token-check-listed">
              {lookAlike.address}
            </dd>
          </div>
        )}
      </dl>
      <div className="token-check-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the safe answer takes the focus the list had, as a confirm dialog's would */}
        <button type="button" className="button-primary" onClick={onBack} autoFocus>
          {t('Back to the list')}
        </button>
        <button type="button" className="button-secondary" onClick={onChoose}>
          {t('Choose anyway')}
        </button>
      </div>
    </section>
  )
}
