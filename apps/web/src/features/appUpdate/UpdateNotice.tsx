import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { networkConfigUpdates } from '../../lib/networkConfigUpdates.ts'
import { appWorkerStore } from './appWorker.ts'

/**
 * Says when a new version is ready, and reloads into it when the person chooses to; says when the deployment's
 * network settings changed under this page (it started on the service worker's copy), and reloads into them.
 */
export function UpdateNotice() {
  const { t } = useTranslation()
  const updateReady = useStore(appWorkerStore, (state) => state.updateReady)
  const update = useStore(appWorkerStore, (state) => state.update)
  const configChanged = useStore(networkConfigUpdates, (state) => state.changed)
  if (!updateReady && configChanged) {
    return (
      <div className="update-notice" role="status" data-testid="config-notice">
        <span>{t('The network settings of Multi-Bridge have changed.')}</span>
        <button type="button" className="update-notice-reload" onClick={() => window.location.reload()}>
          {t('Reload')}
        </button>
      </div>
    )
  }
  if (!updateReady) return null
  return (
    <div className="update-notice" role="status" data-testid="update-notice">
      <span>{t('A new version of Multi-Bridge is ready.')}</span>
      <button type="button" className="update-notice-reload" onClick={() => void update()}>
        {t('Reload')}
      </button>
    </div>
  )
}
