import { formatAmount, type NetworkCost, type TokenRef } from '@multi-bridge/core'
import { useEffect, useState } from 'react'
import { maxNativeAmount, type NativeCoin, type NotEnoughGasValues } from './gasCheck.ts'

export type UseMaxAmountParameters = {
  origin: TokenRef | undefined
  /** The origin token's balance (the native balance, for the native coin). */
  balance: bigint | undefined
  amountText: string
  setAmountText: (text: string) => void
  /** The amount of the route whose cost is known, and that cost (the selected route's estimate). */
  routeAmount: bigint | undefined
  routeCost: NetworkCost | undefined
  /** One deposit at its fallback gas: what is kept before any route can be estimated (read now if not yet). */
  depositReserve: NetworkCost | undefined
  loadDepositReserve: () => Promise<NetworkCost | undefined>
  coin: NativeCoin | undefined
}

/** Which press of Max a message is about: the token and the amount field as they were. */
const pressKey = (origin: TokenRef | undefined, amountText: string) =>
  `${origin?.chainId}:${origin?.address}:${amountText}`

/**
 * Max. A token: the whole balance. The native coin: the balance less exactly what the route's transactions need
 * besides the amount (their gas, a bridge's native fee). Before any route there is nothing to estimate, so Max keeps
 * a deposit's fallback gas; once the route for that amount is estimated, the amount is set once more to keep exactly
 * its cost. A balance that cannot even pay the gas fills nothing and says why.
 */
export function useMaxAmount(parameters: UseMaxAmountParameters) {
  const { origin, balance, amountText, setAmountText, routeAmount, routeCost, depositReserve, coin } = parameters
  const { loadDepositReserve } = parameters
  const [problem, setProblem] = useState<{ key: string; values: NotEnoughGasValues } | undefined>()
  // The text Max wrote with the fallback reserve, to be made exact once its own route is estimated.
  const [provisional, setProvisional] = useState<string | undefined>()
  const native = origin?.kind === 'native'

  // What the known route's transactions need besides its amount (an approximate estimate is no better than the reserve).
  const routeReserve =
    native && routeCost && !routeCost.approximate && routeAmount !== undefined
      ? routeCost.total - routeAmount
      : undefined
  // The route's amount as Max writes it: the follow-up only trusts the estimate of the amount it wrote.
  const routeAmountText = origin && routeAmount !== undefined ? formatAmount(routeAmount, origin.decimals) : undefined

  const fill = (reserve: bigint): string | undefined => {
    if (!origin || balance === undefined || !coin) return undefined
    const max = maxNativeAmount(balance, reserve, coin)
    if (!max.ok) {
      setProblem({ key: pressKey(origin, amountText), values: max.values })
      return undefined
    }
    const text = formatAmount(max.amount, origin.decimals)
    setAmountText(text)
    return text
  }

  async function onMax() {
    setProblem(undefined)
    setProvisional(undefined)
    if (!origin || balance === undefined) return
    if (!native) {
      setAmountText(formatAmount(balance, origin.decimals))
      return
    }
    if (routeReserve !== undefined) {
      fill(routeReserve)
      return
    }
    // Pressed before the reserve was read (the chain clients load after the page is interactive): read it now.
    const reserve = (depositReserve ?? (await loadDepositReserve().catch(() => undefined)))?.total
    if (reserve !== undefined) setProvisional(fill(reserve))
  }

  // `fill` reads the balance and coin of this render; the follow-up runs when the estimate or the amount changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (provisional === undefined) return
    if (amountText !== provisional) {
      setProvisional(undefined) // the person typed: their amount stands
      return
    }
    // Only the estimate of the route for this very amount (routes of another amount are never on screen).
    if (routeReserve === undefined || routeAmountText !== provisional) return
    setProvisional(undefined)
    fill(routeReserve)
  }, [provisional, amountText, routeReserve, routeAmountText])

  // The message is about one press of Max: another token or amount leaves it behind.
  return { onMax, problem: problem?.key === pressKey(origin, amountText) ? problem.values : undefined }
}
