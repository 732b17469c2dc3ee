import { createContext, useContext } from 'react'
import { createStore } from 'zustand/vanilla'
import { WALLET_SLOT_ATTRIBUTE } from './earlyWalletState.ts'

export { WALLET_SLOT_ATTRIBUTE }

/**
 * The page's wallet slot as it is now: the element the main tree rendered (or hydrated), or null while it has none.
 * The wallet island (`walletIsland.tsx`, loaded with the wallet layer) follows it.
 */
export const walletSlot = createStore<{ element: HTMLElement | null }>()(() => ({ element: null }))

/** What the slot's host holds in the build's prerender (`walletSlotMarkup`); empty in the browser. */
const EMPTY = { __html: '' }
export const WalletSlotMarkup = createContext<{ __html: string }>(EMPTY)

/** The host's markup in the build's prerender: the island's element, holding the wallet button's own markup. */
export const walletSlotMarkup = (button: string) => ({
  __html: `<div class="wallet-slot" ${WALLET_SLOT_ATTRIBUTE}="">${button}</div>`,
})

/**
 * The island's element in `host`: the prerendered one, or one made here when the page rendered its host anew. React
 * renders the host, never this element: a root's container must not be an element React renders itself ("Cannot
 * use a ref on a React element as a container to `createRoot`…", React's development build).
 */
function islandElement(host: HTMLElement): HTMLElement {
  const found = host.querySelector<HTMLElement>(`:scope > [${WALLET_SLOT_ATTRIBUTE}]`)
  if (found) return found
  const element = document.createElement('div')
  element.className = 'wallet-slot'
  element.setAttribute(WALLET_SLOT_ATTRIBUTE, '')
  host.append(element)
  return element
}

const attach = (host: HTMLElement | null) => walletSlot.setState({ element: host ? islandElement(host) : null })

/**
 * Where the wallet button goes in the navigation bar (issue #33). The button is not part of the page's tree: it is
 * a small React root of its own (the wallet island) that starts as soon as the wallet layer is up, whether or not
 * the page has hydrated. The page's tree renders only the host: it never renders nor hydrates what is inside (its
 * inner HTML is set once, to the same value, so React leaves it alone), and tells the island when the element changes.
 */
export function WalletSlot() {
  const markup = useContext(WalletSlotMarkup)
  return (
    <div
      className="wallet-slot-host"
      ref={attach}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: never outside input: '' in the browser, and in the build's prerender the wallet button's own markup (renderToString)
      dangerouslySetInnerHTML={markup}
      suppressHydrationWarning
    />
  )
}
