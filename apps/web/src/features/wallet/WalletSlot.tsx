import { createContext, useContext } from 'react'
import { createStore } from 'zustand/vanilla'
import { WALLET_SLOT_ATTRIBUTE } from './earlyWalletState.ts'

export { WALLET_SLOT_ATTRIBUTE }

/**
 * The page's wallet slot as it is now: the element the main tree rendered (or hydrated), or null while it has none.
 * The wallet island (`walletIsland.tsx`, loaded with the wallet layer) follows it.
 */
export const walletSlot = createStore<{ element: HTMLElement | null }>()(() => ({ element: null }))

/** What the slot holds in the build's prerender: the island's own markup (app/prerender.tsx); empty in the browser. */
const EMPTY = { __html: '' }
export const WalletSlotMarkup = createContext<{ __html: string }>(EMPTY)

const attach = (element: HTMLElement | null) => walletSlot.setState({ element })

/**
 * Where the wallet button goes in the navigation bar (issue #33). The button is not part of the page's tree: it is
 * a small React root of its own (the wallet island) that starts as soon as the wallet layer is up, whether or not
 * the page has hydrated. The page's tree never renders nor hydrates what is inside (its inner HTML is set once, to
 * the same value, so React leaves it alone), and tells the island when the element changes.
 */
export function WalletSlot() {
  const markup = useContext(WalletSlotMarkup)
  return (
    <div
      className="wallet-slot"
      {...{ [WALLET_SLOT_ATTRIBUTE]: '' }}
      ref={attach}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: never outside input: '' in the browser, and in the build's prerender the wallet button's own markup (renderToString)
      dangerouslySetInnerHTML={markup}
      suppressHydrationWarning
    />
  )
}
