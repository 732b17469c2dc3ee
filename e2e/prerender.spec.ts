import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'

/** What a person sees before any script of the app runs: its scripts never arrive. */
const noScripts = (page: Page) => page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort())

/**
 * The app's start-up code arrives only when `release` is called: what the person does before then happens on the
 * prerendered page.
 */
function holdStartup() {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const script = (page: Page) =>
    page.route(/\/assets\/startup-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
  return { script, release }
}

/** Prerendered nodes the hydration tests follow. */
const FOLLOWED = {
  title: 'h1.navbar-title',
  amount: 'input.amount-input',
  mainButton: '[data-testid="main-button"]',
}

/**
 * Keeps the prerendered nodes as they are before the app's scripts run, and adds up layout shifts (Cumulative
 * Layout Shift, without shifts right after input) for the whole load.
 */
const watchHydration = (page: Page) =>
  page.addInitScript((followed) => {
    const state = { nodes: {} as Record<string, Element>, shift: 0 }
    ;(window as unknown as { __prerender: typeof state }).__prerender = state
    // Parsing is done (the inline script has picked the language) and the app's module scripts have not run yet.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      for (const [name, selector] of Object.entries(followed)) {
        const node = document.querySelector(selector)
        if (node) state.nodes[name] = node
      }
    })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.shift += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  }, FOLLOWED)

/** Whether each node kept before the scripts ran is still the one on screen, and the load's layout shift. */
const hydrationResult = (page: Page) =>
  page.evaluate((followed) => {
    const state = (window as unknown as { __prerender: { nodes: Record<string, Element>; shift: number } }).__prerender
    const kept = Object.fromEntries(
      Object.entries(followed).map(([name, selector]) => [
        name,
        state.nodes[name] !== undefined && state.nodes[name] === document.querySelector(selector),
      ]),
    )
    return { kept, shift: state.shift }
  }, FOLLOWED)

const LANGUAGES = [
  {
    lang: 'en',
    htmlLang: 'en',
    storage: { lang: 'en' },
    send: 'Send',
    button: 'Connect a wallet to start',
    connect: 'Connect Wallet',
    history: 'History',
  },
  {
    lang: 'zh',
    htmlLang: 'zh-Hant',
    storage: {},
    send: '發送',
    button: '請先連接錢包',
    connect: '連接錢包',
    history: '歷史記錄',
  },
] as const

