import {
  type ChainClients,
  createChainClients,
  createProviders,
  createSwapTracker,
  type RouteProvider,
  type SwapTracker,
} from '@multi-bridge/core'
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react'
import { useManifest } from '../../app/ManifestContext.tsx'
import { historyStore } from '../history/historyStore.ts'

type SwapServices = { clients: ChainClients; providers: Map<string, RouteProvider>; tracker: SwapTracker }

const SwapServicesContext = createContext<SwapServices | undefined>(undefined)

/** The providers, read clients and the swap tracker, created once from the manifest. */
export function SwapServicesProvider({ children }: { children: ReactNode }) {
  const manifest = useManifest()
  const services = useMemo(() => {
    const clients = createChainClients(manifest)
    const providers = createProviders({ manifest, clients })
    const tracker = createSwapTracker({
      store: historyStore,
      providers,
      manifest,
      onError: (error, record) => console.warn('[tracker] look failed; retrying', record.id, error),
    })
    return { clients, providers, tracker }
  }, [manifest])
  useEffect(() => {
    // Swaps in progress keep being followed after a reload.
    services.tracker.resume()
    return () => services.tracker.stop()
  }, [services])
  return <SwapServicesContext.Provider value={services}>{children}</SwapServicesContext.Provider>
}

export function useSwapServices(): SwapServices {
  const services = useContext(SwapServicesContext)
  if (!services) throw new Error('useSwapServices outside SwapServicesProvider')
  return services
}
