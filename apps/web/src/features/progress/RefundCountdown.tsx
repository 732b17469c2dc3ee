import { chainName, type SwapRecord } from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useTrackProblem } from '../../lib/swapClient.tsx'
import { problemText } from '../history/index.ts'
import { revocationText } from './refundWait.ts'
import type { RefundReadiness } from './useRefundReadiness.ts'

/**
 * "Revocation available after": a live countdown to when the refund really opens (the deadline made final on the
 * destination, see `useRefundReadiness`), then what it still waits for (see `revocationText`).
 */
export function RefundCountdown({ record, now, refund }: { record: SwapRecord; now: number; refund: RefundReadiness }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const format = useIntlFormat()
  const problem = problemText(useTrackProblem(record.key), record.providerName)
  const said = revocationText({
    record,
    now,
    opensAt: refund.opensAt,
    ready: refund.ready,
    error: refund.error,
    problem,
    destinationName: chainName(manifest, record.destination.token.chainId),
    formatTime: format.dateTime,
  })
  if (!said) return null
  return (
    <div className="details-row">
      <dt>{t('Revocation available after')}</dt>
      <dd data-testid="revocation-countdown">{'text' in said ? said.text : t(said.message, said.values)}</dd>
    </div>
  )
}
