import { useTranslation } from 'react-i18next'
import { useRestoreState } from '../../features/history/index.ts'
import { useIntlFormat } from '../../i18n/intlFormat.ts'

/**
 * What the last Restore could not read, named: the chains that did not answer (read again by themselves as soon
 * as they answer, or now with Retry) and the bridges that failed where the chain answered others.
 */
export function RestoreStatus({ onRetryChains, onRetryAll }: { onRetryChains: () => void; onRetryAll: () => void }) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const unreadChains = useRestoreState((state) => state.unreadChains)
  const failedProviders = useRestoreState((state) => state.failedProviders)
  const running = useRestoreState((state) => state.running)
  if (unreadChains.length === 0 && failedProviders.length === 0) return null
  return (
    <div className="restore-status" role="status" data-testid="restore-status">
      {unreadChains.length > 0 && (
        <p data-testid="restore-unread-chains">
          {t(
            "Couldn't read {{networks}}: swaps deposited there were not restored. They will be as soon as it answers.",
            { networks: format.list(unreadChains.map((chain) => chain.name)) },
          )}{' '}
          <button type="button" className="link-button" onClick={onRetryChains} disabled={running !== undefined}>
            {running ? t('Reading again…') : t('Retry')}
          </button>
        </p>
      )}
      {failedProviders.length > 0 && (
        <p data-testid="restore-failed-providers">
          {t("Couldn't read {{providers}}: their swaps were not restored", { providers: format.list(failedProviders) })}{' '}
          <button type="button" className="link-button" onClick={onRetryAll} disabled={running !== undefined}>
            {t('Retry')}
          </button>
        </p>
      )}
    </div>
  )
}
