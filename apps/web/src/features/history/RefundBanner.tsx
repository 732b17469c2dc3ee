import { chainName, listSwaps } from '@multi-bridge/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { ROUTES } from '../../lib/routes.ts'
import { useSwaps } from '../../lib/swapClient.tsx'
import { useIsHydrated } from '../../lib/useIsHydrated.ts'
import { useRefundOpeningByClock } from './refundOpening.ts'
import { needsAction, waitingAmount } from './swapStatus.ts'

/** History's address for the swaps waiting for their refund (the "Needs action" filter). */
export const NEEDS_ACTION_PATH = `${ROUTES.history}?filter=needs-action`

/**
 * Money waiting for the person: the swaps whose refund is theirs to make, above the Swap form and History, in
 * amber, each one a click from its Refund. On History, `onShowAll` shows them in the list instead of a link.
 */
export function RefundBanner({ onShowAll }: { onShowAll?: () => void }) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const manifest = useManifest()
  // History is this browser's: not in the prerendered page.
  const hydrated = useIsHydrated()
  const swaps = useSwaps((state) => state.swaps)
  const waiting = useMemo(() => listSwaps({ swaps }).filter(needsAction), [swaps])
  const refundOpening = useRefundOpeningByClock(waiting)
  if (!hydrated || waiting.length === 0) return null
  const [first] = waiting
  if (!first) return null
  const one = waiting.length === 1
  // "Available" once a refund can be made; a list is named by how many wait, open or not yet.
  const title = !one
    ? t('{{count}} swaps to refund', { count: waiting.length })
    : refundOpening(first) === 'open'
      ? t('Refund available')
      : t('Refund opens soon')
  return (
    <section className="refund-banner" aria-labelledby="refund-banner-title" data-testid="refund-banner">
      <p id="refund-banner-title" className="refund-banner-title">
        {title}
      </p>
      <p className="refund-banner-text">
        {one
          ? t(
              '{{amount}} is waiting on {{network}}: this swap was not delivered in time, and its refund is yours to make.',
              {
                amount: waitingAmount(first),
                network: chainName(manifest, first.origin.token.chainId),
              },
            )
          : t('{{amounts}} are waiting: these swaps were not delivered in time, and their refunds are yours to make.', {
              amounts: format.list(waiting.map(waitingAmount)),
            })}
      </p>
      {one ? (
        <Link className="button-refund" to={`${ROUTES.history}?id=${first.id}`} data-testid="refund-banner-action">
          {t('Review refund')}
        </Link>
      ) : onShowAll ? (
        <button type="button" className="button-refund" onClick={onShowAll} data-testid="refund-banner-action">
          {t('Show them')}
        </button>
      ) : (
        <Link className="button-refund" to={NEEDS_ACTION_PATH} data-testid="refund-banner-action">
          {t('Show them')}
        </Link>
      )}
    </section>
  )
}
