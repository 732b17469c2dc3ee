import type { Route, TokenRef } from '@multi-bridge/core'
import { toUserMessage } from '../../lib/errorMessages.ts'
import { checkGas } from './gasCheck.ts'
import type { MainButtonInput } from './mainButton.ts'
import { useMaxAmount } from './useMaxAmount.ts'
import { useDepositReserve, useNativeCoin, useNetworkCost } from './useNetworkCost.ts'

export type UseSwapGasParameters = {
  origin: TokenRef | undefined
  amount: bigint | undefined
  amountText: string
  setAmountText: (text: string) => void
  /** The origin token's balance (undefined while unknown). */
  balance: bigint | undefined
  /** The origin's native balance (the origin balance itself when the coin is sent; undefined while unknown). */
  nativeBalance: bigint | undefined
  selected: Route | undefined
  /** False when the account's transactions are paid for by another wallet (a Safe's, by the owner who executes). */
  gasPaidByAccount?: boolean
}

/**
 * Gas before signing, for the swap form: the selected route's network cost on the origin, whether the native balance
 * pays it (the main button's `gas`), and Max, which keeps exactly that cost back on the native coin.
 */
export function useSwapGas(parameters: UseSwapGasParameters) {
  const { origin, amount, balance, nativeBalance, selected } = parameters
  const coin = useNativeCoin(origin?.chainId)
  const cost = useNetworkCost(selected)
  const reserve = useDepositReserve(origin)
  const paidHere = parameters.gasPaidByAccount !== false
  const check = paidHere
    ? checkGas({ cost: cost.data, nativeBalance, origin, amount, coin })
    : ({ status: 'enough' } as const)
  const max = useMaxAmount({
    origin,
    balance,
    amountText: parameters.amountText,
    setAmountText: parameters.setAmountText,
    routeAmount: selected?.request.amount,
    routeCost: cost.data,
    depositReserve: reserve.data,
    loadDepositReserve: async () => (await reserve.refetch()).data,
    coin,
  })
  // A first estimate holds the button back a moment; one that failed leaves the last word to the wallet.
  const button: MainButtonInput['gas'] = !selected
    ? undefined
    : check.status === 'short'
      ? { short: check.values }
      : cost.data === undefined && cost.isFetching
        ? 'estimating'
        : 'ok'
  return {
    /** The selected route's network cost, when estimated. */
    networkCost: cost.data,
    /** The estimate could not be made (the origin's RPC does not answer). */
    networkCostFailed: cost.isError && cost.data === undefined,
    /** Why the estimate could not be made (the origin's RPC does not answer: named), while there is none. */
    networkCostError: cost.error && cost.data === undefined ? toUserMessage(cost.error) : undefined,
    coin,
    gasCheck: check,
    gasButton: button,
    onMax: () => void max.onMax(),
    /** Max found nothing to send: the balance does not pay the gas (the sentence's values). */
    maxProblem: max.problem,
  }
}
