import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet, useLocation } from 'react-router'
import { ApprovalsHost } from '../features/approvals/index.ts'
import { registerAppWorker, UpdateNotice } from '../features/appUpdate/index.ts'
import { LanguageSwitch } from '../features/language/index.ts'
import { Notices, titleWithCount, useSwapAlerts } from '../features/notifications/index.ts'
import { AcceptedBatches, PendingSwapsButton } from '../features/progress/index.ts'
import { useWalletEvents, WalletSlot } from '../features/wallet/index.ts'
import { APP_VERSION, APP_VERSION_CODE } from '../lib/constants.ts'
import { useManifest } from '../lib/ManifestContext.tsx'
import { ROUTES, routeTitle } from '../lib/routes.ts'
import { useIsHydrated } from '../lib/useIsHydrated.ts'

export function Layout() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const manifest = useManifest()
  // The deployment's config is not in the prerendered markup (build/prerender.ts).
  const hydrated = useIsHydrated()
  const title = routeTitle(pathname)
  useWalletEvents()
  const unseen = useSwapAlerts()

  useEffect(() => {
    void registerAppWorker()
  }, [])

  useEffect(() => {
    document.title = titleWithCount(t(title), unseen)
  }, [t, title, unseen])

  return (
    <div className="app">
      <header className="navbar">
        <div className="navbar-inner">
          <h1 className="navbar-title">{t(title)}</h1>
          <nav className="navbar-links" aria-label={t('Main navigation')}>
            <NavLink to={ROUTES.swap} end className="nav-link">
              {t('Swap')}
            </NavLink>
            <NavLink to={ROUTES.history} className="nav-link">
              {t('History')}
            </NavLink>
            <PendingSwapsButton />
          </nav>
          <div className="navbar-actions">
            <LanguageSwitch />
            <WalletSlot />
          </div>
        </div>
      </header>
      <main className="content">
        <Outlet />
      </main>
      <footer className="footer">
        {hydrated && manifest.mode === 'devnet' && <span className="devnet-pill">{t('Local network')}</span>}
        <span className="footer-version">
          {t('Version {{version}} ({{code}})', { version: APP_VERSION, code: APP_VERSION_CODE })}
        </span>
      </footer>
      <Notices />
      <UpdateNotice />
      <AcceptedBatches />
      <ApprovalsHost />
    </div>
  )
}
