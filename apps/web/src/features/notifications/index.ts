// Public entry of the notifications feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs) stays out, so that it stays out of the chunk of whoever imports from here.
export { useAlerts } from './alertStore.ts'
export { Notices } from './Notices.tsx'
export { notify, toast } from './notificationStore.ts'
export { titleWithCount } from './swapAlerts.ts'
export { notificationsAllowed, setSwapNotifications, useSwapAlerts } from './useSwapAlerts.ts'
