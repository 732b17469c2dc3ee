import { useTranslation } from 'react-i18next'
import { useAccount } from 'wagmi'
import type { PageOptions } from '../../app/routes.ts'

/** The swap screen's frame: Send, Receive (Estimated), recipient and the main button. */
export default function SwapPage(_props: { options: PageOptions }) {
  const { t } = useTranslation()
  const { status } = useAccount()
  const connected = status === 'connected'
  return (
    <section className="card swap-card" aria-labelledby="swap-heading">
      <h2 id="swap-heading" className="visually-hidden">
        {t('Swap')}
      </h2>
      <p className="card-subtitle">{t('Cross-chain swaps with routes from several bridges')}</p>
      <div className="swap-field">
        <span className="field-label">{t('Send')}</span>
        <span className="field-placeholder">{t('Choose Token to Swap')}</span>
      </div>
      <div className="swap-field">
        <span className="field-label">{t('Receive (Estimated)')}</span>
        <span className="field-placeholder">—</span>
      </div>
      <button type="button" className="button-primary button-block" disabled>
        {connected ? t('Choose Token to Swap') : t('Connect a wallet to start')}
      </button>
    </section>
  )
}
