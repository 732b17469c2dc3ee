import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useRestoreState } from '../../features/history/index.ts'
import { ROUTES } from '../../lib/routes.ts'
import type { HistoryFilterKey } from './historyFilters.ts'

/** What an empty list says for a filter that has nothing (History itself is not empty). */
const EMPTY_FILTER: Record<Exclude<HistoryFilterKey, 'all'>, string> = {
  'needs-action': 'No swap needs your action: nothing is waiting for a refund.',
  swapping: 'No swap is under way.',
  completed: 'No completed swaps yet.',
  failed: 'No failed swaps.',
  refunded: 'No refunded swaps.',
}

/**
 * The empty History. With no wallet it says why Restore needs one (it finds swaps by the wallet's address) and
 * offers to connect; with one, it says it is looking for that wallet's swaps on the chains, then what it found.
 * A filter with nothing in it says so in its own words instead of the first-run text.
 */
export function HistoryEmpty({
  filter,
  historyEmpty,
  connected,
  address,
  walletKnown,
  onConnect,
}: {
  filter: HistoryFilterKey
  /** Nothing at all on this device (not only in this filter). */
  historyEmpty: boolean
  connected: boolean
  address: string | undefined
  walletKnown: boolean
  onConnect: () => void
}) {
  const { t } = useTranslation()
  const running = useRestoreState((state) => state.running)
  // What the last restore found, when it was for this wallet.
  const found = useRestoreState((state) =>
    address && state.owner?.toLowerCase() === address.toLowerCase() ? state.found : undefined,
  )
  // A chain or a provider that could not be read may hold swaps: "none found" is then only of those that answered.
  const partial = useRestoreState((state) => state.unreadChains.length > 0 || state.failedProviders.length > 0)
  if (filter !== 'all' && !historyEmpty) {
    return (
      <div className="empty-state" data-testid="history-filter-empty">
        <p>{t(EMPTY_FILTER[filter])}</p>
      </div>
    )
  }
  return (
    <div className="empty-state" data-testid="history-empty">
      {running ? (
        <p className="empty-title" role="status">
          {t("Looking for this wallet's swaps on the chains…")}
        </p>
      ) : (
        <>
          <p className="empty-title">{t('No swaps yet')}</p>
          <p>{t('Swaps you make appear here.')}</p>
        </>
      )}
      {!connected && (
        <>
          <p data-testid="restore-needs-wallet">
            {t(
              'Swapped with this wallet on another device? Connect it and its swaps are restored from the chains: they are found by its address.',
            )}
          </p>
          <button type="button" className="button-secondary" onClick={onConnect} disabled={!walletKnown}>
            {t('Connect a wallet to restore')}
          </button>
        </>
      )}
      {/* Restore itself is the header's button, for every state of the list. */}
      {connected && !running && found === 0 && (
        <p data-testid="restore-found-none">
          {partial
            ? t('None found yet on the chains that answered: the others are read again when they do.')
            : t('No swaps of this wallet were found on the chains.')}
        </p>
      )}
      <Link to={ROUTES.swap} className="button-secondary">
        {t('Back to Swap')}
      </Link>
    </div>
  )
}
