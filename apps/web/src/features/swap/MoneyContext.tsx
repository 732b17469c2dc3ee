import type { Route } from '@multi-bridge/core'
import { ValueLossWarning } from './MoneyWarnings.tsx'
import { usdOfAmount, useRouteUsd, useUsdText } from './usdValue.ts'
import type { SwapForm } from './useSwapForm.ts'

/**
 * The USD line's place while there is no value for it: held, so that the value arriving (a price, the first route)
 * does not push the recipient field and the button down under a click.
 */
const UsdLine = () => <span className="usd-value field-usd" aria-hidden="true" />

/** The amount typed, in USD, under the Send field (nothing while no provider prices the token). */
export function AmountUsd({ form }: { form: SwapForm }) {
  const usdText = useUsdText()
  const amount = form.parsedAmount?.ok ? form.parsedAmount.value : undefined
  const text = usdText(usdOfAmount(form.routes.routes, form.origin, amount))
  if (!text) return <UsdLine />
  return (
    <span className="usd-value field-usd" data-testid="amount-usd">
      {text}
    </span>
  )
}

/** What the chosen route delivers, in USD, under the Receive field. */
export function ReceiveUsd({ route }: { route: Route | undefined }) {
  const usd = useRouteUsd(route)
  if (!usd?.output) return <UsdLine />
  return (
    <span className="usd-value field-usd" data-testid="receive-usd">
      {usd.output}
    </span>
  )
}

/** The chosen route's value loss (its network cost counted in), warned about above 3 % before the person reviews it. */
export function RouteValueWarning({ route, networkFee }: { route: Route | undefined; networkFee: bigint | undefined }) {
  const usd = useRouteUsd(route, networkFee)
  return <ValueLossWarning bps={usd?.lossBps} />
}

/**
 * The person's own gas for the review (`useSwapGas` estimates it for the selected route): the fee in the origin's
 * native coin, `approximate` while a step's gas is a typical figure, not the node's estimate.
 */
export type ReviewNetworkCost =
  | { status: 'loading' }
  | { status: 'known'; fee: bigint; symbol: string; decimals: number; approximate: boolean }
  | { status: 'unknown' }

export function reviewNetworkCost(form: SwapForm): ReviewNetworkCost {
  const { networkCost: cost, coin } = form
  if (cost && coin) {
    return {
      status: 'known',
      fee: cost.fee,
      symbol: coin.symbol,
      decimals: coin.decimals,
      approximate: cost.approximate,
    }
  }
  return form.networkCostFailed ? { status: 'unknown' } : { status: 'loading' }
}
