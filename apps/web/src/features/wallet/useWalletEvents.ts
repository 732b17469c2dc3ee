import { useRef } from 'react'
import { useConnectionEffect } from 'wagmi'
import { notify } from '../notifications/index.ts'

/** Marks the next disconnect as the person's own choice (no "disconnected" warning for it). */
export const intentionalDisconnect = { current: false }

/** Tells the person when the wallet goes away while the app is open (lock, disconnect, revoke). */
export function useWalletEvents() {
  const wasConnected = useRef(false)
  useConnectionEffect({
    onConnect() {
      wasConnected.current = true
    },
    onDisconnect() {
      if (wasConnected.current && !intentionalDisconnect.current) notify('Your wallet is disconnected')
      intentionalDisconnect.current = false
      wasConnected.current = false
    },
  })
}
