import {
  chainName,
  formatDisplayAmount,
  gasReceived,
  listSwaps,
  receivedAmount,
  type SwapRecord,
  swapTime,
} from '@multi-bridge/core'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isAddressEqual } from 'viem'
import {
  historyCsv,
  needsAction,
  RefundBanner,
  statusWord,
  useRefundOpeningByClock,
} from '../../features/history/index.ts'
import { notificationsAllowed, notify, setSwapNotifications, useAlerts } from '../../features/notifications/index.ts'
import { useStatusDetail } from '../../features/progress/index.ts'
import { useWalletConnection } from '../../features/wallet/index.ts'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { reportError } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { type PageOptions, ROUTES } from '../../lib/routes.ts'
import { preloadSwapClient, useSwapClient, useSwaps, useTrackProblems } from '../../lib/swapClient.tsx'
import { HistoryEmpty } from './HistoryEmpty.tsx'
import { filterFromOption, HISTORY_FILTERS, type HistoryFilterKey, historyPath } from './historyFilters.ts'
import { ProviderRecords } from './ProviderRecords.tsx'
import { ReceiptStatus } from './ReceiptStatus.tsx'
import { RestoreStatus } from './RestoreStatus.tsx'
import { SwapRowNotes } from './SwapRowNotes.tsx'
import { sameDeposit, useReceipt } from './useReceipt.ts'
import { useRestore } from './useRestore.ts'

const ProgressDialog = lazy(() =>
  import('../../features/progress/ProgressDialog.tsx').then((m) => ({ default: m.ProgressDialog })),
)
const ConnectDialog = lazy(() =>
  import('../../features/wallet/ConnectDialog.tsx').then((m) => ({ default: m.ConnectDialog })),
)

/** The time in seconds, every few seconds while a swap is under way (how long it has been, against its estimate). */
function useSlowNow(enabled: boolean) {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => {
    if (!enabled) return
    setNow(Math.floor(Date.now() / 1000))
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 5_000)
    return () => clearInterval(timer)
  }, [enabled])
  return now
}

/**
 * History: every swap of the connected account and of this device, newest first. `?id=` opens one; `?chain=&tx=` opens
 * the receipt of a deposit, in any browser (read from the chains when this device does not have it).
 */
