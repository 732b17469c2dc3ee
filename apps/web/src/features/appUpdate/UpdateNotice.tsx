import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { appWorkerStore } from './appWorker.ts'

/** Says when a new version is ready, and reloads into it when the person chooses to. */
export function UpdateNotice() {
  const { t } = useTranslation()
  const updateReady = useStore(appWorkerStore, (state) => state.updateReady)
  const update = useStore(appWorkerStore, (state) => state.update)
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
