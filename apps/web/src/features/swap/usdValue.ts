import {
  originNativeUsd,
  priceOf,
  type Route,
  routeUsdValues,
  type TokenRef,
  usdValueOf,
  valueLossBps,
} from '@multi-bridge/core'
import { useMemo } from 'react'
import { useIntlFormat } from '../../i18n/intlFormat.ts'

/** USD text shown beside an amount ("≈ $1.20"), or undefined where no price is known: nothing is shown then. */
export type UsdText = string | undefined

/**
 * The USD value of `amount` of `token` at the first price one of the routes gives for it (the amount typed is
 * valued before a route is chosen, and whichever provider prices it).
 */
export function usdOfAmount(
  routes: readonly Route[],
  token: TokenRef | undefined,
  amount: bigint | undefined,
): bigint | undefined {
  if (!token || amount === undefined) return undefined
  for (const route of routes) {
    const price = priceOf(route.prices, token)
    if (price !== undefined) return usdValueOf(amount, token.decimals, price)
  }
  return undefined
}

/**
 * A route's amounts as USD text in the interface language (see core's `routeUsdValues`), and its value loss with the
 * person's own network cost (`networkFee`, in the origin's coin, once estimated) counted in.
 */
export function useRouteUsd(route: Route | undefined, networkFee?: bigint) {
  const format = useIntlFormat()
  return useMemo(() => {
    const text = (value: bigint | undefined): UsdText => (value === undefined ? undefined : `≈ ${format.usd(value)}`)
    if (!route) return undefined
    const values = routeUsdValues(route)
    return {
      input: text(values.input),
      output: text(values.output),
      minOutput: text(values.minOutput),
      gasOnArrival: text(values.gasOnArrival),
      fees: values.fees.map(text),
      /** The person's own gas (in the origin's native coin) in USD. */
      networkCost: (fee: bigint) => text(originNativeUsd(route, fee)),
      lossBps: valueLossBps(route, route.gasless ? undefined : networkFee),
    }
  }, [route, format, networkFee])
}

/** USD text of any value, in the interface language. */
export function useUsdText() {
  const format = useIntlFormat()
  return (value: bigint | undefined): UsdText => (value === undefined ? undefined : `≈ ${format.usd(value)}`)
}
