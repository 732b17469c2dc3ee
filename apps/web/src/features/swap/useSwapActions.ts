import {
  QuoteChangedError,
  QuoteExpiredError,
  RefundByProviderError,
  RefundNotAvailableError,
  type Route,
  SenderMismatchError,
  type SwapRecord,
  WrongChainError,
} from '@multi-bridge/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useAccount, useConfig } from 'wagmi'
import { useManifest } from '../../app/ManifestContext.tsx'
import { reportError, type UserMessage } from '../../lib/errorMessages.ts'
import { historyStore } from '../history/historyStore.ts'
import { notify } from '../notifications/notificationStore.ts'
import { loadSwapServices, type SwapServices } from './useSwapServices.ts'

/** The person's message for a failed swap or refund, with the values its text needs. */
function messageFor(error: unknown): UserMessage {
  if (error instanceof QuoteChangedError) return { message: 'The quote changed. Check the new amount and try again.' }
  if (error instanceof QuoteExpiredError) return { message: 'The quote expired. Fetching a new one…' }
  if (error instanceof WrongChainError) return { message: 'Failed to switch networks' }
  if (error instanceof SenderMismatchError) {
    return { message: 'The connected account changed. Check the new quote and try again.' }
  }
  if (error instanceof RefundNotAvailableError) return { message: 'The refund is not available yet' }
  if (error instanceof RefundByProviderError) return { message: 'The provider refunds this transfer by itself' }
  return reportError('swap', error)
}

/** Runs a route and refunds swaps through the connected wallet; everything lands in History. */
export function useSwapActions() {
  const config = useConfig()
  const manifest = useManifest()
  const { connector, address } = useAccount()
  const [live, setLive] = useState<SwapRecord | undefined>()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<UserMessage | undefined>()
  const [refunding, setRefunding] = useState<string | undefined>()
  const queryClient = useQueryClient()
  const refreshBalances = () => void queryClient.invalidateQueries({ queryKey: ['tokenBalance'] })

  const wallet = (services: SwapServices) => {
    if (!connector || !address) throw new Error('no wallet')
    return services.walletAdapter({ config, connector, account: address, manifest })
  }

  async function confirm(route: Route, refreshRoute: () => Promise<Route | undefined>) {
    setConfirming(true)
    setError(undefined)
    let tracker: SwapServices['tracker'] | undefined
    try {
      const services = await loadSwapServices(manifest)
      tracker = services.tracker
      const provider = services.providers.get(route.providerId)
      if (!provider) throw new Error(`Unknown provider ${route.providerId}`)
      const record = await services.executeRoute({
        route,
        provider,
        wallet: wallet(services),
        clients: services.clients,
        refreshRoute,
        onUpdate: (next) => {
          setLive(next)
          historyStore.getState().upsert(next)
        },
      })
      tracker.track(record.key)
      refreshBalances()
    } catch (failure) {
      const message = messageFor(failure)
      setError(message)
      notify(message.message, message.values)
      // Already escrowed? Tracking takes over; nothing is lost.
      setLive((current) => {
        if (current?.depositTx) tracker?.track(current.key)
        return current
      })
    } finally {
      setConfirming(false)
    }
  }

  async function refund(record: SwapRecord) {
    setRefunding(record.key)
    try {
      const services = await loadSwapServices(manifest)
      const provider = services.providers.get(record.providerId)
      if (!provider) throw new Error(`Unknown provider ${record.providerId}`)
      const { refundTx } = await services.refundSwap({
        record,
        provider,
        wallet: wallet(services),
        clients: services.clients,
      })
      const latest = historyStore.getState().swaps[record.key] ?? record
      historyStore.getState().upsert({ ...latest, status: 'refunded', refundTx, updatedAt: Date.now() })
      refreshBalances()
    } catch (failure) {
      const message = messageFor(failure)
      notify(message.message, message.values)
    } finally {
      setRefunding(undefined)
    }
  }

  return {
    live,
    setLive,
    confirming,
    error,
    clearError: () => setError(undefined),
    confirm,
    refund,
    refunding,
  }
}
