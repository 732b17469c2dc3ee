/**
 * What the page's code reads of the inline script's verdict on the wallet (earlyWallet.ts), with no imports: start-up's
 * own file takes it.
 */

/** Marks the element the wallet island renders into, in the page and in its prerendered markup. */
export const WALLET_SLOT_ATTRIBUTE = 'data-wallet-slot'
/** The inline script's verdict, on `window`: `known` (disconnected, nothing clicked yet), `clicked`, or `up`. */
export const EARLY_WALLET_GLOBAL = '__multiBridgeWallet'
/** Set on `window` when the wallet button's root is about to take the button over: the script enables it no more. */
export const EARLY_WALLET_HANDED = '__multiBridgeWalletHanded'
/** The devnet wallet's flag in storage: `'true'` while it is connected (read by its connector's `isAuthorized`). */
export const DEVNET_CONNECTED_KEY = '__persist__devnetWallet'

/**
 * Sent by the inline script when it finds the wallet disconnected for certain after the wallet button's own code took
 * the button over: the wallet layer (walletRuntime.ts) then says so itself, rather than wait for wagmi's reconnect.
 */
export const EARLY_WALLET_EVENT = 'multibridge:wallet-known'

type EarlyState = 'known' | 'clicked' | 'up' | true | undefined
const holder = () => (typeof window === 'undefined' ? {} : (window as unknown as Record<string, EarlyState>))

/** Whether the inline script found the wallet disconnected for certain (before the wallet button's code was up). */
export function walletKnownEarly(): boolean {
  const state = holder()[EARLY_WALLET_GLOBAL]
  return state === 'known' || state === 'clicked'
}

/**
 * Called by the wallet island just before its root hydrates the button: from then on the script never enables the
 * button itself (React, which hydrates it as the prerender left it, would still hold it disabled, and a click on it
 * would go to neither). Should the wallets answer later, the script tells the wallet layer instead
 * (`EARLY_WALLET_EVENT`). The script still keeps a click on the button it enabled before, until `takeEarlyConnect`:
 * React holds the hydrated button disabled until its first render after hydration, and drops a click on a root that
 * is still hydrating.
 */
export function handOverEarlyConnect(): void {
  holder()[EARLY_WALLET_HANDED] = true
}

/**
 * Called by the wallet button once it is up (after its first render): from then on its clicks are its own. True when
 * the person clicked Connect before, so that the wallet list opens now.
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
  holder()[EARLY_WALLET_HANDED] = true
  const button = document.querySelector<HTMLButtonElement>(`[${WALLET_SLOT_ATTRIBUTE}] button`)
  if (!button) return
  button.disabled = true
  button.removeAttribute('aria-busy')
}

/** wagmi's id of its WalletConnect connector (walletConnect.ts), which the start-up reads before loading it. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'
