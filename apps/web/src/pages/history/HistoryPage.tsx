import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type PageOptions, ROUTES } from '../../app/routes.ts'

/** History: every swap of this account and device. `?id=` opens that swap's details. */
export default function HistoryPage({ options }: { options: PageOptions }) {
  const { t } = useTranslation()
  return (
    <section className="card history-card" aria-labelledby="history-heading">
      <h2 id="history-heading" className="card-title">
        {t('History')}
      </h2>
      {options.id !== undefined && (
        <p className="notice-inline" role="status" data-testid="history-requested-id">
          {t("Swap {{id}} isn't in this device's history yet.", { id: options.id })}
        </p>
      )}
      <div className="empty-state">
        <p className="empty-title">{t('No swaps yet')}</p>
        <p>{t('Swaps you make appear here.')}</p>
        <Link to={ROUTES.swap} className="button-secondary">
          {t('Back to Swap')}
        </Link>
      </div>
    </section>
  )
}
