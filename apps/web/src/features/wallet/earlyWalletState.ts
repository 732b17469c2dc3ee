/**
 * What the page's code reads of the inline script's verdict on the wallet (earlyWallet.ts), with no imports: start-up's
 * own file takes it.
 */

/** Marks the element the wallet island renders into, in the page and in its prerendered markup. */
export const WALLET_SLOT_ATTRIBUTE = 'data-wallet-slot'
/** The inline script's verdict, on `window`: `known` (disconnected, nothing clicked yet), `clicked`, or `up`. */
export const EARLY_WALLET_GLOBAL = '__multiBridgeWallet'
/** The devnet wallet's flag in storage: `'true'` while it is connected (read by its connector's `isAuthorized`). */
export const DEVNET_CONNECTED_KEY = '__persist__devnetWallet'

type EarlyState = 'known' | 'clicked' | 'up' | undefined
const holder = () => (typeof window === 'undefined' ? {} : (window as unknown as Record<string, EarlyState>))

/** Whether the inline script found the wallet disconnected for certain (before the wallet button's code was up). */
export function walletKnownEarly(): boolean {
  const state = holder()[EARLY_WALLET_GLOBAL]
  return state === 'known' || state === 'clicked'
}

/**
 * Called by the wallet button once it is up: from then on its clicks are its own. True when the person clicked
 * Connect before, so that the wallet list opens now.
 */
export function takeEarlyConnect(): boolean {
  const clicked = holder()[EARLY_WALLET_GLOBAL] === 'clicked'
  if (typeof window !== 'undefined') holder()[EARLY_WALLET_GLOBAL] = 'up'
  if (clicked) document.querySelector(`[${WALLET_SLOT_ATTRIBUTE}] button[aria-busy]`)?.removeAttribute('aria-busy')
  return clicked
}

/** The wallet layer could not load: the Connect button the inline script enabled waits again, and a kept click goes. */
export function withdrawEarlyConnect(): void {
  if (typeof window === 'undefined') return
  holder()[EARLY_WALLET_GLOBAL] = 'up'
  const button = document.querySelector<HTMLButtonElement>(`[${WALLET_SLOT_ATTRIBUTE}] button`)
  if (!button) return
  button.disabled = true
  button.removeAttribute('aria-busy')
}
