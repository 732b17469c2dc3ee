import { formatDisplayAmount, routeChoice } from '@multi-bridge/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RefundBanner } from '../../features/history/index.ts'
import {
  AmountField,
  GasOnArrivalField,
  LinkProblems,
  ReceiveUsd,
  RecipientField,
  RouteValueWarning,
  recipientStore,
  reviewNetworkCost,
  TokenButton,
  toTokenRef,
  useFormLink,
  useSignedPreview,
  useSwapForm,
  useSwapReview,
} from '../../features/swap/index.ts'
import { EARLY_ACTIONS, takeEarlyActions } from '../../lib/earlyActions.ts'
import { amountLength } from '../../lib/format.ts'
import { MARKS, markOnce } from '../../lib/perf.ts'
import type { PageOptions } from '../../lib/routes.ts'
import { preloadSwapClient, useSwapClient } from '../../lib/swapClient.tsx'

const TokenPickerDialog = lazy(() =>
  import('../../features/picker/TokenPickerDialog.tsx').then((m) => ({ default: m.TokenPickerDialog })),
)
const RoutesPanel = lazy(() => import('../../features/swap/RoutesPanel.tsx').then((m) => ({ default: m.RoutesPanel })))
const ProgressDialog = lazy(() =>
  import('../../features/progress/ProgressDialog.tsx').then((m) => ({ default: m.ProgressDialog })),
)

/** SPEC §4 swap screen: the layout; the form's state lives in `useSwapForm`, its fields in features/swap. */
export default function SwapPage({ options }: { options: PageOptions }) {
  const { t } = useTranslation()
  const swapClient = useSwapClient()
  const form = useSwapForm()
  // A link's options prefill the form; the form is written back into the address.
  const link = useFormLink(options)
  const { origin, destination, selected, request, walletStatus, account } = form
  const receive = selected && destination ? formatDisplayAmount(selected.outputAmount, destination.decimals) : '0'
  const [picker, setPicker] = useState<'origin' | 'destination' | undefined>()
  // The reviewed route and its record's key: the dialog shows that record, confirming executes it.
  const review = useSwapReview()
  const reviewing = review.review?.route
  useEffect(() => {
    // A token button clicked on the prerendered page, before the app was up: open that picker now.
    const last = takeEarlyActions([EARLY_ACTIONS.originPicker, EARLY_ACTIONS.destinationPicker]).at(-1)
    if (last) setPicker(last === EARLY_ACTIONS.originPicker ? 'origin' : 'destination')
  }, [])
  useEffect(() => {
    // Once the wallet's state is known, the form and its main button are what the person will use.
    if (walletStatus === 'connecting' || walletStatus === 'reconnecting') return
    markOnce(MARKS.swapFormInteractive)
    preloadSwapClient(swapClient)
  }, [walletStatus, swapClient])

  function startReview() {
    if (!selected || !form.recipientAddress || !account) return
    recipientStore.getState().remember(form.recipientAddress)
    // The reviewed route stays the chosen one: a re-ranking behind the dialog (a new network cost) does not move it.
    form.selectRoute(routeChoice(selected))
    review.open(selected, account)
  }

  // What confirming would sign, decoded from the transaction itself (refused here when it is not the request).
  const signed = useSignedPreview(reviewing)

  return (
    // Three parts: the form, the routes (beside it on a wide screen, below it otherwise) and the main button, which
    // stays in view with the routes shown: under the form on a wide screen, a bar at the screen's foot otherwise.
    <section className={`card swap-card${request ? ' swap-card-routes' : ''}`} aria-labelledby="swap-heading">
      <h2 id="swap-heading" className="visually-hidden">
        {t('Swap')}
      </h2>
      <div className="swap-form">
        {/* Money waiting for the person's refund comes before any new swap. */}
        <RefundBanner />
        <LinkProblems problems={link.problems} onDismiss={link.dismiss} />
        <AmountField form={form} onPickToken={() => setPicker('origin')} />
        <div className="swap-field">
          <div className="swap-field-top">
            <span className="field-label">{t('Receive (Estimated)')}</span>
          </div>
          <div className="swap-field-main">
            <output className="amount-output" data-testid="receive-estimate" data-length={amountLength(receive)}>
              {receive}
            </output>
            <TokenButton
              token={destination}
              placeholder="Select token"
              onClick={() => setPicker('destination')}
              testId="destination-token"
              earlyAction={EARLY_ACTIONS.destinationPicker}
            />
          </div>
          <ReceiveUsd route={selected} />
        </div>
        <RecipientField
          value={form.recipientText}
          onChange={form.setRecipientText}
          recipient={form.recipient}
          connected={account}
          senderKind={form.senderKind}
          originChainId={form.origin?.chainId}
          destinationChainId={destination?.chainId}
          safety={form.recipientSafety}
          destinationSymbol={destination?.symbol}
          consented={form.contractConsented}
          onConsentChange={form.setContractConsented}
        />
        <GasOnArrivalField form={form} />
      </div>
      {request && (
        <Suspense fallback={<div className="swap-routes" />}>
          <RoutesPanel form={form} />
        </Suspense>
      )}
      {/* Said before Swap: under the form on a wide screen, under the routes (above the button's bar) otherwise. */}
      <div className="swap-warning">
        {request && <RouteValueWarning route={selected} networkFee={form.networkCost?.fee} />}
      </div>
      <div className="swap-action">
        <button
          type="button"
          className="button-primary button-block"
          disabled={!form.button.enabled}
          onClick={form.button.action === 'takeGasless' ? form.takeGaslessRoute : startReview}
          data-testid="main-button"
        >
          {t(form.button.label, form.button.values)}
        </button>
      </div>
      <Suspense fallback={null}>
        {picker && (
          <TokenPickerDialog
            open
            onOpenChange={(open) => !open && setPicker(undefined)}
            title={picker === 'origin' ? 'Select Sending Token' : 'Select Receiving Token'}
            chainId={(picker === 'origin' ? origin : destination)?.chainId}
            onSelect={(token) => {
              if (picker === 'origin') form.setOrigin(toTokenRef(token))
              else form.setDestination(toTokenRef(token))
              setPicker(undefined)
            }}
          />
        )}
        {review.review && (
          <ProgressDialog
            swapKey={review.review.key}
            onOpenChange={(open) => !open && review.close()}
            onConfirm={review.confirm}
            confirming={review.confirming}
            signed={signed}
            route={review.review.route}
            networkCost={reviewNetworkCost(form)}
            error={review.error}
          />
        )}
      </Suspense>
    </section>
  )
}
