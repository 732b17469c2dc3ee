import {
  chainName,
  formatDisplayAmount,
  formatDisplayAmountUp,
  type ProviderOutcome,
  type Route,
  type RouteLeg,
  type TokenRef,
} from '@multi-bridge/core'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDurationValues } from '../../lib/durationText.ts'
import { exchangeRate } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { MEASURES } from '../../lib/perf.ts'
import { routeErrorText } from './routeErrorText.ts'
import { useRouteUsd } from './usdValue.ts'
import { useNativeCoin } from './useNetworkCost.ts'

export function useDeliveryText() {
  const { t } = useTranslation()
  const duration = useDurationValues()
  return (seconds: number) => t('Approximately {{n}} {{unit}}', duration(seconds))
}

/**
 * Measures, for the benchmark, the time from the latest provider answer to the frame that shows it
 * (`quote-to-paint` entries; the frame has been painted when the task after the animation frame runs).
 */
function usePaintMeasure(outcomes: ProviderOutcome[]) {
  useEffect(() => {
    const latest = Math.max(...outcomes.map((o) => o.receivedAt))
    if (!Number.isFinite(latest)) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => performance.measure(MEASURES.quoteToPaint, { start: latest, end: performance.now() }))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [outcomes])
}

export function RouteList(props: {
  /** The person cannot pay the gas of the routes that need it: those that need none come first, the others say so. */
  gaslessFirst?: boolean
  /** Each route's network cost in the origin's coin, by route id, once estimated (the person's own gas). */
  networkFees?: ReadonlyMap<string, bigint>
  routes: Route[]
  outcomes: ProviderOutcome[]
  loading: boolean
  selectedId: string | undefined
  onSelect: (route: Route) => void
  /** The token sent: a provider's limit in it is offered as "Use {amount}". */
  origin?: TokenRef | undefined
  /** Puts an amount a provider named (its minimum or maximum) in the form. */
  onUseAmount?: (amount: string) => void
}) {
  const { t } = useTranslation()
  const unavailable = props.outcomes.filter((o) => o.status === 'error')
  usePaintMeasure(props.outcomes)
  return (
    <div className="routes">
      {props.gaslessFirst && (
        <p className="route-gas-note" role="status" data-testid="routes-gasless-first">
          {t('Not enough gas for the other routes: the route that needs no gas comes first')}
        </p>
      )}
      <ul aria-label={t('Routes')} className="route-list">
        {props.routes.map((route, index) => (
          <li key={route.id}>
            <RouteCard
              route={route}
              needsGas={props.gaslessFirst === true && !route.gasless}
              networkFee={props.networkFees?.get(route.id)}
              best={index === 0}
              selected={route.id === props.selectedId}
              onSelect={() => props.onSelect(route)}
            />
          </li>
        ))}
      </ul>
      {props.loading && props.routes.length === 0 && <p className="muted">{t('Finding routes…')}</p>}
      {unavailable.map((outcome) => {
        const text = routeErrorText(outcome.status === 'error' ? outcome.error : undefined)
        return (
          <p
            key={outcome.providerId}
            className="route-unavailable muted small"
            data-testid={`route-error-${outcome.providerId}`}
          >
            <span className="route-unavailable-reason">
              {t('{{provider}}: {{reason}}', { provider: outcome.providerName, reason: t(text.message, text.values) })}
            </span>
            {text.details && (
              <span className="route-unavailable-details" data-testid="route-unavailable-details">
                {t(text.details)}
              </span>
            )}
            {text.limit && props.origin && props.onUseAmount && isSameToken(text.limit.token, props.origin) && (
              <button
                type="button"
                className="link-button route-use-limit"
                onClick={() => props.onUseAmount?.(text.limit?.text ?? '')}
                data-testid={`route-use-limit-${outcome.providerId}`}
              >
                {t('Use {{amount}}', { amount: `${text.limit.text} ${text.limit.token.symbol}` })}
              </button>
            )}
          </p>
        )
      })}
    </div>
  )
}

/** Whether two tokens are the same token on the same chain. */
const isSameToken = (a: TokenRef, b: TokenRef) =>
  a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase()

