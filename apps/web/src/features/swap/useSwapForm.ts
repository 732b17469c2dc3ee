import {
  chainName,
  findManifestToken,
  getManifestChain,
  listedTokenRef,
  NATIVE_TOKEN_ADDRESS,
  parseAmountInput,
  type QuoteRequest,
  type Route,
  type RoutePreference,
  rankRoutes,
  routeChoice,
  supportsGaslessIntents,
  type TokenRef,
} from '@multi-bridge/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { networkConfigUpdates } from '../../lib/networkConfigUpdates.ts'
import { useStandingError } from '../../lib/standingError.ts'
import type { PickerToken } from '../picker/index.ts'
import { useWalletConnection } from '../wallet/index.ts'
import { chosenRouteGone } from './chosenRouteGone.ts'
import { checkGas } from './gasCheck.ts'
import { useHiddenProviders, withoutHidden } from './hiddenProviders.ts'
import { useKeptForm } from './keptForm.ts'
import { mainButton, recipientCheck } from './mainButton.ts'
import { useNativeCoin, useNetworkCosts } from './useNetworkCost.ts'
import { useRecipient } from './useRecipient.ts'
import { type RecipientSafety, useRecipientSafety, useSenderKind } from './useRecipientSafety.ts'
import { useRoutes } from './useRoutes.ts'
import { useSwapGas } from './useSwapGas.ts'
import { useTokenBalance } from './useTokenBalance.ts'

export const toTokenRef = (token: PickerToken): TokenRef => ({
  chainId: token.chainId,
  address: token.address,
  symbol: token.symbol,
  decimals: token.decimals,
  kind: token.kind,
})

/** Slippage is a percentage with at most two decimals (whole basis points), 0 to 50; empty is automatic. */
export function parseSlippage(text: string): { valid: boolean; bps: number | undefined } {
  const trimmed = text.trim()
  if (trimmed === '') return { valid: true, bps: undefined }
  const value = Number(trimmed)
  const valid = /^\d{1,2}(\.\d{0,2})?$/.test(trimmed) && value <= 50
  return { valid, bps: valid ? Math.round(value * 100) : undefined }
}

/** What a person's "I understand" was given for: another answer about the same address asks again. */
const consentFor: Partial<Record<RecipientSafety['status'], string>> = {
  unknown: 'unchecked',
  undeployed: 'undeployed',
}

/**
 * The swap form's state and everything derived from it: the parsed amount and recipient, the balance that can
 * be spent, the quote request, the routes for it and the main button. No markup: the page lays out the fields.
 */
