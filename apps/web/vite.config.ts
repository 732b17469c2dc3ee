import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { directImports } from './build/directImports.ts'
import { onDemandChunks } from './build/onDemandChunks.ts'
import { prerender } from './build/prerender.ts'
import { isChunkProbe, startupChunks } from './build/startupChunks.ts'
import { NETWORK_CONFIG_CACHE } from './src/lib/networkConfigUpdates.ts'

const repoRoot = join(import.meta.dirname, '..', '..')

/** A file of an installed package, by its path inside the package (found from the package's entry). */
function safePackageFile(name: string, path: string): string {
  let folder = dirname(createRequire(import.meta.url).resolve(name))
  while (!existsSync(join(folder, 'package.json')) || !folder.endsWith(name)) folder = dirname(folder)
  return join(folder, path)
}

/**
 * In development the app reads the devnet's manifest, written by `npm start` / `npm run devnet`,
 * at the same URL a production deployment serves its config from.
 */
function devnetManifest(): Plugin {
  return {
    name: 'multibridge-devnet-manifest',
    configureServer(server) {
      server.middlewares.use('/config/manifest.json', (_request, response) => {
        const path = process.env.MULTIBRIDGE_MANIFEST ?? join(repoRoot, '.devnet', 'manifest.json')
        response.setHeader('content-type', 'application/json')
        response.setHeader('cache-control', 'no-store')
        if (!existsSync(path)) {
          response.statusCode = 404
          response.end(JSON.stringify({ error: 'No devnet manifest yet: run npm start' }))
          return
        }
        response.end(readFileSync(path))
      })
    },
  }
}

/**
 * The worker's check after it stored a newly fetched config: when it differs from the copy the pages started with
 * (as JSON, whatever its spacing), every open page is told (lib/networkConfigUpdates.ts reads the message).
 */
async function tellPagesTheConfigChanged({
  oldResponse,
  newResponse,
}: {
  oldResponse?: Response | null
  newResponse: Response
}): Promise<void> {
  if (!oldResponse) return
  const canonical = (text: string) => {
    try {
      return JSON.stringify(JSON.parse(text))
    } catch {
      return text
    }
  }
  const [before, after] = await Promise.all([oldResponse.text(), newResponse.text()])
  if (canonical(before) === canonical(after)) return
  const worker = self as unknown as {
    clients: { matchAll: (options: object) => Promise<{ postMessage: (message: unknown) => void }[]> }
  }
  for (const client of await worker.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'multi-bridge:network-config-changed' })
  }
}

/**
 * The web app manifest and the service worker (Workbox, through vite-plugin-pwa): the app can be installed, and
 * a repeat visit opens from the precached files. Precached: the built app's own files (code, styles, strings,
 * icons). The network config (`config/manifest.json`, written per deployment) is cached with revalidation (issue
 * #33): a repeat visit starts at once with the copy it has while the worker asks for the current one; a changed
 * config is stored for the next load, and the open pages are told (lib/networkConfigUpdates.ts), which say so and
 * refuse to sign with the old one. Never cached: RPC and API answers; they have no route in the worker. A new
 * version waits for the person (`registerType: 'prompt'`, see features/appUpdate): the worker neither skips
 * waiting nor claims open pages.
 */
function installableApp(onDemand: ReadonlySet<string>) {
  return VitePWA({
    // The in-memory probe build of startupChunks writes nothing, the worker included.
    disable: isChunkProbe(),
    registerType: 'prompt',
    // The app registers the worker itself, when the browser is idle after the first page (features/appUpdate).
    injectRegister: false,
    manifest: {
      id: './',
      name: 'Multi-Bridge-dapp',
      short_name: 'Multi-Bridge',
      description: 'Swap tokens across networks and compare bridge routes.',
      lang: 'zh-Hant',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: '#4f46e5',
      background_color: '#f4f5fb',
      icons: [
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: 'icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg}'],
      // A deployment writes its network config under config/ after the build: never precached.
      globIgnores: ['config/**', '**/*.map'],
      // Wallet SDKs load when a person picks that wallet (onDemandChunks.ts): not downloaded for everyone.
      manifestTransforms: [
        async (entries) => ({ manifest: entries.filter((entry) => !onDemand.has(entry.url)), warnings: [] }),
      ],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/\/config\//],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.endsWith('/config/manifest.json'),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: NETWORK_CONFIG_CACHE,
            cacheableResponse: { statuses: [200] },
            // Serialized into sw.js by Workbox: self-contained, plain JavaScript.
            plugins: [{ cacheDidUpdate: tellPagesTheConfigChanged }],
          },
        },
      ],
    },
  })
}

