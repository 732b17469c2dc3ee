import {
  type CheckedDeposit,
  chainName,
  formatDisplayAmount,
  getManifestChain,
  NATIVE_TOKEN_ADDRESS,
  providerModule,
  type Route,
  type WorstCase as WorstCaseFacts,
  worstCaseOf,
} from '@multi-bridge/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isAddressEqual } from 'viem'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { useDurationText } from '../../lib/durationText.ts'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'

/**
 * "If it goes wrong", before signing: how long it usually takes and at the latest, how an undelivered deposit comes
 * back (the Refund button here and from when, or the provider by itself after its deadline, or never: a rail that
 * always delivers) and what comes back on which chain. Each from the deposit to sign (core's `worstCaseOf` over the
 * decoded calldata), never from the provider's summary.
 */
export function WorstCase({ route, deposit }: { route: Route; deposit: CheckedDeposit }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const format = useIntlFormat()
  const duration = useDurationText()
  const refunds = providerModule(route.providerId)?.refunds ?? 'provider'
  const worst: WorstCaseFacts = worstCaseOf(route, deposit.decoded, manifest, refunds)
  const provider = route.providerName
  const time = (epochSeconds: number) => format.dateTime(epochSeconds * 1000)
  const latest = worst.latest
  const latestText = !latest
    ? t('No deadline: this bridge always delivers')
    : 'at' in latest
      ? time(latest.at)
      : t('{{duration}} after the deposit', { duration: duration(latest.withinSeconds) })
  const refund = worst.ifNotDelivered
  let refundText: string
  if (refund.by === 'nobody') refundText = t('No refund: this bridge always delivers')
  else if (refund.by === 'provider') {
    refundText =
      refund.after === undefined
        ? t('{{provider}} returns the tokens by itself', { provider })
        : t('{{provider}} returns the tokens by itself after {{time}}', { provider, time: time(refund.after) })
  } else if (refund.opensAt !== undefined) {
    refundText = t('Your Refund button here, from {{time}}', { time: time(refund.opensAt) })
  } else if (refund.opensAfterSeconds !== undefined) {
    refundText = t('Your Refund button here, {{duration}} after the deposit', {
      duration: duration(refund.opensAfterSeconds),
    })
  } else refundText = t('You refund it here once its deadline has passed')
  const rows: { id: string; label: string; value: ReactNode }[] = [
    { id: 'typical', label: t('Usually arrives in'), value: duration(worst.typicalSeconds) },
    { id: 'latest', label: t('Arrives at the latest'), value: latestText },
    { id: 'refund', label: t('If not delivered'), value: refundText },
  ]
  const back = worst.comesBack
  if (back) {
    const chain = getManifestChain(manifest, back.chainId)
    const { origin } = route.request
    const token = isAddressEqual(back.token, NATIVE_TOKEN_ADDRESS)
      ? chain?.nativeCurrency
      : origin.chainId === back.chainId && isAddressEqual(origin.address, back.token)
        ? origin
        : chain?.tokens.find((listed) => isAddressEqual(listed.address, back.token))
    const symbol = token?.symbol ?? shortAddress(back.token)
    const network = chainName(manifest, back.chainId)
    rows.push({
      id: 'comes-back',
      label: t('Comes back'),
      value:
        back.amount !== undefined && token
          ? t('{{amount}} on {{network}}', {
              amount: `${formatDisplayAmount(back.amount, token.decimals, token.decimals)} ${symbol}`,
              network,
            })
          : t('{{symbol}} on {{network}}, as much as {{provider}} refunds', { symbol, network, provider }),
    })
  }
  return (
    <section className="worst-case" aria-labelledby="worst-case-heading" data-testid="worst-case">
      <h3 id="worst-case-heading" className="signed-title">
        {t('If it goes wrong')}
      </h3>
      <dl className="details">
        {rows.map((row) => (
          <div key={row.id} className="details-row">
            <dt>{row.label}</dt>
            <dd data-testid={`worst-${row.id}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
