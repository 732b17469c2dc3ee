import {
  type CheckedDeposit,
  chainName,
  formatDisplayAmount,
  getManifestChain,
  type TokenRef,
} from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import type { Address } from 'viem'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import type { UserMessage } from '../../lib/errorMessages.ts'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import type { SimulationPreview } from '../swap/index.ts'
import { SimulationResult } from './SimulationResult.tsx'

/** The review's view of the transaction to sign: decoded from its calldata, or why it was refused, and its simulation. */
export type SignedPreviewProps = {
  deposit?: CheckedDeposit
  error?: UserMessage
  simulation?: SimulationPreview
  refused: boolean
  loading: boolean
}

/**
 * "What you sign": the contract, function, recipient, destination chain, what leaves the wallet (token and native
 * coin) and the exact approval, all read from the transaction the wallet will be asked to sign (core's
 * `prepareDeposit`), never from the provider's summary of it.
 */
export function SignedTransaction({
  preview,
  sent,
  account,
}: {
  preview: SignedPreviewProps
  sent: TokenRef
  /** Who sends it: the simulation's moves are shown from this account's side. */
  account: Address
}) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const manifest = useManifest()
  const native = getManifestChain(manifest, sent.chainId)?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  if (preview.error) {
    return (
      <p className="form-error" role="alert" data-testid="signed-error">
        {t(preview.error.message, preview.error.values)}
      </p>
    )
  }
  if (!preview.deposit) {
    return (
      <p className="signed-loading" data-testid="signed-loading">
        {t('Reading the transaction to sign…')}
      </p>
    )
  }
  const { decoded, plan } = preview.deposit
  const token = (amount: bigint) => `${formatDisplayAmount(amount, sent.decimals)} ${sent.symbol}`
  const nativeAmount = (amount: bigint) => `${formatDisplayAmount(amount, native.decimals)} ${native.symbol}`
  // The check already matched the decoded input token with the token sent.
  const sendsNative = sent.kind === 'native'
  /** `title`: the full value of a shortened one (an address), shown on hover and set in monospace. */
  type Row = { id: string; label: string; value: string; title?: string | undefined; mono?: boolean }
  const rows: Row[] = [
    {
      id: 'contract',
      label: t('Contract'),
      value: `${decoded.contractName} · ${shortAddress(decoded.contract)}`,
      title: decoded.contract,
    },
    { id: 'function', label: t('Function'), value: decoded.functionName },
    {
      id: 'recipient',
      label: t('Recipient Address'),
      value: shortAddress(decoded.recipient),
      title: decoded.recipient,
    },
    {
      id: 'destination',
      label: t('Destination network'),
      value: chainName(manifest, decoded.destinationChainId),
    },
    {
      id: 'amount',
      label: t('Leaves your wallet'),
      value: sendsNative ? nativeAmount(decoded.inputAmount) : token(decoded.inputAmount),
    },
    ...(decoded.value > (sendsNative ? decoded.inputAmount : 0n)
      ? [{ id: 'value', label: t('Native coin sent'), value: nativeAmount(decoded.value) }]
      : []),
    {
      id: 'approval',
      label: t('Approval'),
      value: plan.approval
        ? t('Exactly {{amount}} to {{spender}}', {
            amount: token(plan.approval.amount),
            spender: shortAddress(plan.approval.spender),
          })
        : t('None'),
      title: plan.approval?.spender,
    },
    ...(decoded.refundTo
      ? [
          {
            id: 'refund',
            label: t('Refund to'),
            value: shortAddress(decoded.refundTo),
            title: decoded.refundTo,
            mono: true,
          },
        ]
      : []),
    ...(decoded.details ?? []).map((detail, index) => ({
      id: `detail-${index}`,
      label: t(detail.label),
      ...(detail.kind === 'time'
        ? { value: format.dateTime(detail.value * 1000) }
        : detail.kind === 'address'
          ? { value: shortAddress(detail.value), title: detail.value, mono: true }
          : detail.kind === 'input'
            ? { value: token(detail.value) }
            : detail.kind === 'amount'
              ? { value: `${formatDisplayAmount(detail.value, detail.decimals)} ${detail.symbol}` }
              : { value: nativeAmount(detail.value) }),
    })),
  ]
  return (
    <section className="signed" aria-labelledby="signed-heading" data-testid="signed-transaction">
      <h3 id="signed-heading" className="signed-title">
        {t('What you sign')}
      </h3>
      <dl className="details">
        {rows.map((row) => (
          <div key={row.id} className="details-row">
            <dt>{row.label}</dt>
            <dd className={row.mono ? 'mono' : undefined} title={row.title} data-testid={`signed-${row.id}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {preview.simulation && (
        <SimulationResult
          simulation={preview.simulation}
          account={account}
          decoded={decoded}
          sent={sent}
          gasless={Boolean(plan.gasless)}
        />
      )}
    </section>
  )
}
