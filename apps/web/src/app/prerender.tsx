import { createSwapClient, parseManifest } from '@multi-bridge/core'
import { QueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { initReactI18next } from 'react-i18next'
import { createPath, type Navigator, Router } from 'react-router'
import { earlyWalletScript, WalletSlotMarkup, walletSlotMarkup } from '../features/wallet/index.ts'
import { i18nOptions } from '../i18n/index.ts'
import { bundleLoaders, DEFAULT_LANGUAGE, htmlLang, LANGUAGE_STORAGE_KEY, type Language } from '../i18n/languages.ts'
import { EARLY_ACTION_ATTRIBUTE, EARLY_ACTION_QUEUE } from '../lib/earlyActions.ts'
import { ROUTES } from '../lib/routes.ts'
import { AppTree } from './AppTree.tsx'
import { pages } from './pageLoaders.ts'

/**
 * The build's prerender of the swap page (build/prerender.ts runs this in node, through Vite): the app's own tree,
 * in the state of the browser's first render, which does not know the network config or the wallet yet. What
 * depends on them renders after hydration (`useIsHydrated`): nothing of a deployment's config is baked in.
 */

/** A stand-in config: the first render reads no chain, token or service from it. Never shown. */
const STAND_IN_MANIFEST = parseManifest({
  version: 1,
  mode: 'production',
  generatedAt: '1970-01-01T00:00:00.000Z',
  chains: [
    {
      id: 1,
      name: 'Prerender',
      shortName: 'prerender',
      rpcUrls: ['http://127.0.0.1:9/'],
      blockTime: 12,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      testnet: true,
      contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' },
      tokens: [],
    },
  ],
  services: {},
})

/** Links as HashRouter writes them (`#/pages/log/index`); nothing navigates in a prerender. */
const hashNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => {},
  push: () => {},
  replace: () => {},
}

function SwapPageRouter({ children }: { children: ReactNode }) {
  return (
    <Router location={ROUTES.swap} navigator={hashNavigator} static>
      {children}
    </Router>
  )
}

/** The swap page's markup in one language, as the browser's first render makes it. */
export async function prerenderSwapPage(language: Language): Promise<string> {
  await pages.swap.load()
  const { default: bundle } = await bundleLoaders[language]()
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init(i18nOptions(language, bundle))
  // The wallet button is a root of its own in the browser (the wallet island), hydrated apart from the page: its
  // markup, rendered on its own, goes into the page's wallet slot. The wallet layer is not loaded in the browser's
  // first render either: its state reads "not known yet".
  const { WALLET_ISLAND_ID_PREFIX, WalletIsland } = await import('../features/wallet/walletIsland.tsx')
  const queryClient = new QueryClient()
  const wallet = walletSlotMarkup(
    renderToString(<WalletIsland manifest={STAND_IN_MANIFEST} i18n={i18n} queryClient={queryClient} />, {
      identifierPrefix: WALLET_ISLAND_ID_PREFIX,
    }),
  )
  return renderToString(
    <WalletSlotMarkup.Provider value={wallet}>
      <AppTree
        manifest={STAND_IN_MANIFEST}
        queryClient={queryClient}
        // Nothing is stored in a prerender: History in memory, empty, as the browser's first render reads it.
        swapClient={createSwapClient({ manifest: STAND_IN_MANIFEST })}
        i18n={i18n}
        router={SwapPageRouter}
      />
    </WalletSlotMarkup.Provider>,
  )
}

/** What build/prerender.ts needs to write the inline script that picks the stored language's markup. */
export const PRERENDER_SETTINGS = {
  defaultLanguage: DEFAULT_LANGUAGE,
  languages: Object.keys(bundleLoaders) as Language[],
  htmlLang,
  storageKey: LANGUAGE_STORAGE_KEY,
  swapPath: ROUTES.swap,
  earlyActionAttribute: EARLY_ACTION_ATTRIBUTE,
  earlyActionQueue: EARLY_ACTION_QUEUE,
  /** Knows the wallet disconnected before any of the bundle is in, when nothing can reconnect. */
  earlyWalletScript: earlyWalletScript(),
}