/** One route: provider, what arrives (with its USD value where the provider prices it), minimum, time, gas. */
function RouteCard(props: {
  route: Route
  best: boolean
  selected: boolean
  onSelect: () => void
  /** The person cannot pay this route's gas on the origin. */
  needsGas?: boolean
  /** The person's own gas for this route, in the origin's coin, once estimated. */
  networkFee?: bigint | undefined
}) {
  const { t } = useTranslation()
  const delivery = useDeliveryText()
  const { route, networkFee } = props
  const usd = useRouteUsd(route, networkFee)
  const coin = useNativeCoin(route.request.origin.chainId)
  // The token that really arrives (Across unwraps WETH for a wallet), in the amount quoted.
  const token = route.deliveredToken ?? route.request.destination
  return (
    <button
      type="button"
      aria-pressed={props.selected}
      className="route-card"
      onClick={props.onSelect}
      data-testid={route.gasless ? `route-${route.providerId}-gasless` : `route-${route.providerId}`}
    >
      <span className="route-card-top">
        <span className="route-provider">{route.providerName}</span>
        {props.best && <span className="badge">{t('Best')}</span>}
        {/* One signature, and the solver pays the origin's gas (its fee is in the amount). */}
        {route.gasless && (
          <span className="badge badge-gasless" data-testid="route-gasless">
            {t('No gas needed')}
          </span>
        )}
        {props.needsGas && (
          <span className="badge badge-warning" data-testid="route-needs-gas">
            {t('Not enough gas')}
          </span>
        )}
      </span>
      {/* The legs' tools in order: the swaps and the bridge. */}
      {route.legs && (
        <span className="route-meta" data-testid="route-tools">
          {route.legs.map((leg) => leg.tool).join(' → ')}
        </span>
      )}
      <span className="route-amount-line">
        <span className="route-amount" data-testid="route-receivable-amount">
          {formatDisplayAmount(route.outputAmount, token.decimals)} {token.symbol}
        </span>
        {usd?.output && (
          <span className="usd-value" data-testid="route-usd">
            {usd.output}
          </span>
        )}
      </span>
      <span className="route-meta">
        {route.minOutputAmount < route.outputAmount &&
          `${t('Minimum')} ${formatDisplayAmount(route.minOutputAmount, token.decimals)} · `}
        {delivery(route.estimatedSeconds)}
        {/* What the person pays besides the amount, which the ranking counts: in USD where the coin is priced. */}
        {!route.gasless && networkFee !== undefined && coin && (
          <>
            {' · '}
            <span data-testid="route-network-cost">
              {t('Network cost {{cost}}', {
                cost:
                  usd?.networkCost(networkFee) ?? `${formatDisplayAmountUp(networkFee, coin.decimals)} ${coin.symbol}`,
              })}
            </span>
          </>
        )}
      </span>
      {route.gasOnArrival && (
        <span className="route-meta">
          <span data-testid="route-gas-on-arrival">
            {route.gasOnArrival.status === 'included'
              ? t('+{{amount}} {{symbol}} gas on arrival', {
                  amount: formatDisplayAmount(route.gasOnArrival.amount, route.gasOnArrival.token.decimals),
                  symbol: route.gasOnArrival.token.symbol,
                })
              : t('No gas option')}
          </span>
          {usd?.gasOnArrival && (
            <span className="usd-value" data-testid="route-gas-usd">
              {' '}
              {usd.gasOnArrival}
            </span>
          )}
        </span>
      )}
      {route.deliveredToken && (
        <span className="route-meta" data-testid="route-delivered-token">
          {t('Arrives as {{symbol}}, not {{asked}}', {
            symbol: route.deliveredToken.symbol,
            asked: route.request.destination.symbol,
          })}
        </span>
      )}
    </button>
  )
}

/**
 * A route's legs in order, each token with what the leg takes or gives (estimates) and its chain, each leg's tool
 * between them: "0.1 ETH (Arbitrum) → 1inch → 328.6 USDC (Arbitrum) → Across → 328.56 USDC (Base)".
 */