export function useSwapForm() {
  const { address, status, connector, chainId: walletChainId } = useWalletConnection()
  // A Safe (the app in Safe{Wallet}'s frame): its swaps start on its chain, its owners pay the gas, no gasless order.
  const isSafe = connector?.type === 'safe'
  const configChanged = useStore(networkConfigUpdates, (state) => state.changed)
  // Tokens, amount and recipient outlive the page (History and back, a reload) and are in its address.
  const { origin, setOrigin, destination, setDestination, amountText, setAmountText, recipientText, setRecipientText } =
    useKeptForm()
  const [preference, setPreference] = useState<RoutePreference>('most-received')
  const [slippageText, setSlippageText] = useState('')
  // The person's choice is a provider: each refresh brings that provider's new quote under a new id.
  const [selectedChoice, setSelectedChoice] = useState<string | undefined>()
  // The person's own choice for gas on arrival; undefined follows the default (see `gasOnArrival` below).
  const [gasChoice, setGasChoice] = useState<boolean | undefined>()
  const manifest = useManifest()

  const balance = useTokenBalance(origin, address)
  // The field shows each key at once; what the amount changes (checks, routes, the button) follows at a lower
  // priority, so a keystroke is painted before that work and a key typed during it restarts it.
  const amountInput = useDeferredValue(amountText)
  const parsed = origin ? parseAmountInput(amountInput, origin.decimals) : undefined
  const amount = parsed?.ok ? parsed.value : undefined
  const recipient = useRecipient(recipientText, destination?.chainId)
  // What the recipient is on the destination: a token's or a bridge's contract is refused (no address to send to);
  // any other contract needs the person's "I understand", given for that address on that chain only.
  const typedRecipient = recipient.status === 'ok' ? recipient.address : undefined
  const recipientSafety = useRecipientSafety(typedRecipient ?? address, destination, origin?.chainId)
  // A Safe or smart account: its address on another network may not be its own (issue #54.3).
  const senderKind = useSenderKind(address, origin?.chainId)
  const [contractConsent, setContractConsent] = useState<string | undefined>()
  // Given for what was said: an address the chain did not answer about that then turns out a contract asks again.
  const consentKey =
    typedRecipient && destination
      ? `${destination.chainId}:${typedRecipient}:${consentFor[recipientSafety.status] ?? 'contract'}`
      : undefined
  const contractConsented = consentKey !== undefined && contractConsent === consentKey
  const recipientAddress = recipientSafety.status === 'refused' ? undefined : typedRecipient
  const slippage = parseSlippage(slippageText)
  // A balance that cannot be read is unknown ("—"), not an old figure: Max is off until it reads again.
  // A balance that failed stays "—" while it is read again (no blink each cycle).
  const balanceError = useStandingError(balance)
  const balanceData = balanceError === undefined ? balance.data : undefined
  // The amount itself; what the native coin must also pay for gas is said apart (useSwapGas).
  const notEnough = amount !== undefined && balanceData !== undefined && amount > balanceData

  // Gas on arrival: offered for a token destination on a network whose native coin is listed; on by default
  // when the recipient, a wallet, has none of it there (unless the sender can only swap gasless, below); never for a native-coin destination, and never by itself for a
  // contract (the coin would be lost with it).
  const destinationNative = useMemo(() => {
    if (!destination || destination.kind === 'native') return undefined
    return listedTokenRef(manifest, destination.chainId, NATIVE_TOKEN_ADDRESS)
  }, [destination, manifest])
  const recipientGas = useTokenBalance(destinationNative, recipientAddress ?? address)
  // Someone without the origin's coin can swap only gasless (one signature, the solver opens), and a gasless route
  // does not carry gas on arrival yet: then it is not switched on by default, or there would be no route to take.
  const originNative = useMemo(
    () =>
      origin && origin.kind !== 'native' ? listedTokenRef(manifest, origin.chainId, NATIVE_TOKEN_ADDRESS) : undefined,
    [origin, manifest],
  )
  const senderGas = useTokenBalance(originNative, address)
  const originChain = origin && getManifestChain(manifest, origin.chainId)
  const originToken = origin && originChain ? findManifestToken(originChain, origin.address) : undefined
  const onlyGasless = originToken !== undefined && supportsGaslessIntents(originToken) && senderGas.data === 0n
  const gasOnArrival =
    destinationNative !== undefined &&
    (gasChoice ?? (recipientGas.data === 0n && recipientSafety.status === 'wallet' && !onlyGasless))

  const request = useMemo<QuoteRequest | undefined>(() => {
    if (!origin || !destination || amount === undefined || !address) return undefined
    return {
      origin,
      destination,
      amount,
      sender: address,
      recipient: recipientAddress ?? address,
      ...(slippage.bps === undefined ? {} : { slippageBps: slippage.bps }),
      ...(gasOnArrival ? { gasOnArrival: true } : {}),
    }
  }, [origin, destination, amount, address, recipientAddress, slippage.bps, gasOnArrival])
  const quoted = useRoutes(request, preference)
  // Until the amount typed is rendered here, no route of the amount before is on screen or can be taken.
  const shown = amountInput === amountText ? quoted : { ...quoted, routes: [], outcomes: [], loading: true }
  // A Safe cannot sign a gasless order (its signature is a contract's, or waits for other owners): not offered to it.
  const offeredAll = isSafe ? { ...shown, routes: shown.routes.filter((route) => !route.gasless) } : shown
  // Less the providers the person hid (said below the list, undone in one click).
  const hiddenProviders = useHiddenProviders()
  const kept = useMemo(
    () => withoutHidden({ routes: offeredAll.routes, outcomes: offeredAll.outcomes }, hiddenProviders),
    [offeredAll.routes, offeredAll.outcomes, hiddenProviders],
  )
  const offered = { ...offeredAll, routes: kept.routes, outcomes: kept.outcomes }
  // What each route costs the person in gas: routes rank by what is kept once every estimate is in (one reordering,
  // not one per answer), and someone who cannot pay the gas of the best route that needs it sees the routes that
  // need none first (the first is taken unless another was picked), the others said to need gas.
  const costs = useNetworkCosts(offered.routes)
  const feeKey = [...costs.byRoute].map(([id, cost]) => `${id}:${cost.fee}`).join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fees change with feeKey; the map is new each render
  const networkFees = useMemo(() => new Map([...costs.byRoute].map(([id, cost]) => [id, cost.fee])), [feeKey])
  const ranked = useMemo(() => {
    if (!costs.settled || networkFees.size === 0) return offered.routes
    return rankRoutes(offered.routes, preference, networkFees)
  }, [offered.routes, preference, costs.settled, networkFees])
  // The origin's coin: the balance itself when the coin is sent, else the read above (unknown when it failed).
  const nativeBalance = origin?.kind === 'native' ? balanceData : senderGas.isError ? undefined : senderGas.data
  const coin = useNativeCoin(origin?.chainId)
  const bestPaid = ranked.find((route) => !route.gasless)
  const shortOfGas =
    !isSafe &&
    bestPaid !== undefined &&
    checkGas({ cost: costs.byRoute.get(bestPaid.id), nativeBalance, origin, amount, coin }).status === 'short'
  const gasless = ranked.find((route) => route.gasless)
  const gaslessFirst = shortOfGas && gasless !== undefined
  const routes = {
    ...offered,
    routes: gaslessFirst ? [...ranked.filter((r) => r.gasless), ...ranked.filter((r) => !r.gasless)] : ranked,
  }
  const selected: Route | undefined = routes.routes.find((r) => routeChoice(r) === selectedChoice) ?? routes.routes[0]
  const gas = useSwapGas({
    origin,
    amount,
    amountText,
    setAmountText,
    balance: balanceData,
    selected,
    nativeBalance,
    // A Safe's transaction is executed (and its gas paid) by an owner's wallet, not by the Safe.
    gasPaidByAccount: !isSafe,
  })

  const button = mainButton({
    configChanged,
    wallet: status === 'connected' ? 'connected' : status === 'disconnected' ? 'disconnected' : 'connecting',
    hasTokens: origin !== undefined && destination !== undefined,
    hasAmount: amount !== undefined,
    hasRecipient: recipientAddress !== undefined,
    resolvingRecipient: recipient.status === 'resolving',
    notEnoughBalance: notEnough,
    slippageValid: slippage.valid,
    hasRoute: selected !== undefined,
    loadingRoutes: routes.loading,
    recipientCheck: recipientCheck(recipientSafety, typedRecipient !== undefined, contractConsented),
    gas: gas.gasButton,
    gaslessInstead: gasless !== undefined && !selected?.gasless,
    ...(isSafe && walletChainId !== undefined && origin && origin.chainId !== walletChainId
      ? { safeOn: chainName(manifest, walletChainId) }
      : {}),
  })

  return {
    account: address,
    walletStatus: status,
    origin,
    setOrigin,
    destination,
    setDestination,
    amountText,
    setAmountText,
    /** The amount's parse result (undefined before a token is chosen). */
    parsedAmount: parsed,
    balance: balanceData,
    /** The balance could not be read (the chain's RPC does not answer); reads go on and clear this. */
    balanceFailed: balanceError !== undefined,
    retryBalance: () => void balance.refetch(),
    ...gas,
    recipientText,
    // Another address (even the same one typed again) needs its own "I understand".
    setRecipientText: (text: string) => {
      setContractConsent(undefined)
      setRecipientText(text)
    },
    recipient,
    recipientAddress,
    recipientSafety,
    /** The connected account on the origin: a contract (a Safe, a smart account) or a person; undefined until read. */
    senderKind,
    /** The person's "I understand" for a contract recipient, or one that could not be checked (this address, on this chain). */
    contractConsented,
    setContractConsented: (consented: boolean) => setContractConsent(consented ? consentKey : undefined),
    preference,
    setPreference,
    slippageText,
    setSlippageText,
    slippageValid: slippage.valid,
    /** The destination's native coin when gas on arrival can be asked for there. */
    gasToken: destinationNative,
    gasOnArrival,
    setGasOnArrival: setGasChoice,
    request,
    routes,
    selected,
    /** Picks a route by its choice (`routeChoice`): the same provider's way stays picked as quotes refresh. */
    selectRoute: setSelectedChoice,
    /** The route the person chose when its provider answered again without it, and why (the best is shown). */
    chosenGone: chosenRouteGone(selectedChoice, routes.routes, routes.outcomes),
    /** The routes that need no gas come first: the person cannot pay the gas of the others (each says so). */
    gaslessFirst,
    /** Takes the route that needs no gas (the main button's way out of "Not enough … for gas"). */
    takeGaslessRoute: () => gasless && setSelectedChoice(routeChoice(gasless)),
    /** Each route's network cost in the origin's coin, by route id (the person's own gas: part of a route's cost). */
    networkFees,
    /** The providers that answered this request, hidden ones included (the person picks which to see). */
    providersHere: offeredAll.outcomes.map(({ providerId, providerName }) => ({ providerId, providerName })),
    /** The hidden providers that had an answer here: their routes are left out of `routes`. */
    hiddenHere: kept.hiddenHere,
    button,
  }
}

export type SwapForm = ReturnType<typeof useSwapForm>
