import type { SwapRecord } from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'

/**
 * The providers' own words on a swap (`SwapRecord.statusDetail`) as short sentences (i18n keys). LI.FI's
 * substatuses are upper case (docs.li.fi, transaction status), Across's deposit states lower case.
 */
const STATUS_DETAILS = new Map<string, string>(
  Object.entries({
    // LI.FI, before it has indexed the deposit
    NOT_FOUND: 'The provider has not seen the deposit yet',
    INVALID: 'The provider has not seen the deposit yet',
    NOT_FOUND_AFTER_A_DAY: 'The provider has not recognised this deposit for a day',
    INVALID_AFTER_A_DAY: 'The provider has not recognised this deposit for a day',
    // LI.FI PENDING
    WAIT_SOURCE_CONFIRMATIONS: 'Waiting for confirmations on the origin chain',
    WAIT_DESTINATION_TRANSACTION: 'Waiting for the transfer on the destination chain',
    BRIDGE_NOT_AVAILABLE: 'The bridge is temporarily unavailable; the transfer will continue',
    CHAIN_NOT_AVAILABLE: 'The chain is temporarily unreachable; the transfer will continue',
    REFUND_IN_PROGRESS: 'The transfer failed; the refund is on its way',
    UNKNOWN_ERROR: 'The provider reports an unknown problem',
    // LI.FI DONE
    PARTIAL: 'Delivered in another token than quoted',
    REFUNDED: 'The provider returned the tokens',
    // LI.FI FAILED
    NOT_PROCESSABLE_REFUND_NEEDED: 'The transfer cannot be completed; a refund is needed',
    OUT_OF_GAS: 'The transfer ran out of gas',
    SLIPPAGE_EXCEEDED: 'The price moved more than the slippage allows',
    INSUFFICIENT_ALLOWANCE: 'The allowance was too low',
    INSUFFICIENT_BALANCE: 'The balance was too low',
    EXPIRED: 'The quote expired before the transfer',
    // Across
    slowFillRequested: 'No relayer filled it yet: Across is filling it from its own pool, which takes longer',
    expired: 'Expired — the refund is on its way',
    refunded: 'The provider returned the tokens',
    'deposit-failed': 'The deposit did not go through',
  }),
)

/** What to say about a swap's status detail: a catalogued sentence (`key`), or the provider's raw code. */
export type StatusDetailText = { key: string } | { raw: string }

/**
 * The provider's detail when it gave one; else, for a swap refunded to the person, that it was (SPEC §5 shows it
 * as Failed, so the note tells the two failures apart).
 */
export function statusDetailText(record: Pick<SwapRecord, 'statusDetail' | 'status'>): StatusDetailText | undefined {
  const detail = record.statusDetail?.trim()
  if (!detail) return record.status === 'refunded' ? { key: 'Refunded' } : undefined
  const key = STATUS_DETAILS.get(detail)
  return key ? { key } : { raw: detail }
}

/** The status detail of a swap in the person's language (the raw code when it is not a known one). */
export function useStatusDetail(): (record: Pick<SwapRecord, 'statusDetail' | 'status'>) => string | undefined {
  const { t } = useTranslation()
  return (record) => {
    const text = statusDetailText(record)
    return text && ('key' in text ? t(text.key) : text.raw)
  }
}
