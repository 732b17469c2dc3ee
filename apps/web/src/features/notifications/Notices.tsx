import { useTranslation } from 'react-i18next'
import { useNotices } from './notificationStore.ts'

export function Notices() {
  const notices = useNotices()
  const { t } = useTranslation()
  return (
    <div className="notices" aria-live="polite" data-testid="notices">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice-${notice.kind} notice-${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {t(notice.message, notice.values)}
        </div>
      ))}
    </div>
  )
}