test.describe('prerendered swap page', () => {
  for (const language of LANGUAGES) {
    test(`is on screen before any script runs, and is what the app hydrates, in place and without a shift (${language.lang})`, async ({
      app,
    }) => {
      // Without scripts: the build's markup in the stored language, picked by the inline script before paint.
      const bare = await app.open({ storage: language.storage, initScripts: [noScripts] })
      await expect(bare.page.locator('html')).toHaveAttribute('lang', language.htmlLang)
      await expect(bare.page.getByLabel(language.send, { exact: true })).toBeVisible()
      await expect(bare.form.mainButton).toHaveText(language.button)
      await expect(bare.shell.connectButtonLabelled(language.connect)).toBeDisabled()
      await expect(bare.page.getByRole('link', { name: language.history })).toHaveAttribute('href', '#/pages/log/index')
      // Nothing of a deployment's config is in it: the devnet's pill comes with the app.
      await expect(bare.page.locator('.devnet-pill')).toHaveCount(0)
      const prerendered = await bare.page.locator('#root').evaluate((root) => root.innerHTML)

      // With scripts: the app takes over those very nodes, nothing moves, and it says nothing on the console.
      const { page, form, shell, consoleErrors } = await app.open({
        storage: language.storage,
        initScripts: [watchHydration],
      })
      await expect(shell.connectButtonLabelled(language.connect)).toBeEnabled()
      await expect(page.locator('.devnet-pill')).toBeVisible()
      await expect(form.mainButton).toHaveText(language.button)
      const { kept, shift } = await hydrationResult(page)
      expect(kept).toEqual({ title: true, amount: true, mainButton: true })
      expect(shift).toBe(0)
      expect(consoleErrors).toEqual([])
      // The page the app hydrated is the prerendered one, bar what only the browser knows (the pill, the
      // wallet button now enabled) and React's own markers.
      const hydrated = await page.locator('#root').evaluate((root) => {
        const copy = root.cloneNode(true) as HTMLElement
        copy.querySelector('.devnet-pill')?.remove()
        for (const button of copy.querySelectorAll('.navbar-actions > button')) button.setAttribute('disabled', '')
        return copy.innerHTML
      })
      const withoutMarkers = (html: string) => html.replace(/<!--\/?\$-->/g, '')
      expect(withoutMarkers(hydrated)).toBe(withoutMarkers(prerendered))
    })
  }

  test('keeps what the person typed before the app was up', async ({ app }) => {
    const startup = holdStartup()
    const { page, form } = await app.open({ initScripts: [startup.script] })
    await form.amount.pressSequentially('12.5')
    await form.recipient.pressSequentially('0x00000000000000000000000000000000000000aa')
    startup.release()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true })).toBeEnabled()
    // A render after hydration (the language) would clear a field whose text React did not take over.
    await page.getByRole('button', { name: '繁中' }).click()
    await expect(form.amountLabelled('發送')).toHaveValue('12.5')
    await expect(page.getByLabel('輸入或選擇接收地址')).toHaveValue('0x00000000000000000000000000000000000000aa')
  })

  test('opens the token picker clicked before the app was up, once it is', async ({ app }) => {
    const startup = holdStartup()
    const { page, form } = await app.open({ initScripts: [startup.script] })
    const button = form.tokenButton('destination')
    await button.click()
    // Taken: marked busy at once, while the app's code is still on its way.
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await expect(form.picker).toHaveCount(0)
    startup.release()
    await expect(form.picker).toBeVisible()
    await expect(form.picker.getByRole('heading', { name: 'Select Receiving Token' })).toBeVisible()
    await expect(button).not.toHaveAttribute('aria-busy')
    // From then on a click is the app's own: closed, and opened again by the other button.
    await page.keyboard.press('Escape')
    await expect(form.picker).toHaveCount(0)
    await form.tokenButton('origin').click()
    await expect(form.picker.getByRole('heading', { name: 'Select Sending Token' })).toBeVisible()
  })

  test('is hydrated without a mismatch for a returning person whose wallet reconnects', async ({ app, wallet }) => {
    const { page, shell, consoleErrors } = await app.openConnected({ wallet, initScripts: [watchHydration] })
    // wagmi restores the stored connection while it reconnects: the first render must still be the prerendered one.
    await page.reload()
    await expect(shell.accountButton).toBeVisible()
    await expect(page.getByRole('button', { name: 'My address' })).toBeVisible()
    const { kept } = await hydrationResult(page)
    expect(kept).toEqual({ title: true, amount: true, mainButton: true })
    expect(consoleErrors).toEqual([])
  })

  test('renders History when its link was followed before the app was up', async ({ app }) => {
    const startup = holdStartup()
    const { page, shell, consoleErrors } = await app.open({ initScripts: [startup.script] })
    await page.getByRole('link', { name: 'History' }).click()
    await expect(page).toHaveURL(/#\/pages\/log\/index$/)
    startup.release()
    await expect(shell.title).toHaveText('History')
    await expect(page.getByTestId('main-button')).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })

  test('is only for the swap page’s own address: History and the alias render on their own', async ({ app }) => {
    for (const path of [HISTORY_PATH, '#/pages/index/index', '#/no/such/page']) {
      const { page } = await app.open({ path, initScripts: [noScripts] })
      await expect(page.locator('#root')).toBeEmpty()
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    }
    // `#/` with options, or no hash at all, keeps it.
    for (const path of ['#/?amount=1', './']) {
      const { form } = await app.open({ path, initScripts: [noScripts] })
      await expect(form.mainButton).toHaveText('Connect a wallet to start')
    }
  })
})
