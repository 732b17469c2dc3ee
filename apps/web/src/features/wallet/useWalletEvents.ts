import { useEffect } from 'react'
import { notify } from '../notifications/index.ts'
import { walletLayer } from './walletLayer.ts'

/** Marks the next disconnect as the person's own choice (no "disconnected" warning for it). */
export const intentionalDisconnect = { current: false }

/**
 * Calls `onLost` each time a connected wallet goes away (lock, disconnect, revoke), unless the person chose it
 * (`intentionalDisconnect`). A reconnect that finds no wallet at start is not a loss. Returns the unsubscribe.
 */
export function watchWalletLoss(store: typeof walletLayer, onLost: () => void): () => void {
  return store.subscribe(({ connection }, previous) => {
    if (connection.status !== 'disconnected' || previous.connection.status !== 'connected') return
    if (!intentionalDisconnect.current) onLost()
    intentionalDisconnect.current = false
  })
}

/** Tells the person when the wallet goes away while the app is open. */
export function useWalletEvents() {
  useEffect(() => watchWalletLoss(walletLayer, () => notify('Your wallet is disconnected')), [])
}
