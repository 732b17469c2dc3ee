import { discardSwap, draftSwap, isSwapSent, type Route } from '@multi-bridge/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Address } from 'viem'
import { reportError, toUserMessage } from '../../lib/errorMessages.ts'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { useExecuteSwap } from '../../lib/swapMutations.ts'
import { notify } from '../notifications/index.ts'
import { useWalletAdapter } from '../wallet/index.ts'
import { disarmKeptForm } from './keptForm.ts'

/**
 * The review and its confirm. Opening the review drafts the route's record in the swap client's store (the dialog
 * shows it by its key); confirming executes that record, under that key, through core's `executeSwap`, which
 * writes every change of it and tracks it; closing before anything was sent forgets the draft. A review closed
 * while its swap is being signed keeps the draft until the signing ends: the deposit may still be sent.
 */
export function useSwapReview() {
  const client = useSwapClient()
  const wallet = useWalletAdapter()
  const queryClient = useQueryClient()
  const [review, setReview] = useState<{ route: Route; key: string } | undefined>()
  // Read by callbacks that outlive a render: the review open now, and the swap being signed.
  const openKey = useRef<string | undefined>(undefined)
  const signingKey = useRef<string | undefined>(undefined)
  const execute = useExecuteSwap({
    onError: (error, { key }) => {
      const message = reportError('swap', error)
      // The open review says it at the step it stopped (a notice would cover the dialog's top); one closed while
      // its swap was signed has only the notice left to say it.
      if (key !== openKey.current) notify(message.message, message.values)
    },
    onSettled: (_record, _error, { key }) => {
      signingKey.current = undefined
      // Closed while it was signed: a draft nothing was sent for is forgotten now (a sent swap is in History).
      if (key !== undefined && key !== openKey.current) discardSwap(client, { key })
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all })
    },
  })

  return {
    /** The reviewed route and the key of its record. */
    review,
    /** Starts a new review of `route`, to be signed by `owner`: forgets the last swap's error. */
    open: (route: Route, owner: Address) => {
      execute.reset()
      const { key } = draftSwap(client, { route, owner })
      openKey.current = key
      setReview({ route, key })
    },
    close: () => {
      if (review && signingKey.current !== review.key) discardSwap(client, { key: review.key })
      openKey.current = undefined
      setReview(undefined)
    },
    confirm: () => {
      if (!review) return
      const { route, key } = review
      signingKey.current = key
      execute.mutate({
        key,
        route,
        wallet,
        // Sent (or handed over before its hash is known: a batch accepted, a gasless order the solver did not answer):
        // the form lets go of this amount, so that a second click cannot send the same swap again.
        onUpdate: (record) => isSwapSent(record) && disarmKeptForm(route.request),
      })
    },
    confirming: execute.isPending,
    error: execute.error ? toUserMessage(execute.error) : undefined,
  }
}