/**
 * WalletConnect's panel, its connector and its SDK: what only picking WalletConnect (or its stored session) loads; the
 * SDK wallets' connectors and SDKs (MetaMask, Coinbase Wallet): what only picking one (or its stored session) loads; the
 * Safe's connector, SDK and adapter: what only a Safe's frame loads.
 */
const walletSdks = onDemandChunks((id) =>
  /features\/wallet\/(WalletConnectPanel\.tsx|walletConnect\.ts|sdkConnectors\.ts|metaMaskClient\.ts|safeApp\.ts|safeWallet\.ts)$|@walletconnect\/ethereum-provider\/|@coinbase\/wallet-sdk\//.test(
    id,
  ),
)

/**
 * MetaMask's SDK with its analytics off: every import of `@metamask/connect-evm` (wagmi's `metaMask` connector's)
 * gets `metaMaskClient.ts`, which imports the SDK itself and sets `analytics.enabled: false` (see there why).
 */
function metaMaskWithoutAnalytics(): Plugin {
  const client = join(import.meta.dirname, 'src/features/wallet/metaMaskClient.ts')
  return {
    name: 'multibridge-metamask-without-analytics',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@metamask/connect-evm' && importer !== client ? client : null
    },
  }
}

export default defineConfig({
  base: './',
  plugins: [
    react(),
    devnetManifest(),
    directImports(),
    startupChunks({
      root: import.meta.dirname,
      configFile: join(import.meta.dirname, 'vite.config.ts'),
      boot: 'src/bootstrap.ts',
      startup: ['src/main.tsx', 'src/i18n/index.ts'],
      // The wallet layer first: the wallet button waits for its files only, not for the frame's router (issue #33).
      eager: { 'wallet-layer': 'src/features/wallet/walletRuntime.ts', frame: 'src/app/App.tsx' },
      eagerDialogs: {
        'wallet-layer': ['src/features/wallet/ConnectDialog.tsx', 'src/features/wallet/AccountDialog.tsx'],
      },
      pages: {
        'swap-page': 'src/pages/swap/SwapPage.tsx',
        'history-page': 'src/pages/history/HistoryPage.tsx',
      },
      split: { name: 'react', packages: ['react', 'react-dom', 'scheduler'] },
      // React's functions nearly all run at start-up; of the rest, much is never called on the first page.
      compileHint: ['react'],
    }),
    metaMaskWithoutAnalytics(),
    walletSdks.plugin,
    installableApp(walletSdks.files),
    prerender({
      root: import.meta.dirname,
      configFile: join(import.meta.dirname, 'vite.config.ts'),
      entry: '/src/app/prerender.tsx',
      skip: isChunkProbe,
    }),
  ],
  resolve: {
    alias: {
      // The Safe's code as ES modules only (it loads in a Safe's frame only): the Safe Apps provider publishes
      // CommonJS and its TypeScript source; its CommonJS `require` of the SDK would wrap every viem module the app
      // shares with it in lazy initializers (about 2 kB more in the first page's chunks) or, with the SDK's CommonJS
      // build, bring a second viem (650 kB in the Safe's chunk). Its source and the SDK's ES build share the app's viem.
      '@safe-global/safe-apps-provider': safePackageFile('@safe-global/safe-apps-provider', 'src/index.ts'),
      '@safe-global/safe-apps-sdk': safePackageFile('@safe-global/safe-apps-sdk', 'dist/esm/index.js'),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
})
