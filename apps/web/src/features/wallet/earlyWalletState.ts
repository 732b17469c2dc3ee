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

/**
 * Sent by the inline script when it finds the wallet disconnected for certain after the wallet button's own code took
 * the button over: the wallet layer (walletRuntime.ts) then says so itself, rather than wait for wagmi's reconnect.
 */
export const EARLY_WALLET_EVENT = 'multibridge:wallet-known'

type EarlyState = 'known' | 'clicked' | 'up' | undefined
const holder = () => (typeof window === 'undefined' ? {} : (window as unknown as Record<string, EarlyState>))

let keptClick = false
/** What the inline script had found when the button was handed over: still true after the hand-over. */
let knownAtHandOver = false

/** Whether the inline script found the wallet disconnected for certain (before the wallet button's code was up). */
export function walletKnownEarly(): boolean {
  const state = holder()[EARLY_WALLET_GLOBAL]
  return state === 'known' || state === 'clicked' || (state === 'up' && knownAtHandOver)
}

/**
 * Called by the wallet island just before its root takes the button over (before it hydrates): from then on the
 * button and its clicks are React's alone, and the inline script, should the wallets answer later, touches neither
 * and tells the wallet layer instead (`EARLY_WALLET_EVENT`). Handing over only once React renders would leave a
 * moment in which the script enables a button React still holds disabled, and a click on it goes to neither.
 * Keeps a click made before, for `takeEarlyConnect`. Once: a later slot (the page rendered anew) takes nothing.
 */
export function handOverEarlyConnect(): void {
  const state = holder()[EARLY_WALLET_GLOBAL]
  if (state === 'up') return
  keptClick = state === 'clicked'
  knownAtHandOver = state === 'known' || state === 'clicked'
  holder()[EARLY_WALLET_GLOBAL] = 'up'
}

/** Once, for the wallet button when it is up: true when Connect was clicked before, so that the wallet list opens. */
export function takeEarlyConnect(): boolean {
  const clicked = keptClick
  keptClick = false
  if (clicked) document.querySelector(`[${WALLET_SLOT_ATTRIBUTE}] button[aria-busy]`)?.removeAttribute('aria-busy')
  return clicked
}

/** The wallet layer could not load: the Connect button the inline script enabled waits again, and a kept click goes. */
export function withdrawEarlyConnect(): void {
  if (typeof window === 'undefined') return
  holder()[EARLY_WALLET_GLOBAL] = 'up'
  keptClick = false
  knownAtHandOver = false
  const button = document.querySelector<HTMLButtonElement>(`[${WALLET_SLOT_ATTRIBUTE}] button`)
  if (!button) return
  button.disabled = true
  button.removeAttribute('aria-busy')
}
