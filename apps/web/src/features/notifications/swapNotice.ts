import { formatDisplayAmount, receivedAmount, type SwapRecord } from '@multi-bridge/core'
import type { Notice } from './notificationStore.ts'
import type { SwapAlert } from './swapAlerts.ts'

export type SwapNotice = { message: string; values: Record<string, string>; tone: Notice['tone'] }

/**
 * The in-app word about a swap that just ended or became refundable: what arrived and where, or what was sent
 * and what now happens to it. `chainName` names a chain id as the config does.
 */
export function swapNotice(alert: SwapAlert, record: SwapRecord, chainName: (chainId: number) => string): SwapNotice {
  const { origin, destination } = record
  const sent = {
    amount: formatDisplayAmount(BigInt(origin.amount), origin.token.decimals),
    token: origin.token.symbol,
  }
  switch (alert) {
    case 'completed': {
      const received = receivedAmount(record)
      return {
        message:
          received === undefined
            ? 'Swap completed: at least {{amount}} {{token}} received on {{network}}'
            : 'Swap completed: {{amount}} {{token}} received on {{network}}',
        values: {
          amount: formatDisplayAmount(BigInt(received ?? destination.minAmount), destination.token.decimals),
          token: destination.token.symbol,
          network: chainName(destination.token.chainId),
        },
        tone: 'success',
      }
    }
    case 'refundable':
      return {
        message:
          'Not delivered: {{amount}} {{token}} waits for your refund; open the swap to refund it once its refund opens',
        values: sent,
        tone: 'warning',
      }
    case 'refunded':
      return {
        message: 'Swap refunded: {{amount}} {{token}} is back on {{network}}',
        values: { ...sent, network: chainName(origin.token.chainId) },
        tone: 'info',
      }
    case 'failed':
      return {
        message: 'Swap failed: {{amount}} {{token}} to {{network}}',
        values: { ...sent, network: chainName(destination.token.chainId) },
        tone: 'warning',
      }
  }
}
