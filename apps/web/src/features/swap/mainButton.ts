import { NOT_ENOUGH_GAS } from './gasCheck.ts'
import type { RecipientSafety } from './useRecipientSafety.ts'

/** What the swap form's main button says, and whether it can be pressed: the first thing missing, in order. */
export type MainButtonInput = {
  /** The deployment's network config changed since this page started (lib/networkConfigUpdates.ts). */
  configChanged?: boolean
  wallet: 'connected' | 'connecting' | 'disconnected'
  hasTokens: boolean
  hasAmount: boolean
  hasRecipient: boolean
  /** A name is being looked up. */
  resolvingRecipient?: boolean
  notEnoughBalance: boolean
  slippageValid: boolean
  hasRoute: boolean
  loadingRoutes: boolean
  /**
   * The recipient on the destination chain (useRecipientSafety, see `recipientCheck`): still being read, a contract
   * the person has not confirmed yet, or an address the chain did not answer about, not confirmed yet. Absent:
   * nothing to wait for.
   */
  recipientCheck?: RecipientCheck
  /**
   * The route's network cost against the native balance: being estimated (the first time), or short, with the
   * values of the sentence. Absent or `ok`: nothing stops the swap (an estimate that failed leaves it to the wallet).
   */
  gas?: 'estimating' | 'ok' | { short: Record<string, string> }
  /** The connected account is a Safe on another network than the origin's: that network's name. */
  safeOn?: string
  /** Another route needs no gas from the person (gasless), while the one selected does. */
  gaslessInstead?: boolean
}

/** A Safe's swap starts on its own network (also the executor's refusal, lib/errorMessages.ts). */
export const SAFE_ON_ANOTHER_NETWORK = 'This Safe is on {{network}}: swaps from it start on {{network}}.'

/**
 * `action`: what pressing it does when it does not start the review: `takeGasless` picks the route that needs no gas
 * (the way out of "Not enough … for gas").
 */
export type MainButton = { label: string; enabled: boolean; values?: Record<string, string>; action?: 'takeGasless' }

/** The main button when the selected route's gas cannot be paid and a route that needs none exists. */
export const TAKE_GASLESS = 'Not enough {{coin}} for gas (about {{amount}} needed): take the route that needs none'

export type RecipientCheck = 'checking' | 'needsConsent' | 'needsConsentUnchecked' | 'needsConsentUndeployed' | 'ok'

/**
 * What the recipient's safety asks of the main button, for a typed recipient (the connected account's own address
 * when nothing is typed has no check). A contract, and an address the destination did not answer about (it may be
 * one), wait for the person's "I understand"; the chain's later answer replaces the latter.
 */
export function recipientCheck(
  safety: RecipientSafety,
  typed: boolean,
  consented: boolean,
): RecipientCheck | undefined {
  if (!typed || safety.status === 'refused') return undefined
  if (safety.status === 'checking') return 'checking'
  if (safety.status === 'contract' && !consented) return 'needsConsent'
  if (safety.status === 'unknown' && !consented) return 'needsConsentUnchecked'
  if (safety.status === 'undeployed' && !consented) return 'needsConsentUndeployed'
  return 'ok'
}

export function mainButton(input: MainButtonInput): MainButton {
  // Contracts or chains may have moved: nothing is quoted or signed with the old config.
  if (input.configChanged) return { label: 'Reload to use the new network settings', enabled: false }
  if (input.wallet !== 'connected') return { label: 'Connect a wallet to start', enabled: false }
  if (!input.hasTokens) return { label: 'Choose Token to Swap', enabled: false }
  // A Safe exists on one network: nothing can be sent from it elsewhere.
  if (input.safeOn) return { label: SAFE_ON_ANOTHER_NETWORK, enabled: false, values: { network: input.safeOn } }
  if (!input.hasAmount) return { label: 'Enter an amount to swap', enabled: false }
  if (!input.hasRecipient) {
    return {
      label: input.resolvingRecipient ? 'Looking up the name…' : 'Enter or select the recipient address',
      enabled: false,
    }
  }
  if (input.recipientCheck === 'checking') return { label: 'Checking the recipient…', enabled: false }
  // Asking for a confirm is pointless when no route can take the swap: that is said first.
  const noRoute = !input.hasRoute && !input.loadingRoutes
  if (input.recipientCheck === 'needsConsent' && !noRoute) {
    return { label: 'Confirm the contract recipient', enabled: false }
  }
  if (
    (input.recipientCheck === 'needsConsentUnchecked' || input.recipientCheck === 'needsConsentUndeployed') &&
    !noRoute
  ) {
    return { label: 'Confirm the recipient', enabled: false }
  }
  if (input.notEnoughBalance) return { label: 'Not enough balance', enabled: false }
  if (!input.slippageValid) return { label: 'Check the slippage', enabled: false }
  // Routes of another input (or another account) are never on screen: no route yet means none to swap with.
  if (!input.hasRoute) return { label: input.loadingRoutes ? 'Finding routes…' : 'No route available', enabled: false }
  if (input.gas === 'estimating') return { label: 'Estimating the network cost…', enabled: false }
  if (typeof input.gas === 'object') {
    // No dead end: where a route needs no gas, the button leads to it.
    return input.gaslessInstead
      ? { label: TAKE_GASLESS, enabled: true, values: input.gas.short, action: 'takeGasless' }
      : { label: NOT_ENOUGH_GAS, enabled: false, values: input.gas.short }
  }
  return { label: 'Swap', enabled: true }
}
