import {
  chainName,
  formatDisplayAmount,
  gasReceived,
  getManifestChain,
  isSwapSent,
  providerModule,
  type Route,
  receivedAmount,
  type SwapRecord,
  swapProgress,
  swapPublicId,
} from '@multi-bridge/core'
import * as Dialog from '@radix-ui/react-dialog'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAddressEqual } from 'viem'
import { useStore } from 'zustand'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { CopyButton } from '../../lib/CopyButton.tsx'
import { DialogHeader } from '../../lib/DialogHeader.tsx'
import { useDurationValues } from '../../lib/durationText.ts'
import { EvenBreak } from '../../lib/EvenBreak.tsx'
import type { UserMessage } from '../../lib/errorMessages.ts'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { networkConfigUpdates } from '../../lib/networkConfigUpdates.ts'
import { useChainTime, useSwap, useTrackProblem } from '../../lib/swapClient.tsx'
import { markSwapInView } from '../../lib/swapInView.ts'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { LeftAllowance } from '../approvals/index.ts'
import { refundReason, statusWord } from '../history/index.ts'
import { type ReviewNetworkCost, RouteLegs } from '../swap/index.ts'
import { useWalletConnection } from '../wallet/index.ts'
import { RefundCountdown } from './RefundCountdown.tsx'
import { confirmBlocked, ReviewSummary } from './ReviewSummary.tsx'
import { refundOpening } from './refundWait.ts'
import { type SignedPreviewProps, SignedTransaction } from './SignedTransaction.tsx'
import { StuckNotice } from './StuckNotice.tsx'
import { SupportActions } from './SupportActions.tsx'
import { SwapEnding } from './SwapEnding.tsx'
import { useStatusDetail } from './statusDetail.ts'
import { swapSteps } from './swapSteps.ts'
import { TxHash } from './TxHash.tsx'
import { useProviderPage } from './useProviderPage.ts'
import { useRefund } from './useRefund.ts'
import { useRefundReadiness } from './useRefundReadiness.ts'
import { WorstCase } from './WorstCase.tsx'

const ConnectDialog = lazy(() => import('../wallet/ConnectDialog.tsx').then((m) => ({ default: m.ConnectDialog })))

export type ProgressDialogProps = {
  /** The swap shown, by its key: its draft under review, then its record in History (core's swap client). */
  swapKey: string
  onOpenChange: (open: boolean) => void
  /** Before the deposit: the confirm-send action (absent once sent). */
  onConfirm?: () => void
  confirming?: boolean
  /** In the review: the transaction the confirm would sign, decoded; a refused one disables the confirm. */
  signed?: SignedPreviewProps
  /** A catalogued message of the last failure before anything was escrowed. */
  error?: UserMessage | undefined
  /** In the review: the route confirmed, for its summary (amounts, fees, USD values, warnings). */
  route?: Route | undefined
  /** In the review: the person's own gas for it (see `ReviewSummary`). */
  networkCost?: ReviewNetworkCost | undefined
  /**
   * A receipt: the swap read from the chains by its deposit (core's `findSwap`), shown as History shows its own, not
   * kept in this device's History.
   */
  receipt?: SwapRecord | undefined
  /** The receipt's destination side is its provider's answer, not the chains' (core's `FoundSwap.providerWord`). */
  providerWord?: boolean
}

function useNow(enabled: boolean) {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1_000)
    return () => clearInterval(timer)
  }, [enabled])
  return now
}

/** SPEC §4 progress and detail view: over the current page, after Swap and from History. */
export function ProgressDialog(props: ProgressDialogProps) {
  // One record from the review to History, read from the store by its key; a receipt's, read from the chains.
  const stored = useSwap(props.swapKey)
  const record = props.receipt ?? stored
  return record ? <SwapProgress {...props} record={record} /> : null
}

