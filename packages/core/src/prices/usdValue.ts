import { isAddressEqual } from 'viem'
import { formatAmount } from '../amounts/parseAmountInput.ts'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { Route, TokenPrice, TokenRef } from '../routes/types.ts'

/** USD values and prices are bigint scaled by 10^18: exact decimal maths, no floats for money. */
export const USD_DECIMALS = 18
export const USD_SCALE = 10n ** BigInt(USD_DECIMALS)

const DECIMAL_TEXT = /^(\d{1,40})(?:\.(\d+))?$/

/**
 * Decimal USD text ("0.99985") as a value scaled by 10^18, digits beyond the 18th dropped; undefined for anything
 * else (a sign, an exponent, a number type, an empty string), so a malformed price shows nothing rather than a guess.
 */
export function parseUsd(text: unknown): bigint | undefined {
  if (typeof text !== 'string') return undefined
  const match = DECIMAL_TEXT.exec(text.trim())
  if (!match) return undefined
  const fraction = (match[2] ?? '').slice(0, USD_DECIMALS).padEnd(USD_DECIMALS, '0')
  return BigInt(`${match[1]}${fraction}`)
}

/** A USD value scaled by 10^18 as plain decimal text ("1.2"). */
export const formatUsdValue = (value: bigint): string => formatAmount(value, USD_DECIMALS)

/** The price (scaled by 10^18) `prices` gives for `token`, matched by chain and address; zero counts as none. */
export function priceOf(
  prices: readonly TokenPrice[] | undefined,
  token: Pick<TokenRef, 'chainId' | 'address'>,
): bigint | undefined {
  const entry = prices?.find((price) => price.chainId === token.chainId && isAddressEqual(price.address, token.address))
  const value = parseUsd(entry?.usd)
  return value !== undefined && value > 0n ? value : undefined
}

/** The USD value (scaled by 10^18) of `amount` base units at `price` per whole token, rounded toward zero. */
export function usdValueOf(amount: bigint, decimals: number, price: bigint): bigint {
  return (amount * price) / 10n ** BigInt(decimals)
}

/**
 * The price of one whole token a USD value of `amount` base units implies (Relay gives values, not prices), as
 * decimal text; undefined for a zero or malformed value.
 */
export function impliedPrice(amount: bigint, decimals: number, valueUsd: unknown): string | undefined {
  const value = parseUsd(valueUsd)
  if (value === undefined || value === 0n || amount <= 0n) return undefined
  return formatUsdValue((value * 10n ** BigInt(decimals)) / amount)
}

/** `value` (USD scaled by 10^18) in base units of a token priced `price`, rounded toward zero. */
export function usdToAmount(value: bigint, decimals: number, price: bigint): bigint {
  return (value * 10n ** BigInt(decimals)) / price
}

/** Keeps one price per token (the first), and only the tokens given. */
export function pricesFor(
  table: readonly TokenPrice[] | undefined,
  tokens: readonly Pick<TokenRef, 'chainId' | 'address'>[],
): TokenPrice[] {
  const kept: TokenPrice[] = []
  for (const token of tokens) {
    if (kept.some((price) => price.chainId === token.chainId && isAddressEqual(price.address, token.address))) continue
    const entry = table?.find(
      (price) => price.chainId === token.chainId && isAddressEqual(price.address, token.address),
    )
    if (entry && priceOf([entry], token) !== undefined) {
      kept.push({ chainId: token.chainId, address: token.address, usd: entry.usd })
    }
  }
  return kept
}

/** The tokens a route's amounts are in: sent, received, gas on arrival, fees, and the origin's coin (gas). */
function routeTokens(route: Route): Pick<TokenRef, 'chainId' | 'address'>[] {
  const { origin, destination } = route.request
  return [
    origin,
    destination,
    { chainId: origin.chainId, address: NATIVE_TOKEN_ADDRESS },
    ...(route.deliveredToken ? [route.deliveredToken] : []),
    ...(route.gasOnArrival?.status === 'included' ? [route.gasOnArrival.token] : []),
    ...route.fees.map((fee) => fee.token),
  ]
}

/** The route with the prices a table has for its tokens (unchanged when it has none). */
export function withRoutePrices(route: Route, table: readonly TokenPrice[] | undefined): Route {
  const prices = pricesFor(table, routeTokens(route))
  return prices.length > 0 ? { ...route, prices } : route
}
