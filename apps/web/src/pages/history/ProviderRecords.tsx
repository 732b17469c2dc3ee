import type { SwapRecord } from '@multi-bridge/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { providerRecords } from '../../features/history/index.ts'
import { useDurationValues } from '../../lib/durationText.ts'

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`

/**
 * How each provider treated the person, from their History (`providerRecords`): swaps and how they ended, what arrived
 * against the quote and the signed minimum, and how long against the estimate (medians).
 */
export function ProviderRecords({ swaps }: { swaps: readonly SwapRecord[] }) {
  const { t } = useTranslation()
  const duration = useDurationValues()
  const records = useMemo(() => providerRecords(swaps), [swaps])
  if (records.length === 0) return null
  const time = (seconds: number) => t('Approximately {{n}} {{unit}}', duration(seconds))
  return (
    <section className="provider-records" aria-labelledby="provider-records-title" data-testid="provider-records">
      <h3 id="provider-records-title" className="section-title">
        {t('How each provider did for you')}
      </h3>
      <ul className="provider-record-list">
        {records.map((record) => (
          <li key={record.providerId} className="provider-record" data-testid="provider-record">
            <span className="provider-record-name">{record.providerName}</span>
            <dl className="details">
              <div className="details-row">
                <dt>{t('Swaps')}</dt>
                <dd>{t('{{swaps}}: {{completed}} completed, {{refunded}} refunded, {{failed}} failed', record)}</dd>
              </div>
              {record.receivedVsQuoted !== undefined && (
                <div className="details-row">
                  <dt>{t('Received against the quote')}</dt>
                  <dd>{percent(record.receivedVsQuoted)}</dd>
                </div>
              )}
              {record.receivedVsMinimum !== undefined && (
                <div className="details-row">
                  <dt>{t('Received against the minimum signed')}</dt>
                  <dd>{percent(record.receivedVsMinimum)}</dd>
                </div>
              )}
              {record.medianSeconds !== undefined && record.medianEstimateSeconds !== undefined && (
                <div className="details-row">
                  <dt>{t('Time against the estimate')}</dt>
                  <dd>
                    {t('{{took}} (estimated {{estimate}})', {
                      took: time(record.medianSeconds),
                      estimate: time(record.medianEstimateSeconds),
                    })}
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('Medians of your own swaps on this device.')}</p>
    </section>
  )
}