export function RouteLegs({ legs }: { legs: RouteLeg[] }) {
  const manifest = useManifest()
  const amount = (value: bigint, token: RouteLeg['from']) =>
    `${formatDisplayAmount(value, token.decimals)} ${token.symbol} (${chainName(manifest, token.chainId)})`
  const [first] = legs
  if (!first) return null
  return (
    <span className="route-legs">
      {amount(first.fromAmount, first.from)}
      {legs.map((leg, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the legs of one route, in their fixed order
        <span key={index} data-testid="route-leg">
          {' → '}
          <strong>{leg.tool}</strong>
          {' → '}
          {amount(leg.toAmount, leg.to)}
        </span>
      ))}
    </span>
  )
}

/** `children`: more rows of the same list (the person's own network cost). */
export function RouteDetails({ route, children }: { route: Route; children?: ReactNode }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const delivery = useDeliveryText()
  const [inverted, setInverted] = useState(false)
  const { origin, amount } = route.request
  const destination = route.deliveredToken ?? route.request.destination
  const rate = inverted
    ? `1 ${destination.symbol} = ${exchangeRate(route.outputAmount, destination.decimals, amount, origin.decimals)} ${origin.symbol}`
    : `1 ${origin.symbol} = ${exchangeRate(amount, origin.decimals, route.outputAmount, destination.decimals)} ${destination.symbol}`
  const slippage = `${(route.slippageBps / 100).toFixed(2)}%`
  const usd = useRouteUsd(route)
  return (
    <dl className="details route-details" data-testid="route-details">
      <div className="details-row">
        <dt>{t('Provider')}</dt>
        <dd>{route.providerName}</dd>
      </div>
      <div className="details-row">
        <dt>{t('Slippage')}</dt>
        <dd data-testid="route-slippage">
          {route.slippageMode === 'fixed'
            ? t('Not applied: exactly the quoted amount, or a refund')
            : route.slippageMode === 'auto'
              ? `${t('Auto')} · ${slippage}`
              : slippage}
        </dd>
      </div>
      <div className="details-row">
        <dt>{t('Receivable Amount (Estimated)')}</dt>
        <dd data-testid="route-receivable">
          {formatDisplayAmount(route.outputAmount, destination.decimals)} {destination.symbol}
          {usd?.output && <span className="usd-value"> {usd.output}</span>}
          <span className="muted small">
            {' '}
            {t('(Minimum {{amount}})', { amount: formatDisplayAmount(route.minOutputAmount, destination.decimals) })}
          </span>
        </dd>
      </div>
      {route.gasOnArrival?.status === 'included' && (
        <div className="details-row">
          <dt>{t('Gas on arrival')}</dt>
          <dd>
            <span data-testid="route-gas">
              {formatDisplayAmount(route.gasOnArrival.amount, route.gasOnArrival.token.decimals)}{' '}
              {route.gasOnArrival.token.symbol}
            </span>
            {usd?.gasOnArrival && <span className="usd-value"> {usd.gasOnArrival}</span>}
          </dd>
        </div>
      )}
      <div className="details-row">
        <dt>{t('Estimated Delivery Time')}</dt>
        <dd>{delivery(route.estimatedSeconds)}</dd>
      </div>
      <div className="details-row">
        <dt>{t('Exchange Rate')}</dt>
        <dd>
          <button type="button" className="link-button" onClick={() => setInverted((v) => !v)} title={t('Invert')}>
            {rate} ⇄
          </button>
        </dd>
      </div>
      <div className="details-row">
        <dt>{t('Swap Route')}</dt>
        <dd data-testid="route-path">
          {route.legs ? (
            <RouteLegs legs={route.legs} />
          ) : (
            <>
              {origin.symbol} ({chainName(manifest, origin.chainId)}) → {route.providerName} → {destination.symbol} (
              {chainName(manifest, destination.chainId)})
            </>
          )}
        </dd>
      </div>
      {route.fees.map((fee, index) => (
        <div className="details-row" key={fee.label}>
          <dt>{t(fee.label)}</dt>
          <dd data-testid="route-fee">
            {formatDisplayAmount(fee.amount, fee.token.decimals)} {fee.token.symbol}
            {usd?.fees[index] && <span className="usd-value"> {usd.fees[index]}</span>}
          </dd>
        </div>
      ))}
      {children}
    </dl>
  )
}