export default function HistoryPage({ options }: { options: PageOptions }) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const manifest = useManifest()
  const swapClient = useSwapClient()
  // History follows unfinished swaps: the client's tracker comes with the providers.
  useEffect(() => preloadSwapClient(swapClient), [swapClient])
  const navigate = useNavigate()
  const { address, status: walletStatus } = useWalletConnection()
  const connected = walletStatus === 'connected' && address !== undefined
  // Not known yet (the wallet layer loads, or wagmi reconnects): no Connect, which could add a second connection.
  const walletKnown = walletStatus === 'connected' || walletStatus === 'disconnected'
  const swaps = useSwaps((s) => s.swaps)
  const problems = useTrackProblems()
  // The filter is in the address (`?filter=needs-action`, the refund banner's link): kept across a reload, Back and a
  // swap opened over the list.
  const filter: HistoryFilterKey = filterFromOption(options.filter)
  const setFilter = (key: HistoryFilterKey) => navigate(historyPath(ROUTES.history, key), { replace: true })
  const [connecting, setConnecting] = useState(false)
  const statusDetail = useStatusDetail()
  const all = useMemo(() => listSwaps({ swaps }), [swaps])
  const test = HISTORY_FILTERS.find((f) => f.key === filter)?.test ?? (() => true)
  const shown = all.filter(test)
  const refundOpening = useRefundOpeningByClock(all)
  const waitingCount = all.filter(needsAction).length
  const now = useSlowNow(all.some((swap) => swap.status === 'deposited'))
  const requested = options.id
  // A receipt (`?chain=&tx=`): the swap of that deposit, this device's own or read from the chains.
  const receipt = useReceipt(options)
  const found = receipt.query.data?.record
  const ownCopy = found && all.find((s) => s.key === found.key || sameDeposit(s, found))
  const open = requested
    ? all.find((s) => s.id.toLowerCase() === requested.toLowerCase() || s.key === requested)
    : ownCopy
  // The person whose swap it is, connected: it joins their History, followed there, and refunded from it when due.
  const ownerConnected = found !== undefined && connected && isAddressEqual(address, found.owner)
  useEffect(() => {
    if (!found || ownCopy || !ownerConnected) return
    swapClient.store.getState().merge([found])
    swapClient.resume()
  }, [found, ownCopy, ownerConnected, swapClient])

  // Chain by chain; an empty History with a wallet connected restores by itself (see useRestore).
  const restore = useRestore(connected ? address : undefined)
  const report = (error: unknown) => {
    const { message, values } = reportError('restore', error)
    notify(message, values)
  }
  // Restore asked without a wallet: it connects one first, then restores its swaps.
  const [restoreOnConnect, setRestoreOnConnect] = useState(false)
  const restoreNow = () => {
    if (!connected) {
      setRestoreOnConnect(true)
      setConnecting(true)
      return
    }
    restore.restore(address).catch(report)
  }
  useEffect(() => {
    if (!restoreOnConnect || !connected) return
    setRestoreOnConnect(false)
    setConnecting(false)
    restore.restore(address).catch(report)
  })

  const openSwap = (swap: SwapRecord) => navigate(historyPath(ROUTES.history, filter, swap.id))
  // On only while the browser still allows them: blocked since in its settings, the toggle offers to turn them on
  // again (and says they are blocked) instead of claiming notifications that cannot be shown.
  const notificationsOn = useAlerts((state) => state.notifications) && notificationsAllowed()

  async function toggleNotifications() {
    const result = await setSwapNotifications(!notificationsOn)
    if (result === 'unsupported') notify("This browser can't show notifications", undefined, 'info')
    if (result === 'denied')
      notify('Notifications are blocked for this site in your browser settings', undefined, 'info')
  }

  async function exportCsv() {
    const text = await historyCsv(shown, manifest)
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `multi-bridge-history-${new Date().toISOString().slice(0, 10)}.csv`
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  return (
    <section className="card history-card" aria-labelledby="history-heading">
      <div className="history-header">
        <h2 id="history-heading" className="card-title">
          {t('History')}
        </h2>
        {/* Without a wallet it asks for one (Restore finds swaps by the wallet's address), then restores. */}
        <button
          type="button"
          className="button-secondary button-small"
          disabled={restore.running !== undefined || !walletKnown}
          onClick={restoreNow}
          title={connected ? undefined : t('Restore needs a wallet: its swaps are found by its address')}
        >
          {restore.running ? t('In Progress') : t('Restore from chain')}
        </button>
      </div>
      <RefundBanner onShowAll={() => setFilter('needs-action')} />
      <RestoreStatus onRetryChains={() => restore.retryChains().catch(report)} onRetryAll={restoreNow} />
      <div className="history-tools">
        <button
          type="button"
          className="button-secondary button-small"
          aria-pressed={notificationsOn}
          onClick={() => void toggleNotifications()}
          data-testid="notifications-toggle"
        >
          {notificationsOn ? t('Notifications on') : t('Notify me when a swap ends')}
        </button>
        <button
          type="button"
          className="button-secondary button-small"
          disabled={shown.length === 0}
          onClick={() => void exportCsv()}
        >
          {t('Export CSV')}
        </button>
      </div>
      <fieldset className="segmented history-filters">
        <legend className="visually-hidden">{t('Filter by status')}</legend>
        {HISTORY_FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            aria-pressed={filter === f.key}
            onClick={() => setFilter(f.key)}
            className={f.key === 'needs-action' && waitingCount > 0 ? 'segmented-alert' : undefined}
          >
            {t(f.label)}
            {f.key === 'needs-action' && waitingCount > 0 && (
              <span className="segmented-count" aria-hidden="true">
                {waitingCount}
              </span>
            )}
          </button>
        ))}
      </fieldset>
      <ReceiptStatus receipt={receipt} />
      {requested !== undefined && !open && (
        <p className="notice-inline" role="status" data-testid="history-requested-id">
          {t("Swap {{id}} isn't in this device's history yet.", { id: requested })}
        </p>
      )}
      {shown.length === 0 ? (
        <HistoryEmpty
          filter={filter}
          historyEmpty={all.length === 0}
          connected={connected}
          address={address}
          walletKnown={walletKnown}
          onConnect={() => setConnecting(true)}
        />
      ) : (
        <ul className="history-list">
          {shown.map((swap) => {
            const detail = statusDetail(swap, problems[swap.key])
            const word = statusWord(swap, problems[swap.key], refundOpening(swap))
            return (
              <li key={swap.key}>
                <button
                  type="button"
                  className={`history-row${needsAction(swap) ? ' history-row-action' : ''}`}
                  onClick={() => openSwap(swap)}
                  data-testid="history-row"
                >
                  <span className="status-line">
                    <span className={`status status-${word.tone}`} data-testid="history-status">
                      {t(word.label)}
                    </span>
                    {detail && (
                      <span className="status-detail" data-testid="history-status-detail" title={swap.statusDetail}>
                        {detail}
                      </span>
                    )}
                  </span>
                  <span className="history-amounts" data-testid="history-amounts">
                    {formatDisplayAmount(BigInt(swap.origin.amount), swap.origin.token.decimals)}{' '}
                    {swap.origin.token.symbol} →{' '}
                    {formatDisplayAmount(
                      BigInt(receivedAmount(swap) ?? swap.destination.minAmount),
                      swap.destination.token.decimals,
                    )}{' '}
                    {swap.destination.token.symbol}
                    {swap.destination.gas &&
                      ` + ${gasReceived(swap) === undefined ? '≈ ' : ''}${formatDisplayAmount(
                        BigInt(gasReceived(swap) ?? swap.destination.gas.amount),
                        swap.destination.gas.token.decimals,
                      )} ${swap.destination.gas.token.symbol}`}
                  </span>
                  <span className="muted small" data-testid="history-route">
                    {chainName(manifest, swap.origin.token.chainId)} →{' '}
                    {chainName(manifest, swap.destination.token.chainId)} · {swap.providerName}
                  </span>
                  <SwapRowNotes swap={swap} now={now} />
                  <span className="muted small" data-testid="history-date">
                    {format.dateTime(swapTime(swap) * 1000)}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <ProviderRecords swaps={all} />
      <Suspense fallback={null}>
        {open && (
          <ProgressDialog
            swapKey={open.key}
            onOpenChange={(isOpen) => !isOpen && navigate(historyPath(ROUTES.history, filter))}
          />
        )}
        {!open && found && (
          <ProgressDialog
            swapKey={found.key}
            receipt={found}
            providerWord={receipt.query.data?.providerWord === true}
            onOpenChange={(isOpen) => !isOpen && navigate(historyPath(ROUTES.history, filter))}
          />
        )}
        {connecting && !connected && <ConnectDialog open onOpenChange={(isOpen) => setConnecting(isOpen)} />}
      </Suspense>
    </section>
  )
}
