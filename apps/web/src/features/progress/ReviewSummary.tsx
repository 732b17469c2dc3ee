import { formatDisplayAmount, formatDisplayAmountUp, type Route, type TokenRef, valueLossBps } from '@multi-bridge/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  NetworkCostLabel,
  type ReviewNetworkCost,
  SlippageWarning,
  type UsdText,
  useRouteUsd,
  ValueLossConfirm,
  ValueLossWarning,
  valueLossLevel,
} from '../swap/index.ts'
import { TokenCautionNotes } from './TokenCautionNotes.tsx'

export type ReviewSummaryProps = {
  route: Route
  networkCost?: ReviewNetworkCost | undefined
  /** The person's confirm of a loss above 10 % (Swap stays off without it). */
  lossAccepted: boolean
  onLossAcceptedChange: (accepted: boolean) => void
}

/** Whether confirming this route needs the person's explicit "I understand" first (a loss above 10 %). */
export function needsLossConfirm(lossBps: number | undefined): boolean {
  return valueLossLevel(lossBps) === 'confirm'
}

/** The person's own gas for the review's route, once estimated (none for a gasless route: the solver pays it). */
export const reviewNetworkFee = (route: Route, cost: ReviewNetworkCost | undefined) =>
  !route.gasless && cost?.status === 'known' ? cost.fee : undefined

/**
 * Swap waits while the reviewed route's network cost is being estimated (the loss it adds decides whether a confirm is
 * asked: a quick click does not pass before it), and while the route loses more than 10 % (that cost counted in) and
 * the person has not said they understand.
 */
export function confirmBlocked(route: Route | undefined, lossAccepted: boolean, cost?: ReviewNetworkCost): boolean {
  if (route === undefined) return false
  if (!route.gasless && cost?.status === 'loading') return true
  return needsLossConfirm(valueLossBps(route, reviewNetworkFee(route, cost))) && !lossAccepted
}

/**
 * "Review swap": what leaves the wallet, exactly (never rounded: it is what is signed), what should arrive and the
 * least that will (as the route card rounds them), each fee and the person's own network cost, with their USD values where the provider prices
 * them; then the warnings (value lost, a high custom slippage) and, above 10 % lost, the confirm Swap waits for.
 */
export function ReviewSummary(props: ReviewSummaryProps) {
  const { t } = useTranslation()
  const { route } = props
  const usd = useRouteUsd(route, reviewNetworkFee(route, props.networkCost))
  const { origin, amount } = route.request
  const received = route.deliveredToken ?? route.request.destination
  // What is sent and each fee are exact (what is signed, what is taken); what arrives reads as the route card has it,
  // rounded down (never more than arrives).
  const exact = (value: bigint, token: Pick<TokenRef, 'decimals' | 'symbol'>) =>
    `${formatDisplayAmount(value, token.decimals, token.decimals)} ${token.symbol}`
  const down = (value: bigint, token: Pick<TokenRef, 'decimals' | 'symbol'>) =>
    `${formatDisplayAmount(value, token.decimals)} ${token.symbol}`
  const cost = props.networkCost
  const rows: { id: string; label: string; value: string; usd?: UsdText; strong?: boolean }[] = [
    { id: 'send', label: t('You send'), value: exact(amount, origin), usd: usd?.input, strong: true },
    {
      id: 'receive',
      label: t('You receive (estimated)'),
      value: down(route.outputAmount, received),
      usd: usd?.output,
      strong: true,
    },
    { id: 'minimum', label: t('Minimum received'), value: down(route.minOutputAmount, received), usd: usd?.minOutput },
    ...(route.gasOnArrival?.status === 'included'
      ? [
          {
            id: 'gas-on-arrival',
            label: t('Gas on arrival'),
            value: down(route.gasOnArrival.amount, route.gasOnArrival.token),
            usd: usd?.gasOnArrival,
          },
        ]
      : []),
    ...route.fees.map((fee, index) => ({
      id: `fee-${index}`,
      label: t(fee.label),
      value: exact(fee.amount, fee.token),
      usd: usd?.fees[index],
    })),
  ]
  let networkCost: ReactNode
  if (route.gasless) {
    // Nothing is sent from the wallet: the solver opens the order and its gas is the open fee above.
    networkCost = t('None: the solver pays it')
  } else if (cost?.status === 'known') {
    // Rounded up, as the form shows it: never less than it may cost.
    const value = `${cost.approximate ? '≈ ' : ''}${formatDisplayAmountUp(cost.fee, cost.decimals)} ${cost.symbol}`
    const costUsd = usd?.networkCost(cost.fee)
    networkCost = (
      <>
        {value}
        {costUsd && <span className="usd-value"> {costUsd}</span>}
      </>
    )
  } else {
    networkCost = (
      <span className="muted">{cost?.status === 'unknown' ? t("Couldn't estimate it") : t('Estimating…')}</span>
    )
  }
  const lossBps = usd?.lossBps
  return (
    <section className="review-summary" aria-label={t('Review swap')} data-testid="review-summary">
      <dl className="details">
        {rows.map((row) => (
          <div key={row.id} className={`details-row${row.strong ? ' review-strong' : ''}`}>
            <dt>{row.label}</dt>
            <dd data-testid={`review-${row.id}`}>
              {row.value}
              {row.usd && <span className="usd-value"> {row.usd}</span>}
            </dd>
          </div>
        ))}
        <div className="details-row">
          <NetworkCostLabel chainId={origin.chainId} gasless={Boolean(route.gasless)} />
          <dd data-testid="review-network-cost">{networkCost}</dd>
        </div>
      </dl>
      <TokenCautionNotes tokens={[origin, route.request.destination, received]} />
      <ValueLossWarning bps={lossBps} />
      {route.slippageMode === 'custom' && <SlippageWarning bps={route.slippageBps} />}
      {lossBps !== undefined && needsLossConfirm(lossBps) && (
        <ValueLossConfirm bps={lossBps} checked={props.lossAccepted} onChange={props.onLossAcceptedChange} />
      )}
    </section>
  )
}
