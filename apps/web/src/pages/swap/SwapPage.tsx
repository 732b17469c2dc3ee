import {
  formatAmount,
  formatDisplayAmount,
  getManifestChain,
  newSwapRecord,
  parseAmountInput,
  type QuoteRequest,
  type Route,
  type RoutePreference,
  type TokenRef,
} from '@multi-bridge/core'
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAccount } from 'wagmi'
import { useManifest } from '../../app/ManifestContext.tsx'
import type { PageOptions } from '../../app/routes.ts'
import type { PickerToken } from '../../features/picker/types.ts'
import { checkRecipient } from '../../features/swap/checkRecipient.ts'
import { RecipientField } from '../../features/swap/RecipientField.tsx'
import { RouteDetails, RouteList } from '../../features/swap/RouteList.tsx'
import { recipientStore } from '../../features/swap/recipientStore.ts'
import { useRoutes } from '../../features/swap/useRoutes.ts'
import { useSwapActions } from '../../features/swap/useSwapActions.ts'
import { loadSwapServices, prefetchSwapServices } from '../../features/swap/useSwapServices.ts'
import { useGasReserve, useTokenBalance } from '../../features/swap/useTokenBalance.ts'
import { MARKS, markOnce } from '../../lib/perf.ts'

const TokenPickerDialog = lazy(() =>
  import('../../features/picker/TokenPickerDialog.tsx').then((m) => ({ default: m.TokenPickerDialog })),
)
const ProgressDialog = lazy(() =>
  import('../../features/progress/ProgressDialog.tsx').then((m) => ({ default: m.ProgressDialog })),
)

const amountErrors: Record<string, string> = {
  tooLong: 'The amount is too long',
  notANumber: 'Enter a number, like 1.5',
  useDotForDecimals: 'Use a dot for decimals, like 1.5',
  tooManyDecimals: 'This token has at most {{decimals}} decimals',
  zero: 'Enter an amount greater than zero',
}

const toRef = (token: PickerToken): TokenRef => ({
  chainId: token.chainId,
  address: token.address,
  symbol: token.symbol,
  decimals: token.decimals,
  kind: token.kind,
})

