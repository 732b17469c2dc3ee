import { chainName, formatDisplayAmount } from '@multi-bridge/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { ROUTES } from '../../lib/routes.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { isSwapInView } from '../../lib/swapInView.ts'
import { alertStore, useAlerts } from './alertStore.ts'
import { notify } from './notificationStore.ts'
import { ALERT_TITLES, newAlerts } from './swapAlerts.ts'
import { swapNotice } from './swapNotice.ts'

/**
 * Word when a swap ends or becomes refundable: in the app, unless its dialog is on screen; and while the tab is
 * hidden, the swap is counted in the tab's title until the tab is seen again, and, when the person turned
 * notifications on and the browser allows them, a system notification that opens the swap's detail. Returns the
 * number of swaps not seen yet.
 */
export function useSwapAlerts(): number {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const unseen = useAlerts((state) => state.unseen.length)
  const manifest = useManifest()
  const { store } = useSwapClient()

  useEffect(() => {
    let before = store.getState().swaps
    return store.subscribe((state) => {
      const alerts = newAlerts(before, state.swaps)
      before = state.swaps
      for (const { key, alert, record } of alerts) {
        if (isSwapInView(key)) continue
        const notice = swapNotice(alert, record, (id) => chainName(manifest, id))
        notify(notice.message, notice.values, notice.tone)
      }
      if (!document.hidden) return
      for (const { key, alert, record } of alerts) {
        alertStore.getState().addUnseen(key)
        if (!alertStore.getState().notifications || !('Notification' in window)) continue
        if (Notification.permission !== 'granted') continue
        const { origin, destination } = record
        const body = `${formatDisplayAmount(BigInt(origin.amount), origin.token.decimals)} ${origin.token.symbol} → ${destination.token.symbol} · ${record.providerName}`
        try {
          const notification = new Notification(t(ALERT_TITLES[alert]), { body, tag: key })
          notification.onclick = () => {
            window.focus()
            navigate(`${ROUTES.history}?id=${record.id}`)
            notification.close()
          }
        } catch (error) {
          // Some browsers (Chrome on Android) only show notifications from a service worker: the title still counts.
          console.warn('[alerts] the notification could not be shown', error)
        }
      }
    })
  }, [t, navigate, manifest, store])

  useEffect(() => {
    const seen = () => {
      if (!document.hidden) alertStore.getState().clearUnseen()
    }
    document.addEventListener('visibilitychange', seen)
    return () => document.removeEventListener('visibilitychange', seen)
  }, [])

  return unseen
}

/**
 * Whether the browser shows this site's notifications now. The person may have blocked them (or reset the
 * choice) in the browser's settings since turning them on here: read at render, never asked.
 */
export const notificationsAllowed = () => 'Notification' in window && Notification.permission === 'granted'

/** Turns system notifications on (asking the browser's permission now, never on load) or off. */
export async function setSwapNotifications(on: boolean): Promise<'on' | 'off' | 'unsupported' | 'denied'> {
  if (!on) {
    alertStore.getState().setNotifications(false)
    return 'off'
  }
  if (!('Notification' in window)) return 'unsupported'
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  if (permission !== 'granted') return 'denied'
  alertStore.getState().setNotifications(true)
  return 'on'
}
