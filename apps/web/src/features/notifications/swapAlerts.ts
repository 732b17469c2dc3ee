import type { SwapRecord } from '@multi-bridge/core'

/** How a swap ended, or that it now needs the person (a refund to make). */
export type SwapAlert = 'completed' | 'failed' | 'refundable' | 'refunded'

const ALERT_OF: Partial<Record<SwapRecord['status'], SwapAlert>> = {
  completed: 'completed',
  failed: 'failed',
  providerFailed: 'failed',
  refundable: 'refundable',
  refunded: 'refunded',
}

/**
 * The swaps that just ended or became refundable between two copies of History: each key once, only for a
 * state it was not in before (a reload that reads a finished swap from storage is not news).
 */
export function newAlerts(
  before: Readonly<Record<string, SwapRecord>>,
  after: Readonly<Record<string, SwapRecord>>,
): { key: string; alert: SwapAlert; record: SwapRecord }[] {
  const alerts: { key: string; alert: SwapAlert; record: SwapRecord }[] = []
  for (const [key, record] of Object.entries(after)) {
    const previous = before[key]
    if (!previous || previous.status === record.status) continue
    const alert = ALERT_OF[record.status]
    if (alert && ALERT_OF[previous.status] !== alert) alerts.push({ key, alert, record })
  }
  return alerts
}

/** The notification's title for an alert (an i18n key). */
export const ALERT_TITLES: Record<SwapAlert, string> = {
  completed: 'Swap completed',
  failed: 'Swap failed',
  refundable: 'Swap not delivered',
  refunded: 'Swap refunded',
}

/** The tab's title with the number of swaps that need the person while the tab was hidden. */
export const titleWithCount = (title: string, count: number) => (count > 0 ? `(${count}) ${title}` : title)