/** SPEC §4 swap screen. */
export default function SwapPage(_props: { options: PageOptions }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const { address, status } = useAccount()
  const amountId = useId()
  const [origin, setOrigin] = useState<TokenRef | undefined>()
  const [destination, setDestination] = useState<TokenRef | undefined>()
  const [picker, setPicker] = useState<'origin' | 'destination' | undefined>()
  const [amountText, setAmountText] = useState('')
  const [recipientText, setRecipientText] = useState('')
  const [preference, setPreference] = useState<RoutePreference>('most-received')
  const [slippageText, setSlippageText] = useState('')
  // The person's choice is a provider: each refresh brings that provider's new quote under a new id.
  const [selectedProvider, setSelectedProvider] = useState<string | undefined>()
  const [reviewing, setReviewing] = useState<Route | undefined>()
  const actions = useSwapActions()
  useEffect(() => {
    // Once the wallet's state is known, the form and its main button are what the person will use.
    if (status === 'connecting' || status === 'reconnecting') return
    markOnce(MARKS.swapFormInteractive)
    prefetchSwapServices(manifest)
  }, [status, manifest])

  const balance = useTokenBalance(origin, address)
  const gasReserve = useGasReserve(origin)
  const parsed = origin ? parseAmountInput(amountText, origin.decimals) : undefined
  const amount = parsed?.ok ? parsed.value : undefined
  const recipient = checkRecipient(recipientText)
  const recipientAddress = 'address' in recipient ? recipient.address : undefined
  const slippage = slippageText.trim() === '' ? undefined : Number(slippageText)
  // Slippage is a percentage with at most two decimals (whole basis points), 0 to 50.
  const slippageValid = slippage === undefined || (/^\d{1,2}(\.\d{0,2})?$/.test(slippageText.trim()) && slippage <= 50)
  const slippageBps = slippage !== undefined && slippageValid ? Math.round(slippage * 100) : undefined
  const spendable =
    balance.data === undefined
      ? undefined
      : origin?.kind === 'native'
        ? balance.data - (gasReserve.data ?? 0n)
        : balance.data
  const notEnough = amount !== undefined && spendable !== undefined && amount > spendable

  const request = useMemo<QuoteRequest | undefined>(() => {
    if (!origin || !destination || amount === undefined || !address) return undefined
    return {
      origin,
      destination,
      amount,
      sender: address,
      recipient: recipientAddress ?? address,
      ...(slippageBps === undefined ? {} : { slippageBps }),
    }
  }, [origin, destination, amount, address, recipientAddress, slippageBps])
  const { routes, outcomes, loading, refreshIn } = useRoutes(request, preference)
  const selected = routes.find((r) => r.providerId === selectedProvider) ?? routes[0]
  const chainName = (id: number | undefined) => (id === undefined ? '' : (getManifestChain(manifest, id)?.name ?? ''))

  const button = (() => {
    if (status !== 'connected') return { label: 'Connect a wallet to start', enabled: false }
    if (!origin || !destination) return { label: 'Choose Token to Swap', enabled: false }
    if (amount === undefined) return { label: 'Enter an amount to swap', enabled: false }
    if (!recipientAddress) return { label: 'Enter or select the recipient address', enabled: false }
    if (notEnough) return { label: 'Not enough balance', enabled: false }
    if (!slippageValid) return { label: 'Check the slippage', enabled: false }
    if (!selected) return { label: loading ? 'Finding routes…' : 'No route available', enabled: false }
    return { label: 'Swap', enabled: true }
  })()

  function onMax() {
    if (!origin || spendable === undefined) return
    setAmountText(formatAmount(spendable > 0n ? spendable : 0n, origin.decimals))
  }

  function startReview() {
    if (!selected || !recipientAddress) return
    recipientStore.getState().remember(recipientAddress)
    actions.setLive(undefined)
    actions.clearError()
    setReviewing(selected)
  }

  // Made once per reviewed route and account, not on every render (each call is a new key and time).
  const draftRecord = useMemo(
    () => (reviewing && address ? newSwapRecord(reviewing, address) : undefined),
    [reviewing, address],
  )
  const reviewRecord = draftRecord ? (actions.live ?? draftRecord) : undefined

  return (
    <section className="card swap-card" aria-labelledby="swap-heading">
      <h2 id="swap-heading" className="visually-hidden">
        {t('Swap')}
      </h2>
      <div className="swap-field">
        <div className="swap-field-top">
          <label className="field-label" htmlFor={amountId}>
            {t('Send')}
          </label>
          {origin && balance.data !== undefined && (
            <span className="muted small" data-testid="origin-balance">
              {t('Balance')}: {formatDisplayAmount(balance.data, origin.decimals)}
              <button type="button" className="link-button" onClick={onMax}>
                {t('Max')}
              </button>
            </span>
          )}
        </div>
        <div className="swap-field-main">
          <input
            id={amountId}
            className="amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={amountText}
            aria-invalid={parsed !== undefined && !parsed.ok && parsed.error !== 'empty'}
            onChange={(event) => setAmountText(event.target.value)}
          />
          <button type="button" className="token-button" onClick={() => setPicker('origin')} data-testid="origin-token">
            {origin ? (
              <>
                <span className="token-symbol">{origin.symbol}</span>
                <span className="token-chain">{chainName(origin.chainId)}</span>
              </>
            ) : (
              t('Choose Token to Swap')
            )}
          </button>
        </div>
        {parsed && !parsed.ok && parsed.error !== 'empty' && (
          <p className="field-error" role="alert">
            {t(amountErrors[parsed.error] ?? 'Enter a number, like 1.5', { decimals: origin?.decimals })}
          </p>
        )}
      </div>
      <div className="swap-field">
        <div className="swap-field-top">
          <span className="field-label">{t('Receive (Estimated)')}</span>
        </div>
        <div className="swap-field-main">
          <output className="amount-output" data-testid="receive-estimate">
            {selected && destination ? formatDisplayAmount(selected.outputAmount, destination.decimals) : '0'}
          </output>
          <button
            type="button"
            className="token-button"
            onClick={() => setPicker('destination')}
            data-testid="destination-token"
          >
            {destination ? (
              <>
                <span className="token-symbol">{destination.symbol}</span>
                <span className="token-chain">{chainName(destination.chainId)}</span>
              </>
            ) : (
              t('Select token')
            )}
          </button>
        </div>
      </div>
      <RecipientField
        value={recipientText}
        onChange={setRecipientText}
        connected={address}
        destinationChainId={destination?.chainId}
      />
      {request && (
        <>
          <div className="route-toolbar">
            <fieldset className="segmented">
              <legend className="visually-hidden">{t('Sort routes')}</legend>
              <button
                type="button"
                aria-pressed={preference === 'most-received'}
                onClick={() => setPreference('most-received')}
              >
                {t('Most received')}
              </button>
              <button type="button" aria-pressed={preference === 'fastest'} onClick={() => setPreference('fastest')}>
                {t('Fastest')}
              </button>
            </fieldset>
            <label className="slippage">
              <span>{t('Slippage')}</span>
              <input
                className="text-input slippage-input"
                inputMode="decimal"
                placeholder={t('Auto')}
                aria-invalid={!slippageValid}
                value={slippageText}
                maxLength={5}
                onChange={(event) => setSlippageText(event.target.value)}
              />
              <span>%</span>
            </label>
            {!slippageValid && (
              <p className="field-error" role="alert">
                {t('Slippage must be a percentage from 0 to 50, like 0.5')}
              </p>
            )}
            <span className="muted small" aria-live="off" data-testid="quote-countdown">
              {t('Refresh in {{s}}s', { s: refreshIn })}
            </span>
          </div>
          <RouteList
            routes={routes}
            outcomes={outcomes}
            loading={loading}
            selectedId={selected?.id}
            onSelect={(route) => setSelectedProvider(route.providerId)}
            sent={request.origin}
          />
          {selected && <RouteDetails route={selected} />}
        </>
      )}
      <button
        type="button"
        className="button-primary button-block"
        disabled={!button.enabled}
        onClick={startReview}
        data-testid="main-button"
      >
        {t(button.label)}
      </button>
      <Suspense fallback={null}>
        {picker && (
          <TokenPickerDialog
            open
            onOpenChange={(open) => !open && setPicker(undefined)}
            title={picker === 'origin' ? 'Select Sending Token' : 'Select Receiving Token'}
            chainId={(picker === 'origin' ? origin : destination)?.chainId}
            onSelect={(token) => {
              if (picker === 'origin') setOrigin(toRef(token))
              else setDestination(toRef(token))
              setPicker(undefined)
            }}
          />
        )}
        {reviewing && reviewRecord && (
          <ProgressDialog
            record={reviewRecord}
            onOpenChange={(open) => !open && setReviewing(undefined)}
            onConfirm={() =>
              void actions.confirm(reviewing, async () =>
                (await loadSwapServices(manifest)).providers.get(reviewing.providerId)?.getQuote(reviewing.request),
              )
            }
            confirming={actions.confirming}
            error={actions.error}
            onRefund={() => reviewRecord && void actions.refund(reviewRecord)}
            refunding={actions.refunding === reviewRecord.key}
          />
        )}
      </Suspense>
    </section>
  )
}
