import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createServer, type ViteDevServer } from 'vite'
import { expect, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import { Shell } from './pages/Shell.ts'
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet.ts'
import { DESKTOP, PHONE } from './support/views.ts'

const webRoot = join(import.meta.dirname, '..', 'apps', 'web')

/** What the page printed as an error or a warning (React's development build says its misuses there). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/**
 * The app as `npm start` serves it (Vite's development server, React's development build), where React says what the
 * production build keeps quiet: issue #59 found "Cannot use a ref on a React element as a container to `createRoot`"
 * on every load (the wallet island's root in an element the page rendered).
 */
test.describe('the development build', () => {
  let server: ViteDevServer | undefined
  let cacheDir: string | undefined
  // This worker's environment as it was: the test changes it for the development server only.
  const saved = { NODE_ENV: process.env.NODE_ENV, MULTIBRIDGE_MANIFEST: process.env.MULTIBRIDGE_MANIFEST }
  test.afterEach(async () => {
    await server?.close()
    server = undefined
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true })
    cacheDir = undefined
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  test('loads the swap page and History, in English and Chinese, a wallet connected, with nothing on the console', async ({
    browser,
    network,
  }) => {
    test.setTimeout(180_000)
    // The app's development server reads the test network's manifest (apps/web/vite.config.ts). The global setup's
    // production build left NODE_ENV=production in this process, which would serve React's production build.
    process.env.MULTIBRIDGE_MANIFEST = process.env.E2E_MANIFEST_PATH
    process.env.NODE_ENV = 'development'
    // Its dependency cache in a folder of its own, not in the repository's node_modules/.vite.
    cacheDir = mkdtempSync(join(tmpdir(), 'multibridge-vite-'))
    server = await createServer({
      mode: 'development',
      cacheDir,
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      server: { port: 0, host: '127.0.0.1' },
      clearScreen: false,
      logLevel: 'warn',
    })
    await server.listen()
    const url = server.resolvedUrls?.local[0]
    expect(url).toBeTruthy()
    for (const view of [
      { viewport: DESKTOP, lang: 'en', path: '#/', connect: 'Connect Wallet' },
      { viewport: PHONE, lang: 'zh', path: HISTORY_PATH, connect: '連接錢包' },
    ]) {
      const context = await browser.newContext({ viewport: view.viewport, serviceWorkers: 'block' })
      try {
        const page = await context.newPage()
        const problems = consoleProblems(page)
        await page.addInitScript((lang) => localStorage.setItem('lang', lang), view.lang)
        const wallet = await installTestWallet(page, {
          manifest: network.manifest,
          account: privateKeyToAccount(generatePrivateKey()),
          initialChainId: network.chains[0]!.id,
        })
        await page.goto(new URL(view.path, url).toString())
        const shell = new Shell(page)
        // The first load compiles the app's modules on demand: the wallet layer comes late.
        await expect(shell.connectButtonLabelled(view.connect)).toBeEnabled({ timeout: 60_000 })
        await shell.connect(TEST_WALLET_NAME, view.connect)
        await expect(shell.accountButton).toContainText(wallet.address.slice(0, 6))
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }
  })
})
