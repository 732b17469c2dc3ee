import {
  formatDisplayAmount,
  gasReceived,
  getManifestChain,
  listSwaps,
  receivedAmount,
  type SwapProgress,
  type SwapRecord,
  swapProgress,
} from '@multi-bridge/core'
import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { Address } from 'viem'
import { historyCsv, historyStore, useHistory } from '../../features/history/index.ts'
import {
  notificationsAllowed,
  notify,
  setSwapNotifications,
  toast,
  useAlerts,
} from '../../features/notifications/index.ts'
import { useStatusDetail } from '../../features/progress/index.ts'
import { loadSwapServices, prefetchSwapServices, useSwapActions } from '../../features/swap/index.ts'
import { useWalletConnection } from '../../features/wallet/index.ts'
import { reportError } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { type PageOptions, ROUTES } from '../../lib/routes.ts'

const ProgressDialog = lazy(() =>
  import('../../features/progress/ProgressDialog.tsx').then((m) => ({ default: m.ProgressDialog })),
)

const FILTERS: { label: string; progress: SwapProgress | undefined }[] = [
  { label: 'All', progress: undefined },
  { label: 'Swapping...', progress: 'swapping' },
  { label: 'Completed', progress: 'completed' },
  { label: 'Failed', progress: 'failed' },
]

/** SPEC §5's three words; a refunded swap is Failed (not delivered) and the note beside it says the funds came back. */
const progressLabel: Record<SwapProgress, string> = {
  swapping: 'Swapping...',
  completed: 'Completed',
  failed: 'Failed',
}

/** History: every swap of the connected account and of this device, newest first. `?id=` opens one. */
export default function HistoryPage({ options }: { options: PageOptions }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  // History follows unfinished swaps: the tracker comes with the swap services.
  useEffect(() => prefetchSwapServices(manifest), [manifest])
  const navigate = useNavigate()
  const { address } = useWalletConnection()
  const swaps = useHistory((s) => s.swaps)
  const [filter, setFilter] = useState(0)
  const actions = useSwapActions()
  const statusDetail = useStatusDetail()
  const all = useMemo(() => listSwaps({ swaps }), [swaps])
  const progress = FILTERS[filter]?.progress
  const shown = all.filter((swap) => !progress || swapProgress(swap.status) === progress)
  const requested = options.id
  const open = requested
    ? all.find((s) => s.id.toLowerCase() === requested.toLowerCase() || s.key === requested)
    : undefined
  const chainName = (id: number) => getManifestChain(manifest, id)?.name ?? String(id)

  const restore = useMutation({
    mutationKey: ['restore'],
    mutationFn: async (owner: Address) => {
      const { providers, tracker } = await loadSwapServices(manifest)
      const list = [...providers.values()]
      // Each provider on its own: one that fails (a 429, a dead RPC) does not cost the others' swaps.
      const results = await Promise.allSettled(list.map((p) => p.findSwaps(owner)))
      const found = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
      const added = historyStore.getState().merge(found)
      tracker.resume()
      toast('Restored {{count}} swaps from chain', { count: added })
      const failed = list.filter((_, i) => results[i]?.status === 'rejected')
      for (const [i, result] of results.entries()) {
        if (result.status === 'rejected') console.error(`[restore] ${list[i]?.name}`, result.reason)
      }
      if (failed.length > 0) {
        notify("Couldn't read {{providers}}: their swaps were not restored", {
          providers: failed.map((p) => p.name).join(', '),
        })
      }
    },
    onError: (error) => {
      const { message, values } = reportError('restore', error)
      notify(message, values)
    },
  })

  const openSwap = (swap: SwapRecord) => navigate(`${ROUTES.history}?id=${swap.id}`)
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
        <button
          type="button"
          className="button-secondary button-small"
          disabled={!address || restore.isPending}
          onClick={() => address && restore.mutate(address)}
        >
          {restore.isPending ? t('In Progress') : t('Restore from chain')}
        </button>
      </div>
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
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('Filter by status')}</legend>
        {FILTERS.map((f, index) => (
          <button key={f.label} type="button" aria-pressed={filter === index} onClick={() => setFilter(index)}>
            {t(f.label)}
          </button>
        ))}
      </fieldset>
      {requested !== undefined && !open && (
        <p className="notice-inline" role="status" data-testid="history-requested-id">
          {t("Swap {{id}} isn't in this device's history yet.", { id: requested })}
        </p>
      )}
      {shown.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">{t('No swaps yet')}</p>
          <p>{t('Swaps you make appear here.')}</p>
          <Link to={ROUTES.swap} className="button-secondary">
            {t('Back to Swap')}
          </Link>
        </div>
      ) : (
        <ul className="history-list">
          {shown.map((swap) => {
            const detail = statusDetail(swap)
            return (
              <li key={swap.key}>
                <button type="button" className="history-row" onClick={() => openSwap(swap)} data-testid="history-row">
                  <span className="status-line">
                    <span className={`status status-${swap.status}`} data-testid="history-status">
                      {t(progressLabel[swapProgress(swap.status)])}
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
                    {chainName(swap.origin.token.chainId)} → {chainName(swap.destination.token.chainId)} ·{' '}
                    {swap.providerName}
                  </span>
                  <span className="muted small">
                    {new Date(
                      (swap.status === 'signing'
                        ? swap.createdAt / 1000
                        : (swap.depositedAt ?? swap.createdAt / 1000)) * 1000,
                    ).toLocaleString()}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <Suspense fallback={null}>
        {open && (
          <ProgressDialog
            record={open}
            onOpenChange={(isOpen) => !isOpen && navigate(ROUTES.history)}
            onRefund={actions.refund}
            refunding={actions.refunding === open.key}
          />
        )}
      </Suspense>
    </section>
  )
}
