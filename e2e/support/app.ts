import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type Manifest, parseManifest } from '@multi-bridge/core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest'
import { Shell } from '../pages/Shell.ts'
import { SwapForm } from '../pages/SwapForm.ts'
import { launchBrowser } from './launchBrowser.ts'
import { type StaticServer, startStaticServer } from './staticServer.ts'
import { installTestWallet, TEST_WALLET_NAME, type TestWallet, type TestWalletOptions } from './testWallet.ts'

const require = createRequire(import.meta.url)

export { launchBrowser }

const resultsDir = join(import.meta.dirname, '..', '..', 'test-results')

export function testManifest(): Manifest {
  return parseManifest(JSON.parse(readFileSync(inject('manifestPath'), 'utf8')))
}

export type OpenAppParameters = {
  /** Changes the manifest the app is served with (e.g. no in-app wallet). */
  manifest?: (manifest: Manifest) => Manifest
  /** Installs the injected test wallet; omitted or false: no injected wallet. */
  wallet?: Omit<TestWalletOptions, 'manifest'> | false
  path?: string
  /** localStorage entries set before the app starts. */
  storage?: Record<string, string>
  viewport?: { width: number; height: number }
  /** Files the server pretends are missing (404) or never answers. */
  missing?: RegExp
  stalled?: RegExp
  /** Installs Playwright's fake clock before the app starts. */
  fakeClock?: boolean
}

export type AppSession = {
  page: Page
  context: BrowserContext
  server: StaticServer
  manifest: Manifest
  wallet: TestWallet | undefined
  /** console.error messages the app printed. */
  consoleErrors: string[]
  goto: (path: string) => Promise<void>
  close: () => Promise<void>
}

/**
 * The production build in a fresh browser context, served with the test network's manifest.
 * On failure the trace and a screenshot are kept in test-results/.
 */
export async function openApp(browser: Browser, parameters: OpenAppParameters = {}): Promise<AppSession> {
  const base = testManifest()
  const manifest = parameters.manifest ? parameters.manifest(base) : base
  const server = await startStaticServer({
    distDir: inject('distDir'),
    manifest,
    ...(parameters.missing ? { missing: parameters.missing } : {}),
    ...(parameters.stalled ? { stalled: parameters.stalled } : {}),
  })
  const context = await browser.newContext({ viewport: parameters.viewport ?? { width: 1280, height: 800 } })
  await context.tracing.start({ screenshots: true, snapshots: true })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`))
  if (parameters.storage) {
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem('__e2e_seeded')) return
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
      sessionStorage.setItem('__e2e_seeded', '1')
    }, parameters.storage)
  }
  if (parameters.fakeClock) {
    // Paused: no timer of the page fires until the test moves the clock (a loaded machine is slow).
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') })
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'))
  }
  const wallet = parameters.wallet ? await installTestWallet(page, { ...parameters.wallet, manifest }) : undefined
  let failed = false
  onTestFailed(async ({ task }) => {
    failed = true
    mkdirSync(resultsDir, { recursive: true })
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)
    await page.screenshot({ path: join(resultsDir, `${name}.png`) }).catch(() => undefined)
    await context.tracing.stop({ path: join(resultsDir, `${name}-trace.zip`) }).catch(() => undefined)
  })
  const goto = async (path: string) => {
    await page.goto(new URL(path, server.url).toString())
  }
  await goto(parameters.path ?? '#/')
  return {
    page,
    context,
    server,
    manifest,
    wallet,
    consoleErrors,
    goto,
    close: async () => {
      if (!failed) await context.tracing.stop().catch(() => undefined)
      await context.close()
      await server.stop()
    },
  }
}

/** Runs axe-core in the page; returns the violations (id, impact, and where). */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context?: unknown) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run(document)
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  })
}

/**
 * One browser per test file, closed with every app session it opened. `open` serves the app;
 * `openConnected` also connects the injected test wallet through the UI.
 */
export function useAppBrowser(defaults: OpenAppParameters = {}) {
  let browser: Browser | undefined
  const sessions: AppSession[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await Promise.allSettled(sessions.map((s) => s.close()))
    await browser?.close()
  })
  const open = async (parameters: OpenAppParameters = {}) => {
    if (!browser) throw new Error('the browser is not up yet')
    const session = await openApp(browser, { ...defaults, ...parameters })
    sessions.push(session)
    return { ...session, shell: new Shell(session.page), form: new SwapForm(session.page) }
  }
  const openConnected = async (parameters: OpenAppParameters & { connectLabel?: string } = {}) => {
    const session = await open(parameters)
    await session.page
      .getByRole('banner')
      .getByRole('button', { name: parameters.connectLabel ?? 'Connect Wallet', exact: true })
      .click()
    await session.page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
      .click()
    await expect.poll(() => session.shell.accountButton.isVisible()).toBe(true)
    return session
  }
  return { open, openConnected }
}
