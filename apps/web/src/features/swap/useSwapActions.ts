import {
  NotSwapOwnerError,
  QuoteChangedError,
  QuoteExpiredError,
  RefundByProviderError,
  RefundNotAvailableError,
  ReviewMismatchError,
  type Route,
  SenderMismatchError,
  type SwapRecord,
  WrongChainError,
} from '@multi-bridge/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useAccount, useConfig } from 'wagmi'
import { useManifest } from '../../app/ManifestContext.tsx'
import { reportError, type UserMessage } from '../../lib/errorMessages.ts'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { historyStore } from '../history/historyStore.ts'
import { notify } from '../notifications/notificationStore.ts'
import { shortAddress } from '../wallet/WalletButton.tsx'
import { loadSwapServices, type SwapServices } from './useSwapServices.ts'

/** No wallet is connected when the person confirms: the dialog offers to connect. */
export class NoWalletError extends Error {
  override name = 'NoWalletError'
}

/** The person's message for a failed swap or refund, with the values its text needs. */
export function messageFor(error: unknown): UserMessage {
  if (error instanceof QuoteChangedError) return { message: 'The quote changed. Check the new amount and try again.' }
  if (error instanceof ReviewMismatchError) {
    return { message: 'The new quote is not for what you reviewed. Check it and try again.' }
  }
  if (error instanceof QuoteExpiredError) return { message: 'The quote expired. Fetching a new one…' }
  if (error instanceof WrongChainError) return { message: 'Failed to switch networks' }
  if (error instanceof SenderMismatchError) {
    return { message: 'The connected account changed. Check the new quote and try again.' }
  }
  if (error instanceof NotSwapOwnerError) {
    return { message: 'Only {{account}} can refund this swap', values: { account: shortAddress(error.owner) } }
  }
  if (error instanceof NoWalletError) return { message: 'Connect a wallet to continue' }
  if (error instanceof RefundNotAvailableError) return { message: 'The refund is not available yet' }
  if (error instanceof RefundByProviderError) return { message: 'The provider refunds this transfer by itself' }
  return reportError('swap', error)
}

type SwapVariables = { route: Route; refreshRoute: () => Promise<Route | undefined> }

/**
 * Swap and refund as mutations through the connected wallet. Every change of a swap lands in History (through
 * the swap state machine); balances are refreshed after either.
 */
export function useSwapActions() {
  const config = useConfig()
  const manifest = useManifest()
  const { connector, address } = useAccount()
  const [live, setLive] = useState<SwapRecord | undefined>()
  const queryClient = useQueryClient()
  const refreshBalances = () => void queryClient.invalidateQueries({ queryKey: balanceKeys.all })

  const wallet = (services: SwapServices) => {
    if (!connector || !address) throw new NoWalletError('no wallet connected')
    return services.walletAdapter({ config, connector, account: address, manifest })
  }
  const provider = (services: SwapServices, id: string) => {
    const found = services.providers.get(id)
    if (!found) throw new Error(`Unknown provider ${id}`)
    return found
  }

  const swap = useMutation({
    mutationKey: ['swap'],
    mutationFn: async ({ route, refreshRoute }: SwapVariables) => {
      const services = await loadSwapServices(manifest)
      try {
        const record = await services.executeRoute({
          route,
          provider: provider(services, route.providerId),
          wallet: wallet(services),
          clients: services.clients,
          refreshRoute,
          onUpdate: (next) => {
            setLive(next)
            historyStore.getState().upsert(next)
          },
        })
        services.tracker.track(record.key)
        return record
      } catch (error) {
        // Already sent? Tracking takes over; nothing is lost.
        setLive((current) => {
          if (current?.depositTx) services.tracker.track(current.key)
          return current
        })
        throw error
      }
    },
    onError: (error) => {
      const message = messageFor(error)
      notify(message.message, message.values)
    },
    onSettled: refreshBalances,
  })

  const refund = useMutation({
    mutationKey: ['refund'],
    mutationFn: async (record: SwapRecord) => {
      const services = await loadSwapServices(manifest)
      const { refundTx } = await services.refundSwap({
        record,
        provider: provider(services, record.providerId),
        wallet: wallet(services),
        clients: services.clients,
      })
      historyStore.getState().apply(record.key, { type: 'refunded', refundTx })
      return refundTx
    },
    onError: (error) => {
      const message = messageFor(error)
      notify(message.message, message.values)
    },
    onSettled: refreshBalances,
  })

  return {
    live,
    /** Starts a new review: forgets the last swap's record and error. */
    startReview: () => {
      setLive(undefined)
      swap.reset()
    },
    confirm: (route: Route, refreshRoute: () => Promise<Route | undefined>) => swap.mutate({ route, refreshRoute }),
    confirming: swap.isPending,
    error: swap.error ? messageFor(swap.error) : undefined,
    refund: (record: SwapRecord) => refund.mutate(record),
    /** The key of the swap being refunded. */
    refunding: refund.isPending ? refund.variables?.key : undefined,
  }
}
