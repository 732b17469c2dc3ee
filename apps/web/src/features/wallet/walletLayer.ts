import type { Address } from 'viem'
import type { Config, Connector } from 'wagmi'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

/** The wallet as the app's screens see it: what wagmi's connection says, or `connecting` until wagmi is up. */
export type WalletConnection = {
  status: 'connecting' | 'reconnecting' | 'connected' | 'disconnected'
  address: Address | undefined
  chainId: number | undefined
  connector: Connector | undefined
}

type WalletLayerState = {
  /** wagmi's config, once the wallet layer has loaded (`walletRuntime.ts`); undefined before. */
  config: Config | undefined
  connection: WalletConnection
}

const NOT_KNOWN_YET: WalletConnection = {
  status: 'connecting',
  address: undefined,
  chainId: undefined,
  connector: undefined,
}

/**
 * The wallet layer's state, apart from wagmi itself (issue #18): the form, the token picker and the navigation bar
 * render, hydrate and take input from this store while wagmi, viem and the connectors still load; `walletRuntime.ts`
 * fills it in once they are up. Before that the wallet's state is `connecting` (the Connect button waits, as it
 * does while wagmi reconnects), which is also what the prerendered page shows.
 */
export const walletLayer = createStore<WalletLayerState>()(() => ({ config: undefined, connection: NOT_KNOWN_YET }))

/** The wallet's connection; `connecting` until the wallet layer has loaded and reconnected. */
export const useWalletConnection = (): WalletConnection => useStore(walletLayer, (state) => state.connection)

/** wagmi's config, for chain reads and wallet actions; undefined while the wallet layer loads. */
export const useWalletConfig = (): Config | undefined => useStore(walletLayer, (state) => state.config)
