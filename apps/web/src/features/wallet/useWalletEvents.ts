import { useEffect } from 'react'
import { notify } from '../notifications/index.ts'
import { walletLayer } from './walletLayer.ts'

/** Marks the next disconnect as the person's own choice (no "disconnected" warning for it). */
export const intentionalDisconnect = { current: false }

/** Tells the person when the wallet goes away while the app is open (lock, disconnect, revoke). */
export function useWalletEvents() {
  useEffect(
    () =>
      walletLayer.subscribe(({ connection }, previous) => {
        const was = previous.connection.status
        if (connection.status === was) return
        if (connection.status === 'disconnected' && was === 'connected') {
          if (!intentionalDisconnect.current) notify('Your wallet is disconnected')
          intentionalDisconnect.current = false
        }
      }),
    [],
  )
}
