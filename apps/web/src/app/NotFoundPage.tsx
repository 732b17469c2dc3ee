import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { NOT_FOUND_TITLE, ROUTES } from '../lib/routes.ts'

/** An address that is no page (a mistyped or old link): said so, with the way to the pages there are. */
export function NotFoundPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  // Anyone's link: shown as text, and not at any length.
  const path = pathname.length > 60 ? `${pathname.slice(0, 59)}…` : pathname
  return (
    <section className="card empty-state not-found" aria-labelledby="not-found-heading">
      <h2 id="not-found-heading" className="empty-title">
        {t(NOT_FOUND_TITLE)}
      </h2>
      <p>{t('There is no page at {{path}}.', { path })}</p>
      <div className="not-found-actions">
        <Link to={ROUTES.swap} className="button-primary">
          {t('Go to Swap')}
        </Link>
        <Link to={ROUTES.history} className="button-secondary">
          {t('Open History')}
        </Link>
      </div>
    </section>
  )
}
