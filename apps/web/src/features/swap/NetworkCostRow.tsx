import { formatDisplayAmount, formatDisplayAmountUp, type NetworkCostStepKind, type Route } from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { UNEXPECTED } from '../../lib/errorMessages.ts'
import { useRouteUsd } from './usdValue.ts'
import { useNativeCoin } from './useNetworkCost.ts'
import type { SwapForm } from './useSwapForm.ts'

const STEP_LABELS: Record<NetworkCostStepKind, string> = {
  resetApproval: 'Approval reset',
  approval: 'Approval',
  deposit: 'Deposit',
}

/**
 * The label of the person's own gas: "Network cost", said to be paid by them in the origin's coin, so that no reader
 * takes it for one of the fees taken from the amount (a solver's or a relayer's gas fee).
 */
export function NetworkCostLabel({ chainId, gasless = false }: { chainId: number; gasless?: boolean }) {
  const { t } = useTranslation()
  const coin = useNativeCoin(chainId)
  return (
    <dt>
      {t('Network cost')}
      {/* A gasless route costs the person no gas: the solver pays it (its fee is among the route's fees). */}
      {coin && !gasless && (
        <span className="muted small network-cost-payer" data-testid="network-cost-payer">
          {' '}
          {t('paid by you in {{coin}}', { coin: coin.symbol })}
        </span>
      )}
    </dt>
  )
}

/**
 * "Network cost": what the person pays in gas on the origin for the selected route (approvals the allowance still needs,
 * and the deposit), in the native coin and in USD where the route's provider prices it. A row of the route details.
 */
export function NetworkCostRow({ form, route }: { form: SwapForm; route: Route }) {
  const { t } = useTranslation()
  const usd = useRouteUsd(route)
  const { networkCost: cost, coin } = form
  const usdText = cost && usd?.networkCost(cost.fee)
  // Not estimated: the chain named when it does not answer, otherwise only that it could not be.
  const error = form.networkCostError
  const failure =
    error && (error.message === UNEXPECTED.message ? t("Couldn't estimate it") : t(error.message, error.values))
  // A deposit that pulls an allowance not given yet cannot be simulated: it counts at a typical gas use.
  const approving = cost?.steps.some((step) => step.kind !== 'deposit')
  const value = cost && coin && (
    <>
      <span data-testid="network-cost-amount" data-wei={cost.fee.toString()} data-max-wei={cost.maxFee.toString()}>
        {formatDisplayAmount(cost.fee, coin.decimals)} {coin.symbol}
      </span>
      {usdText && <span className="usd-value"> {usdText}</span>}
      <span className="muted small network-cost-steps" data-testid="network-cost-steps">
        {cost.steps.map((step) => t(STEP_LABELS[step.kind])).join(' + ')}
        {cost.approximate && ` · ${approving ? t('estimated until the approval is made') : t('estimated')}`}
      </span>
      {/* What the wallet may ask at most (its max fee): what the balance must hold, and what Max keeps. */}
      <span className="muted small network-cost-steps" data-testid="network-cost-max">
        {t('Up to {{amount}}', { amount: `${formatDisplayAmountUp(cost.maxFee, coin.decimals)} ${coin.symbol}` })}
      </span>
    </>
  )
  return (
    <div className="details-row" data-testid="network-cost">
      <NetworkCostLabel chainId={route.request.origin.chainId} gasless={Boolean(route.gasless)} />
      <dd>
        {route.gasless ? (
          <span data-testid="network-cost-amount" data-wei="0" data-max-wei="0">
            {t('None: the solver pays it')}
          </span>
        ) : (
          (value ?? <span className="muted">{failure ?? t('Estimating…')}</span>)
        )}
      </dd>
    </div>
  )
}
