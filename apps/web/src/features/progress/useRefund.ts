import { useIsMutating, useQueryClient } from '@tanstack/react-query'
import { reportError } from '../../lib/errorMessages.ts'
import { balanceKeys, swapMutationKeys } from '../../lib/queryKeys.ts'
import { type RefundSwapVariables, useRefundSwap } from '../../lib/swapMutations.ts'
import { notify } from '../notifications/index.ts'
import { useWalletAdapter } from '../wallet/index.ts'

/**
 * The refund of one swap through the connected wallet (core's `refundSwap`, which applies it to the swap's record),
 * and whether it is under way, wherever it was started.
 */
export function useRefund(key: string) {
  const wallet = useWalletAdapter()
  const queryClient = useQueryClient()
  const refund = useRefundSwap({
    onError: (error) => {
      const message = reportError('refund', error)
      notify(message.message, message.values)
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  })
  const refunding =
    useIsMutating({
      mutationKey: swapMutationKeys.refund,
      predicate: (mutation) => (mutation.state.variables as RefundSwapVariables | undefined)?.key === key,
    }) > 0
  return { refund: () => refund.mutate({ key, wallet }), refunding }
}
