import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { Route, TokenRef } from '../routes/types.ts'
import { priceOf, usdToAmount, usdValueOf } from './usdValue.ts'

/** Basis points in a whole. */
const BPS = 10_000n

/** The token the recipient really gets (Across may unwrap WETH into ETH), and its price on the route. */
function outputPrice(route: Route): { token: TokenRef; price: bigint | undefined } {
  const token = route.deliveredToken ?? route.request.destination
  return { token, price: priceOf(route.prices, token) ?? priceOf(route.prices, route.request.destination) }
}

/**
 * The route's amounts in USD (scaled by 10^18) at the provider's own prices. A value is absent where the route has
 * no price for its token: it is then not shown (never as $0.00).
 */
export type RouteUsdValues = {
  input?: bigint
  output?: bigint
  minOutput?: bigint
  gasOnArrival?: bigint
  /** Native coin the deposit sends besides the amount (`route.nativeFee`). */
  nativeFee?: bigint
  /** One per `route.fees`, in order. */
  fees: (bigint | undefined)[]
}

export function routeUsdValues(route: Route): RouteUsdValues {
  const { origin, amount } = route.request
  const value = (amountOf: bigint, token: Pick<TokenRef, 'chainId' | 'address' | 'decimals'>) => {
    const price = priceOf(route.prices, token)
    return price === undefined ? undefined : usdValueOf(amountOf, token.decimals, price)
  }
  const out = outputPrice(route)
  const outValue = (amountOf: bigint) =>
    out.price === undefined ? undefined : usdValueOf(amountOf, out.token.decimals, out.price)
  const gas = route.gasOnArrival?.status === 'included' ? route.gasOnArrival : undefined
  const values: RouteUsdValues = { fees: route.fees.map((fee) => value(fee.amount, fee.token)) }
  const input = value(amount, origin)
  const output = outValue(route.outputAmount)
  const minOutput = outValue(route.minOutputAmount)
  const gasValue = gas ? value(gas.amount, gas.token) : undefined
  const nativeFee = route.nativeFee
    ? value(route.nativeFee, { chainId: origin.chainId, address: NATIVE_TOKEN_ADDRESS, decimals: 18 })
    : undefined
  if (input !== undefined) values.input = input
  if (output !== undefined) values.output = output
  if (minOutput !== undefined) values.minOutput = minOutput
  if (gasValue !== undefined) values.gasOnArrival = gasValue
  if (nativeFee !== undefined) values.nativeFee = nativeFee
  return values
}

/**
 * The USD value (scaled by 10^18) of `amount` of the origin chain's native coin (18 decimals) at the route's price:
 * the person's own network cost. Undefined without a price.
 */
export function originNativeUsd(route: Route, amount: bigint): bigint | undefined {
  const price = priceOf(route.prices, { chainId: route.request.origin.chainId, address: NATIVE_TOKEN_ADDRESS })
  return price === undefined ? undefined : usdValueOf(amount, 18, price)
}

/** Amounts of two tokens that are the same asset (USDC on two chains), compared at 18 decimals. */
export const sameAsset = (a: TokenRef, b: TokenRef) => a.symbol.toUpperCase() === b.symbol.toUpperCase()
export const at18 = (amount: bigint, decimals: number) =>
  decimals <= 18 ? amount * 10n ** BigInt(18 - decimals) : amount / 10n ** BigInt(decimals - 18)

/**
 * How much of what is sent may not arrive, in basis points: fees, the solver's spread, any price impact and the
 * slippage, and the person's own network cost (`networkFee`, the origin's native coin, where it is estimated). What
 * arrives is the signed minimum (the exact output where the route pays one), never the unsigned estimate. In USD at
 * the route's prices (what is sent plus native coin paid besides it, the network cost included where the coin is
 * priced, against the minimum plus the gas on arrival); without prices, the same token on both sides is compared by
 * amount (gas on arrival counted at the fee paid for it, the network cost where the coin is what is sent). Undefined
 * when neither can be told; negative when more arrives than is sent. A gasless route's network cost is the solver's:
 * none is given for it.
 */
export function valueLossBps(route: Route, networkFee?: bigint): number | undefined {
  const usd = routeUsdValues(route)
  const gas = route.gasOnArrival?.status === 'included' ? route.gasOnArrival : undefined
  if (
    usd.input !== undefined &&
    usd.minOutput !== undefined &&
    (gas === undefined || usd.gasOnArrival !== undefined) &&
    (!route.nativeFee || usd.nativeFee !== undefined)
  ) {
    const gasPaid = networkFee ? (originNativeUsd(route, networkFee) ?? 0n) : 0n
    const sent = usd.input + (usd.nativeFee ?? 0n) + gasPaid
    if (sent <= 0n) return undefined
    const received = usd.minOutput + (usd.gasOnArrival ?? 0n)
    return Number(((sent - received) * BPS) / sent)
  }
  const { origin, amount } = route.request
  const received = route.deliveredToken ?? route.request.destination
  if (!sameAsset(origin, received)) return undefined
  let sent = at18(amount, origin.decimals)
  if (route.nativeFee) {
    if (origin.kind !== 'native') return undefined
    sent += at18(route.nativeFee, origin.decimals)
  }
  if (networkFee && origin.kind === 'native') sent += at18(networkFee, origin.decimals)
  let arrived = at18(route.minOutputAmount, received.decimals)
  if (gas) {
    // The gas is worth what was paid for it, when that fee is in the same asset.
    const fee = route.fees.find((line) => line.label === 'Gas on arrival fee' && sameAsset(line.token, received))
    if (!fee) return undefined
    arrived += at18(fee.amount, fee.token.decimals)
  }
  if (sent <= 0n) return undefined
  return Number(((sent - arrived) * BPS) / sent)
}

/**
 * What a route delivers, for "Most received": its signed minimum (the exact output where the route pays one), never
 * the unsigned estimate, so an answer cannot rank first by promising more than it signs; plus the gas on arrival's
 * value in the output token when the route prices both (USD value of the gas over the output's price, at that
 * route's own prices); less the person's own network cost (`networkFee`, in the origin's native coin) valued the same
 * way, net of what the person pays besides the amount (as LI.FI's "Best return"); without prices, the token output
 * alone. So gas adds what it is worth, and a route never ranks first merely for having it, or for costing gas.
 */
export function receivedValue(route: Route, networkFee?: bigint): bigint {
  const gas = route.gasOnArrival?.status === 'included' ? route.gasOnArrival : undefined
  if (!gas && !networkFee) return route.minOutputAmount
  const out = outputPrice(route)
  const inOutput = (usd: bigint | undefined) =>
    usd === undefined || out.price === undefined ? 0n : usdToAmount(usd, out.token.decimals, out.price)
  const gasPrice = gas && priceOf(route.prices, gas.token)
  const arriving = gas && gasPrice !== undefined ? inOutput(usdValueOf(gas.amount, gas.token.decimals, gasPrice)) : 0n
  const spent = networkFee ? inOutput(originNativeUsd(route, networkFee)) : 0n
  return route.minOutputAmount + arriving - spent
}
