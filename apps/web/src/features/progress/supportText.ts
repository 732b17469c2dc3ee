import {
  chainName,
  formatAmount,
  type Manifest,
  receivedAmount,
  type SwapRecord,
  swapPublicId,
} from '@multi-bridge/core'
import { ROUTES } from '../../lib/routes.ts'

/** The address of a swap's receipt: History with its origin chain and deposit transaction, opened by anyone. */
export function receiptPath(record: Pick<SwapRecord, 'origin' | 'depositTx'>): string | undefined {
  if (!record.depositTx) return undefined
  return `${ROUTES.history}?chain=${record.origin.token.chainId}&tx=${record.depositTx}`
}

/** The receipt's full link on this deployment (`base`: the page's address before its hash). */
export const receiptLink = (base: string, record: Pick<SwapRecord, 'origin' | 'depositTx'>) => {
  const path = receiptPath(record)
  return path ? `${base}#${path}` : undefined
}

/** The warning every copy for support ends with (an i18n key). */
export const SUPPORT_WARNING =
  'No real support agent ever asks for your seed phrase, your private key or a signature. Never give them to anyone.'

type Translate = (key: string, values?: Record<string, unknown>) => string

/**
 * "Copy for support": the swap as plain text, one fact a line, in the page's language (`t`): its ID, provider, route,
 * amounts, both hashes, status, times and the receipt's link. No personal data beyond the two addresses the chains
 * already show. `status` is the status word the page shows; `time` formats epoch milliseconds.
 */
export function supportText(
  record: SwapRecord,
  {
    manifest,
    t,
    status,
    time,
    link,
  }: {
    manifest: Manifest
    t: Translate
    status: string
    time: (ms: number) => string
    link: string | undefined
  },
): string {
  const origin = record.origin.token
  const destination = record.destination.token
  const amount = (value: string | bigint, token: { decimals: number; symbol: string }) =>
    `${formatAmount(BigInt(value), token.decimals)} ${token.symbol}`
  const received = receivedAmount(record)
  // Only the swap's own id: one this device made up while signing is no one else's to look up.
  const publicId = swapPublicId(record)
  const lines: [string, string | undefined][] = [
    [t('ID'), publicId],
    [t('Provider'), record.providerName],
    [t('Route'), `${chainName(manifest, origin.chainId)} → ${chainName(manifest, destination.chainId)}`],
    [t('Status'), status],
    [t('Amount to Send'), amount(record.origin.amount, origin)],
    [t('Minimum received'), amount(record.destination.minAmount, destination)],
    [t('Received'), received === undefined ? undefined : amount(received, destination)],
    [t('From'), record.owner],
    [t('Recipient Address'), record.recipient],
    [t('Deposit transaction'), record.depositTx],
    [t('Delivery transaction'), record.status === 'completed' ? record.deliveryTx : undefined],
    [t('Refund transaction'), record.status === 'refunded' ? record.refundTx : undefined],
    [t('Sent at'), 'depositedAt' in record && record.depositedAt ? time(record.depositedAt * 1000) : undefined],
    [
      t('Delivered at'),
      record.status === 'completed' && record.deliveredAt ? time(record.deliveredAt * 1000) : undefined,
    ],
    [t('Receipt'), link],
  ]
  return [
    `Multi-Bridge · ${t('Swap')}${publicId ? ` ${publicId}` : ''}`,
    ...lines.filter(([, value]) => value !== undefined && value !== '').map(([label, value]) => `${label}: ${value}`),
    '',
    t(SUPPORT_WARNING),
  ].join('\n')
}