function SwapProgress({ record, ...props }: ProgressDialogProps & { record: SwapRecord }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const { refund: startRefund, refunding } = useRefund(record.key)
  const progress = swapProgress(record.status)
  // In the destination chain's time: its deadline and the refund's opening are that chain's, not this device's.
  const now = useChainTime(
    useNow(progress === 'swapping' || record.status === 'refundable' || record.status === 'providerFailed'),
    record.destination.token.chainId,
  )
  const problem = useTrackProblem(record.key)
  const statusDetail = useStatusDetail()(record, problem)
  const returnFocus = useReturnFocus()
  // On screen: the app's word about how it ended is this dialog itself (features/notifications).
  useEffect(() => markSwapInView(record.key), [record.key])
  const { address, status: walletStatus } = useWalletConnection()
  const [connecting, setConnecting] = useState(false)
  const [lossAccepted, setLossAccepted] = useState(false)
  // The config this page started with is no longer the deployment's: nothing is signed with it.
  const configChanged = useStore(networkConfigUpdates, (state) => state.changed)
  const reviewSummarized = props.route ? [t('ID'), t('Amount to Send'), t('Receivable Amount')] : [t('ID')]
  const format = useIntlFormat()
  const origin = record.origin.token
  const destination = record.destination.token
  const explorer = (chainId: number, hash: string) => {
    const base = getManifestChain(manifest, chainId)?.blockExplorerUrl
    return base ? `${base.replace(/\/$/, '')}/tx/${hash}` : undefined
  }

  // Sent: its deposit's hash known, or handed over without it (a batch the wallet took, a gasless order signed).
  const sent = isSwapSent(record)
  // Before the person confirms, nothing is swapping yet: the dialog is a review.
  const reviewing = record.status === 'signing' && !sent && !props.confirming
  // SPEC §5's words; a swap whose refund waits for the person is "Refund available" (amber), never a bare Failed.
  // When the refund really opens (the deadline final on the destination), not the deadline itself.
  const refund = useRefundReadiness(record)
  const word = statusWord(record, problem, refundOpening({ ...refund, problem, now }))
  const progressLabel = reviewing ? t('Review the swap, then confirm') : t(word.label)
  const steps = swapSteps(record, { error: Boolean(props.error), confirming: Boolean(props.confirming), refunding })
  const reason = refundReason(record)
  const connected = walletStatus === 'connected' && address !== undefined
  // Not known yet (the wallet layer loads, or wagmi reconnects): no Connect, which could add a second connection.
  const walletKnown = walletStatus === 'connected' || walletStatus === 'disconnected'
  useEffect(() => {
    if (connected) setConnecting(false)
  }, [connected])
  const otherAccount = connected && !isAddressEqual(address, record.owner)
  const duration = useDurationValues()
  const processing =
    record.status === 'completed' && record.deliveredAt !== undefined
      ? duration(record.deliveredAt - record.depositedAt)
      : undefined
  const depositedAt = record.status === 'signing' ? undefined : record.depositedAt
  const providerPage = useProviderPage(record)
  // Still with the provider: how long it has been, so a slow or stuck transfer is visible as such.
  const withProvider =
    record.status === 'deposited' || record.status === 'providerRefunding' || record.status === 'providerFailed'
  const waiting = withProvider && depositedAt !== undefined ? duration(now - depositedAt) : undefined
  const amount = (value: string | undefined, token: SwapRecord['origin']['token']) =>
    value === undefined ? '—' : `${formatDisplayAmount(BigInt(value), token.decimals)} ${token.symbol}`

  // Gas on arrival: what arrived with a completed swap, otherwise what was asked and whether it still comes.
  const asked = record.destination.gas
  const delivered = gasReceived(record)
  const gas = asked && (
    <span key="gas" data-testid="gas-on-arrival-amount">
      {record.status === 'completed'
        ? // The provider did not report what arrived (LI.FI): the amount asked, marked as such.
          delivered !== undefined
          ? amount(delivered, asked.token)
          : `≈ ${amount(asked.amount, asked.token)}`
        : swapProgress(record.status) === 'failed'
          ? t('{{amount}}, not delivered', { amount: amount(asked.amount, asked.token) })
          : amount(asked.amount, asked.token)}
    </span>
  )

  // Only the swap's own id: the one this device made up while signing is no one else's to look up.
  const publicId = swapPublicId(record)
  const rows: [string, ReactNode][] = [
    [
      t('ID'),
      <span key="v1" className="id-value">
        <span className="mono" data-testid="swap-id">
          {publicId ? <EvenBreak text={publicId} /> : '—'}
        </span>
        {publicId && <CopyButton value={publicId} label="Copy ID" testId="copy-id" />}
      </span>,
    ],
    [t('Route Provider'), record.providerName],
    [
      t('Swap Progress'),
      <span key="v2" className="status-line">
        <span className={`status status-${reviewing ? 'review' : word.tone}`} data-testid="swap-progress">
          {progressLabel}
        </span>
        {statusDetail && (
          <span className="status-detail" data-testid="status-detail" title={record.statusDetail}>
            {statusDetail}
          </span>
        )}
      </span>,
    ],
    [
      t('Delivery Address'),
      // Said as what it is: not where the tokens arrive (that is the recipient), but the contract that took them.
      <span key="v3" className="address-described">
        <span className="mono">
          <EvenBreak text={record.depositAddress} />
        </span>
        <span className="muted small" data-testid="delivery-address-note">
          {t('The contract on {{network}} that received your tokens', {
            network: chainName(manifest, record.origin.token.chainId),
          })}
        </span>
      </span>,
    ],
    [
      t('Recipient Address'),
      <span key="v4" className="recipient-value">
        <span className="mono">
          <EvenBreak text={record.recipient} />
        </span>
        {/* Said before anything is signed: the tokens leave the person's wallet for someone else's. */}
        {!isAddressEqual(record.recipient, record.owner) && (
          <span className="badge badge-warning" data-testid="recipient-other-wallet">
            {t('To another wallet')}
          </span>
        )}
      </span>,
    ],
    // Exact, never rounded: the amount signed.
    [
      t('Amount to Send'),
      `${formatDisplayAmount(BigInt(record.origin.amount), origin.decimals, origin.decimals)} ${origin.symbol}`,
    ],
    [
      t('Receivable Amount'),
      <span key="v5" data-testid="receivable-amount">
        {record.status === 'refunded'
          ? // Nothing arrived: what came back instead, never the quote. An escrow returns the whole deposit.
            record.refundableAfter !== undefined
            ? t('Not delivered: {{amount}} refunded on {{network}}', {
                amount: amount(record.origin.amount, origin),
                network: chainName(manifest, origin.chainId),
              })
            : t('Not delivered: refunded on {{network}}', { network: chainName(manifest, origin.chainId) })
          : amount(receivedAmount(record) ?? record.destination.minAmount, destination)}
      </span>,
    ],
    ...(gas ? [[t('Gas on arrival'), gas] as [string, ReactNode]] : []),
    [t('Exchange Time'), depositedAt ? format.dateTime(depositedAt * 1000) : '—'],
    [t('On-Chain Processing Time'), processing ? t('Approximately {{n}} {{unit}}', processing) : '—'],
    [
      t('Swap Route'),
      // In the review, the route's legs with their tools where it has several; afterwards, the swap's ends.
      reviewing && props.route?.legs ? (
        <RouteLegs key="v9" legs={props.route.legs} />
      ) : (
        `${origin.symbol} (${chainName(manifest, origin.chainId)}) → ${record.providerName} → ${destination.symbol} (${chainName(manifest, destination.chainId)})`
      ),
    ],
  ]
  // Who returns the tokens of a swap that is not delivered: said from the provider's module while it can matter.
  const refunds = providerModule(record.providerId)?.refunds
  // In the review, "If it goes wrong" says it from the deposit to sign (`WorstCase`), with its times.
  const worstCaseShown = reviewing && props.route !== undefined && props.signed?.deposit !== undefined
  if (refunds && progress !== 'completed' && record.status !== 'refunded' && !worstCaseShown) {
    rows.push([
      t('If not delivered'),
      <span key="v8" data-testid="refund-policy">
        {refunds === 'provider'
          ? t('{{provider}} returns the tokens by itself', { provider: record.providerName })
          : t('You refund it here once its deadline has passed')}
      </span>,
    ])
  }
  if (waiting) {
    rows.push([
      t('Waiting for'),
      <span key="v6" data-testid="waiting-for">
        {t('Approximately {{n}} {{unit}}', waiting)}
      </span>,
    ])
  }
  if (providerPage) {
    rows.push([
      t("Provider's page"),
      <a key="v7" className="tx-link" href={providerPage} target="_blank" rel="noreferrer" data-testid="provider-page">
        {t('Follow it on {{provider}}', { provider: record.providerName })}
      </a>,
    ])
  }

  return (
    <Dialog.Root open onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <DialogHeader title={reviewing ? 'Review swap' : props.receipt ? 'Swap receipt' : 'Swap Progress'} />
          {props.receipt && (
            <p className="muted small" role="note" data-testid="receipt-note">
              {t('Read from the chains by its deposit transaction, not from this device.')}
              {props.providerWord && record.status !== 'completed' && (
                <>
                  {' '}
                  <span data-testid="receipt-provider-word">
                    {t(
                      "The token and amount on arrival are {{provider}}'s word until {{network}} shows the delivery.",
                      {
                        provider: record.providerName,
                        network: chainName(manifest, record.destination.token.chainId),
                      },
                    )}
                  </span>
                </>
              )}
            </p>
          )}
          {reviewing && props.route && (
            <ReviewSummary
              route={props.route}
              networkCost={props.networkCost}
              lossAccepted={lossAccepted}
              onLossAcceptedChange={setLossAccepted}
            />
          )}
          {record.status === 'completed' && (
            <SwapEnding
              record={record}
              receipt={props.receipt !== undefined}
              onClose={() => props.onOpenChange(false)}
            />
          )}
          {reason && (
            <p className="refund-reason" role="status" data-testid="refund-reason">
              {t(reason.message, reason.values)}
            </p>
          )}
          {/* Stuck is told at the top, where a phone shows it without scrolling. */}
          <StuckNotice record={record} now={now} />
          <ol className="steps">
            {steps.map((step) => (
              <li
                key={step.label.message}
                className={`step step-${step.state}`}
                data-state={step.state}
                data-testid="step"
              >
                <span className="step-dot" aria-hidden="true" />
                <span className="step-label">{t(step.label.message, step.label.values)}</span>
                {step.hash && step.chainId !== undefined && (
                  <TxHash
                    hash={step.hash}
                    href={explorer(step.chainId, step.hash)}
                    chain={chainName(manifest, step.chainId)}
                  />
                )}
              </li>
            ))}
          </ol>
          {/* Right under the step it stopped at, where it is read without scrolling past what was signed. */}
          {props.error && (
            <p className="form-error" role="alert">
              {t(props.error.message, props.error.values)}
            </p>
          )}
          <dl className="details">
            {/*
              In the review, what only a sent swap has (its id, times) is left out rather than shown as "—", and so are
              the amounts the summary above already gives (the exact amount, the estimate and the minimum).
            */}
            {rows
              .filter(([label, value]) => !(reviewing && (value === '—' || reviewSummarized.includes(label))))
              .map(([label, value]) => (
                <div key={label} className="details-row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            <RefundCountdown record={record} now={now} refund={refund} />
          </dl>
          {record.status === 'providerFailed' && (
            <p className="notice-inline" role="status" data-testid="provider-failed">
              {t(
                '{{provider}} reports that this transfer failed. What happens next depends on the bridge: it may still be refunded or delivered, and this page keeps checking. Follow it on the provider’s page, or contact its support with the deposit transaction.',
                { provider: record.providerName },
              )}
            </p>
          )}
          {reviewing && props.signed && props.route && (
            <SignedTransaction preview={props.signed} sent={origin} account={props.route.request.sender} />
          )}
          {reviewing && props.route && props.signed?.deposit && (
            <WorstCase route={props.route} deposit={props.signed.deposit} />
          )}
          {!props.confirming && <LeftAllowance record={record} />}
          {sent && !reviewing && <SupportActions record={record} status={t(word.label)} />}
          {props.onConfirm && !sent && configChanged && (
            <p className="form-error" role="alert" data-testid="config-changed">
              {t('The network settings changed: reload the page to use them, then review the swap again.')}
            </p>
          )}
          {props.onConfirm && !sent && (
            <button
              type="button"
              className="button-primary button-block"
              onClick={props.onConfirm}
              disabled={
                props.confirming ||
                props.signed?.refused === true ||
                props.signed?.loading === true ||
                configChanged ||
                confirmBlocked(props.route, lossAccepted, props.networkCost)
              }
            >
              {props.confirming
                ? t('In Progress')
                : props.route?.gasless
                  ? t('Sign (no gas needed on {{network}})', {
                      network: chainName(manifest, origin.chainId),
                    })
                  : t('Swap')}
            </button>
          )}
          {record.status === 'refundable' && otherAccount && (
            <p className="form-error" role="status" data-testid="refund-owner">
              {t('Only {{account}} can refund this swap. Switch to it in your wallet.', {
                account: shortAddress(record.owner),
              })}
            </p>
          )}
          {record.status === 'refundable' && !connected && (
            <button
              type="button"
              className="button-primary button-block dialog-sticky-action"
              onClick={() => setConnecting(true)}
              disabled={!walletKnown}
              data-testid="refund-button"
            >
              {t('Connect a wallet to refund')}
            </button>
          )}
          {record.status === 'refundable' && connected && (
            <button
              type="button"
              className="button-primary button-block dialog-sticky-action"
              onClick={startRefund}
              disabled={refunding || otherAccount || !refund.ready}
              data-testid="refund-button"
            >
              {refunding
                ? t('In Progress')
                : !refund.ready && (refund.opensAt ?? 0) <= now
                  ? t('Preparing refund…')
                  : t('Refund')}
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
      <Suspense fallback={null}>
        {connecting && !connected && <ConnectDialog open onOpenChange={(open) => setConnecting(open)} />}
      </Suspense>
    </Dialog.Root>
  )
}
