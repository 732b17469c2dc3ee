import { type Route, type SwapRecord, UnexpectedError, WalletDisconnectedError } from '@multi-bridge/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { reportError, toUserMessage } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { historyStore } from '../history/index.ts'
import { notify } from '../notifications/index.ts'
import { useWalletConfig, useWalletConnection } from '../wallet/index.ts'
import { disarmKeptForm } from './keptForm.ts'
import { loadSwapServices, type SwapServices } from './useSwapServices.ts'

type SwapVariables = { route: Route; refreshRoute: () => Promise<Route | undefined> }

/**
 * Swap and refund as mutations through the connected wallet. Every change of a swap lands in History (through
 * the swap state machine); balances are refreshed after either.
 */
export function useSwapActions() {
  const config = useWalletConfig()
  const manifest = useManifest()
  const { connector, address } = useWalletConnection()
  const [live, setLive] = useState<SwapRecord | undefined>()
  const queryClient = useQueryClient()
  const refreshBalances = () => void queryClient.invalidateQueries({ queryKey: balanceKeys.all })

  const wallet = (services: SwapServices) => {
    if (!config || !connector || !address) throw new WalletDisconnectedError()
    return services.walletAdapter({ config, connector, account: address, manifest })
  }
  const provider = (services: SwapServices, id: string) => {
    const found = services.providers.get(id)
    if (!found) throw new UnexpectedError(`no provider ${id} in this deployment`)
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
            // Sent: the form lets go of this amount, so that a second click cannot send the same swap again.
            if (next.depositTx) disarmKeptForm(route.request)
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
      const message = reportError('swap', error)
      notify(message.message, message.values)
    },
    onSettled: refreshBalances,
  })

  const refund = useMutation({
    mutationKey: ['refund'],
    mutationFn: async (record: SwapRecord) => {
      const services = await loadSwapServices(manifest)
      const { refundTx } = await services.sendRefund({
        record,
        provider: provider(services, record.providerId),
        wallet: wallet(services),
        clients: services.clients,
      })
      historyStore.getState().apply(record.key, { type: 'refunded', refundTx })
      return refundTx
    },
    onError: (error) => {
      const message = reportError('refund', error)
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
    error: swap.error ? toUserMessage(swap.error) : undefined,
    refund: (record: SwapRecord) => refund.mutate(record),
    /** The key of the swap being refunded. */
    refunding: refund.isPending ? refund.variables?.key : undefined,
  }
}
