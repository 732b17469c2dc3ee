import type { Manifest } from '@multi-bridge/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { type ReactNode, StrictMode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { ManifestProvider } from '../../lib/ManifestContext.tsx'
import { notify } from '../notifications/index.ts'
import { handOverEarlyConnect } from './earlyWalletState.ts'
import { WalletButton } from './WalletButton.tsx'
import { WALLET_SLOT_ATTRIBUTE, walletSlot } from './WalletSlot.tsx'

export type WalletIslandProps = { manifest: Manifest; i18n: I18n; queryClient: QueryClient }

/**
 * The wallet island's tree: the wallet button and its dialogs, with what they read: the strings, the config, and the
 * page's own query client (wagmi's connect and switch are mutations).
 */
export function WalletIsland({ manifest, i18n, queryClient }: WalletIslandProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ManifestProvider manifest={manifest}>
          <QueryClientProvider client={queryClient}>
            <WalletButton />
          </QueryClientProvider>
        </ManifestProvider>
      </I18nextProvider>
    </StrictMode>
  )
}

/** React's ids in this root (`useId`): never the page's own, which another root would count alike. */
export const WALLET_ISLAND_ID_PREFIX = 'wallet-'

type Island = { element: HTMLElement; root: Root }
let island: Island | undefined

/**
 * Starts the wallet button in its own root, in the page's wallet slot (`WalletSlot`), and keeps it there: it hydrates
 * the prerendered button when the slot still holds it (before or after the page's own hydration, which leaves the
 * slot alone), renders afresh into a slot the page rendered anew, and moves when the page replaces its slot.
 */
export function startWalletIsland(props: WalletIslandProps): void {
  // The button is this root's from now on, before it hydrates: the inline script no longer touches it.
  handOverEarlyConnect()
  const tree = <WalletIsland {...props} />
  const follow = (element: HTMLElement | null) => {
    if (element) mountInto(element, tree)
    // A slot that went away may come back as the same element within the same commit (StrictMode): decide after it.
    else queueMicrotask(dropIfGone)
  }
  walletSlot.subscribe(({ element }) => follow(element))
  follow(walletSlot.getState().element ?? document.querySelector<HTMLElement>(`[${WALLET_SLOT_ATTRIBUTE}]`))
}

/** A render error would leave the bar without its button: said, on the console and to the person. */
function onUncaughtError(error: unknown) {
  console.error('[app] the wallet button failed', error)
  notify('Oops, something went wrong')
}

function mountInto(element: HTMLElement, tree: ReactNode) {
  if (island?.element === element) return
  const previous = island
  if (element.hasChildNodes()) {
    const root = hydrateRoot(element, tree, {
      onRecoverableError: (error) => console.error('[app] the prerendered wallet button did not match:', error),
      onUncaughtError,
      identifierPrefix: WALLET_ISLAND_ID_PREFIX,
    })
    island = { element, root }
  } else {
    const root = createRoot(element, { onUncaughtError, identifierPrefix: WALLET_ISLAND_ID_PREFIX })
    root.render(tree)
    island = { element, root }
  }
  // Not in the page's commit that replaced the slot: React refuses to unmount a root while it renders another.
  if (previous) queueMicrotask(() => previous.root.unmount())
}

function dropIfGone() {
  if (!island || island.element.isConnected) return
  const gone = island
  island = undefined
  gone.root.unmount()
}
