import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, newWalletOn, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import { STARTUP_FILE, SWAP_PAGE_FILE, WALLET_LAYER_FILE } from './support/builtFiles.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'

/** What a person sees before any script of the app runs: its scripts never arrive. */
const noScripts = (page: Page) => page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort())

/**
 * The built file whose name matches `file` arrives only when `release` is called: what the person does before then
 * happens without it (the start-up code: on the prerendered page; the wallet layer: on the app without wagmi).
 */
function holdScript(file: RegExp) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const script = (page: Page) =>
    page.route(file, async (route) => {
      await held
      await route.continue()
    })
  return { script, release }
}

const holdStartup = () => holdScript(STARTUP_FILE)

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
    const state = { nodes: {} as Record<string, Element>, shift: 0, moved: [] as string[] }
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
        if (entry.hadRecentInput) continue
        state.shift += entry.value
        // What moved, from where to where: a failure says it (a 1 px shift under load was once seen and not found).
        const { sources = [] } = entry as { sources?: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[] }
        for (const { node, previousRect: from, currentRect: to } of sources) {
          const name =
            node instanceof Element
              ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${node.className}`
              : String(node)
          state.moved.push(
            `${name} ${JSON.stringify(from)} → ${JSON.stringify(to)} at ${Math.round(entry.startTime)} ms`,
          )
        }
      }
    }).observe({ type: 'layout-shift', buffered: true })
  }, FOLLOWED)

/** Whether each node kept before the scripts ran is still the one on screen, and the load's layout shift. */
const hydrationResult = (page: Page) =>
  page.evaluate((followed) => {
    const state = (
      window as unknown as { __prerender: { nodes: Record<string, Element>; shift: number; moved: string[] } }
    ).__prerender
    const kept = Object.fromEntries(
      Object.entries(followed).map(([name, selector]) => [
        name,
        state.nodes[name] !== undefined && state.nodes[name] === document.querySelector(selector),
      ]),
    )
    return { kept, shift: state.shift, moved: state.moved }
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
      // No wallet was ever connected here: the inline script knows the wallet's state without the app's code, and
      // Connect takes a click (kept for the wallet button, earlyWallet.ts).
      await expect(bare.shell.connectButtonLabelled(language.connect)).toBeEnabled()
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
      const { kept, shift, moved } = await hydrationResult(page)
      expect(kept).toEqual({ title: true, amount: true, mainButton: true })
      expect(shift, moved.join('\n')).toBe(0)
      expect(consoleErrors).toEqual([])
      // The page the app hydrated is the prerendered one as the inline script left it, bar what only the app knows
      // (the pill) and React's own markers.
      const hydrated = await page.locator('#root').evaluate((root) => {
        const copy = root.cloneNode(true) as HTMLElement
        copy.querySelector('.devnet-pill')?.remove()
        return copy.innerHTML
      })
      const withoutMarkers = (html: string) => html.replace(/<!--\/?\$-->/g, '')
      expect(withoutMarkers(hydrated)).toBe(withoutMarkers(prerendered))
    })
  }

  test('lays out only the markup that stays: never the default language for another language’s reader, nor the swap page on another page’s address', async ({
    app,
  }) => {
    // Every frame, from the first: whether the root was laid out holding the default language's prerendered markup.
    const watchFrames = (page: Page) =>
      page.addInitScript(() => {
        const seen: string[] = []
        ;(window as unknown as { __frames: string[] }).__frames = seen
        const frame = () => {
          const root = document.getElementById('root')
          if (root && root.getClientRects().length > 0 && root.textContent?.includes('發送')) {
            seen.push(`${Math.round(performance.now())} ms: ${document.documentElement.lang}, ${location.hash}`)
          }
          if (performance.now() < 3_000) requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      })
    // A slow phone's processor: more frames while the page is parsed, where one could come before the swap.
    const slowProcessor = async (page: Page) =>
      (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const frames = (page: Page) => page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)
    // Several loads: on the code before, about one load in two had such a frame. Each closed once looked at.
    test.slow()
    for (let load = 0; load < 3; load++) {
      const reader = await app.open({ storage: { lang: 'en' }, initScripts: [slowProcessor, watchFrames, noScripts] })
      await expect(reader.page.getByLabel('Send', { exact: true })).toBeVisible()
      expect(await frames(reader.page), 'an English reader saw frames with the Chinese markup laid out').toEqual([])
      await reader.context.close()
      const history = await app.open({ path: HISTORY_PATH, initScripts: [slowProcessor, watchFrames, noScripts] })
      await expect(history.page.locator('#root')).toBeEmpty()
      expect(await frames(history.page), 'History’s address had the swap page laid out').toEqual([])
      await history.context.close()
    }
    // The default language's reader does see it, from the first frame: the watch does see what it looks for.
    const own = await app.open({ storage: {}, initScripts: [watchFrames, noScripts] })
    await expect(own.page.getByLabel('發送', { exact: true })).toBeVisible()
    await expect.poll(async () => (await frames(own.page)).length).toBeGreaterThan(0)
  })

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

  test('keeps what the person typed when the page’s code came too late to hydrate, and the page was rendered anew', async ({
    app,
  }) => {
    // Found by CI (1 Dec): on a loaded machine the page's code came after the three seconds start-up waits for it.
    const startup = holdStartup()
    const swapPage = holdScript(SWAP_PAGE_FILE)
    const { page, form, consoleErrors } = await app.open({ initScripts: [startup.script, swapPage.script] })
    await form.amount.pressSequentially('12.5')
    await form.recipient.pressSequentially('0x00000000000000000000000000000000000000aa')
    startup.release()
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 10_000 })
    swapPage.release()
    await expect(form.mainButton).toBeVisible()
    await expect(form.amount).toHaveValue('12.5')
    await expect(form.recipient).toHaveValue('0x00000000000000000000000000000000000000aa')
    // Taken once: the form is the app's own from then on (History and back keeps what is typed now).
    await form.amount.fill('3')
    await page.getByRole('link', { name: 'History' }).first().click()
    await page.getByRole('link', { name: 'Swap' }).first().click()
    await expect(form.amount).toHaveValue('3')
    expect(consoleErrors).toEqual([])
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

  test('switches to the language clicked before the app was up, once it is, and still opens the picker clicked too', async ({
    app,
  }) => {
    const startup = holdStartup()
    const { page, shell, form } = await app.open({ storage: {}, initScripts: [startup.script] })
    const english = page.getByRole('button', { name: 'EN', exact: true })
    await english.click()
    await form.tokenButton('destination').click()
    await expect(english).toHaveAttribute('aria-busy', 'true')
    startup.release()
    // Each part took its own click: the language switch its language, the swap page its picker.
    await expect(form.picker.getByRole('heading', { name: 'Select Receiving Token' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.keyboard.press('Escape')
    await expect(shell.link('History')).toBeVisible()
    await expect(english).toHaveAttribute('aria-pressed', 'true')
    await expect(english).not.toHaveAttribute('aria-busy')
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

test.describe('before the wallet layer (wagmi, viem, the connectors) is in', () => {
  test('the form hydrates, takes an amount and picks tokens; Connect is known and keeps a click until the wallet is in', async ({
    app,
  }) => {
    const walletLayer = holdScript(WALLET_LAYER_FILE)
    const { page, form, shell, manifest, consoleErrors } = await app.open({ initScripts: [walletLayer.script] })
    // The app is up (the prerendered markup is handed to React) while the wallet layer's file is still held.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    const [origin, destination] = manifest.chains
    await form.pickToken('origin', origin!.name, 'USDC')
    await form.pickToken('destination', destination!.name, 'USDC')
    await form.amount.fill('1.5')
    await expect(form.tokenButton('origin')).toContainText('USDC')
    await expect(form.tokenButton('destination')).toContainText('USDC')
    await expect(form.amount).toHaveValue('1.5')
    // Nothing could reconnect (no wallet was ever connected here): the state is known without wagmi, from the first
    // paint on, and Connect takes a click, kept until the wallet list can open.
    await expect(shell.connectButton).toBeEnabled()
    expect(await page.evaluate(() => performance.getEntriesByName('wallet-known', 'mark').length)).toBe(1)
    await expect(form.mainButton).toHaveText('Connect a wallet to start')
    await shell.connectButton.click()
    await expect(shell.connectButton).toHaveAttribute('aria-busy', 'true')
    await expect(shell.dialog).toHaveCount(0)
    expect(
      await page.evaluate(
        (file) => performance.getEntriesByType('resource').some((entry) => new RegExp(file).test(entry.name)),
        WALLET_LAYER_FILE.source,
      ),
    ).toBe(false)

    walletLayer.release()
    // The click opens the wallet list once the wallet is in; nothing the person did is lost.
    await expect(shell.dialog.getByRole('heading', { name: 'Choose a wallet' })).toBeVisible()
    // (Under the open dialog the bar is hidden from the accessibility tree: found by its slot.)
    await expect(page.locator('[data-wallet-slot] > button')).not.toHaveAttribute('aria-busy')
    await expect(form.amount).toHaveValue('1.5')
    await expect(form.tokenButton('origin')).toContainText('USDC')
    expect(consoleErrors).toEqual([])
  })

  test('a wallet that can reconnect: the button waits for wagmi, then shows the account', async ({ app }) => {
    const walletLayer = holdScript(WALLET_LAYER_FILE)
    // Connected here before: the devnet wallet's flag is stored, so only wagmi can say what the wallet is now.
    const { page, shell, form } = await app.open({
      storage: { lang: 'en', __persist__devnetWallet: 'true' },
      initScripts: [walletLayer.script],
    })
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await form.amount.fill('1')
    await expect(shell.connectButton).toBeDisabled()
    expect(await page.evaluate(() => performance.getEntriesByName('wallet-known', 'mark').length)).toBe(0)
    walletLayer.release()
    await expect(shell.accountButton).toBeVisible()
  })

  test('a wallet whose answer comes just as the wallet layer starts: Connect, once enabled, opens the list (no click lost)', async ({
    app,
  }) => {
    // A wallet that announces itself (EIP-6963) and never connected here. The inline script's "any account for this
    // site?" is answered only when wagmi asks again, that is just as the wallet layer starts and the wallet button's
    // own code takes over; wagmi's own question is answered 5 s later. Before, the script then enabled a button whose
    // code still said "not known": the click went to neither, and the list never opened (seen in CI as a hung
    // connect).
    const slowWallet = (page: Page) =>
      page.addInitScript(() => {
        const seen = { asked: 0, firstAnsweredWhenAskedAgain: false }
        ;(window as unknown as { __slowWallet: typeof seen }).__slowWallet = seen
        let answerFirst: (accounts: string[]) => void = () => {}
        const provider = {
          request: ({ method }: { method: string }) => {
            if (method === 'eth_chainId') return Promise.resolve('0x1')
            if (method !== 'eth_accounts') return Promise.reject(new Error(`not in this test: ${method}`))
            seen.asked += 1
            if (seen.asked === 1) return new Promise<string[]>((resolve) => (answerFirst = resolve))
            if (seen.asked === 2) {
              seen.firstAnsweredWhenAskedAgain = true
              answerFirst([])
            }
            return new Promise<string[]>((resolve) => setTimeout(() => resolve([]), 5_000))
          },
          on: () => {},
          removeListener: () => {},
        }
        const info = {
          uuid: '350670db-19fa-4704-a166-e52e178b59d1',
          name: 'Slow Wallet',
          icon: 'data:,',
          rdns: 'org.example.slow',
        }
        const detail = Object.freeze({ info, provider })
        window.addEventListener('eip6963:requestProvider', () =>
          window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
        )
      })
    const { page, shell, consoleErrors } = await app.open({ initScripts: [slowWallet] })
    await shell.connectButton.click()
    await expect(shell.dialog.getByRole('heading', { name: 'Choose a wallet' })).toBeVisible()
    await expect(shell.walletOption('Slow Wallet')).toBeVisible()
    // The race was there: the first answer came when the wallet layer asked.
    expect(await page.evaluate(() => (window as unknown as { __slowWallet: unknown }).__slowWallet)).toMatchObject({
      firstAnsweredWhenAskedAgain: true,
    })
    expect(consoleErrors).toEqual([])
  })

  test('Connect clicked while the wallet button’s root hydrates opens the list: React’s dropping of such clicks loses none', async ({
    app,
  }) => {
    // A click 0–20 ms after the wallet button's root is made, before and after it hydrates, with the page's own
    // root still hydrating: React stops a click on a root it is still hydrating, and ignores one on a button it
    // hydrated disabled (as the prerender had it) until its first render after. Lost in 5 of 8 loads before.
    const clickAfterHandOver = (delayMs: number) => (page: Page) =>
      page.addInitScript((delay) => {
        let handed: unknown
        Object.defineProperty(window, '__multiBridgeWalletHanded', {
          configurable: true,
          get: () => handed,
          set: (value: unknown) => {
            handed = value
            setTimeout(() => {
              const button = document.querySelector<HTMLButtonElement>('[data-wallet-slot] > button')
              if (button && !button.disabled) button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
              ;(window as unknown as { __clicked: boolean }).__clicked = Boolean(button && !button.disabled)
            }, delay)
          },
        })
      }, delayMs)
    const slowProcessor = async (page: Page) =>
      (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
    test.slow()
    for (const delay of [0, 1, 5, 10, 20]) {
      const { page, shell, context } = await app.open({ initScripts: [slowProcessor, clickAfterHandOver(delay)] })
      await expect.poll(() => page.evaluate(() => (window as unknown as { __clicked?: boolean }).__clicked)).toBe(true)
      await expect(
        shell.dialog.getByRole('heading', { name: 'Choose a wallet' }),
        `clicked ${delay} ms after`,
      ).toBeVisible()
      await context.close()
    }
  })

  test('says so when the wallet layer cannot load, and the form still works', async ({ app }) => {
    const { form, shell, consoleErrors } = await app.open({ missing: WALLET_LAYER_FILE })
    await expect(
      shell.notice('The wallet could not be loaded: check your connection, then reload the page'),
    ).toBeVisible()
    await expect(shell.connectButton).toBeDisabled()
    await form.amount.fill('2')
    await expect(form.amount).toHaveValue('2')
    await form.tokenButton('origin').click()
    await expect(form.picker).toBeVisible()
    expect(consoleErrors.some((message) => message.includes('the wallet layer failed to load'))).toBe(true)
  })
})

test.describe('before the page is hydrated (issue #33)', () => {
  const marks = (page: Page) =>
    page.evaluate(() => ({
      wallet: performance.getEntriesByName('wallet-known', 'mark').length > 0,
      form: performance.getEntriesByName('swap-form-interactive', 'mark').length > 0,
    }))

  test('the wallet button is usable while the page waits for its code, and moves with the page when it renders anew', async ({
    app,
    network,
  }) => {
    const swapPage = holdScript(SWAP_PAGE_FILE)
    const { page, shell, form, wallet, consoleErrors } = await app.open({
      wallet: newWalletOn(network.chains),
      initScripts: [swapPage.script],
    })
    // The page's own code is held: the form is still the prerendered markup, and yet the wallet is known.
    await expect(shell.connectButton).toBeEnabled()
    // The prerendered wallet slot, taken in the same turn as the check that the page is still the prerendered one:
    // on a loaded machine the three seconds below may pass before a later look (CI, two browsers at once).
    const slot = await page.evaluateHandle(() => {
      if (document.getElementById('root')?.dataset.prerendered !== 'swap') throw new Error('no longer prerendered')
      return document.querySelector('[data-wallet-slot]')
    })
    expect(await marks(page)).toEqual({ wallet: true, form: false })
    await shell.openConnectDialog()
    // The dialog lists the wallet while the page is still the prerendered one. On a loaded machine the page may render
    // anew (below) while the dialog opens, and that closes it: then only the rest is checked (found by CI, 1 Dec).
    const listed = await expect(shell.walletOption(TEST_WALLET_NAME))
      .toBeVisible()
      .then(() => true)
      .catch(async (error: unknown) => {
        if ((await page.locator('#root').getAttribute('data-prerendered')) === 'swap') throw error
        return false
      })
    if (listed) {
      await shell.closeDialog()
      await expect(shell.dialog).toHaveCount(0)
    }

    // The page's code is still not in after three seconds: the app renders the page anew (its loader), in a new
    // wallet slot, and the wallet button goes with it, still usable.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 10_000 })
    expect(await slot.evaluate((element) => element?.isConnected)).toBe(false)
    await expect(shell.connectButton).toBeEnabled()
    swapPage.release()
    await expect(form.mainButton).toHaveText('Connect a wallet to start')
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.accountButton).toContainText(wallet!.address.slice(0, 6))
    await expect(form.mainButton).not.toHaveText('Connect a wallet to start')
    expect(await page.locator('[data-wallet-slot] > button').count()).toBe(1)
    expect(consoleErrors).toEqual([])
  })

  test('the page hydrates around the wallet button without touching it', async ({ app }) => {
    const swapPage = holdScript(SWAP_PAGE_FILE)
    const { page, shell, form, consoleErrors } = await app.open({ initScripts: [swapPage.script] })
    await expect(shell.connectButton).toBeEnabled()
    const button = await page.locator('[data-wallet-slot] > button').elementHandle()
    swapPage.release()
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await form.amount.fill('3')
    await expect(form.amount).toHaveValue('3')
    expect(await marks(page)).toEqual({ wallet: true, form: true })
    // The island's button is the very node it hydrated: the page's hydration left the slot alone.
    expect(await button!.evaluate((element) => element.isConnected)).toBe(true)
    await shell.openConnectDialog()
    await expect(shell.dialog.getByRole('heading', { name: 'Choose a wallet' })).toBeVisible()
    expect(consoleErrors).toEqual([])
  })
})

test.describe('the entry script is async (issue #33)', () => {
  test('waits for the whole page, and the language the inline script picks, when its files are in before the page is', async ({
    app,
    network,
  }) => {
    // The page in two parts: the root with its Traditional Chinese markup, then, once every start-up file is in
    // and has had time to run, the rest: the inline script that swaps the English markup in for this person. Started on
    // the first part, the app would hydrate markup that the inline script then replaces under it.
    const html = readFileSync(join(network.distDir, 'index.html'), 'utf8')
    // Cut after the root, before the inline script that puts the reader's language in it.
    const cut = html.indexOf('<script>', html.indexOf('id="root"'))
    expect(cut).toBeGreaterThan(html.indexOf('id="root"'))
    expect(html.slice(cut)).toContain('getElementById("prerender-"')
    let sendRest: () => void = () => {}
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve
    })
    const splitPage = (response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
      response.write(html.slice(0, cut))
      void rest.then(() => response.end(html.slice(cut)))
    }
    let filesIn: Promise<unknown> | undefined
    const opening = app.open({
      wallet: newWalletOn(network.chains),
      routes: { '/': splitPage },
      initScripts: [
        watchHydration,
        async (page) => {
          filesIn = Promise.all(
            [STARTUP_FILE, SWAP_PAGE_FILE, WALLET_LAYER_FILE, /\/config\/manifest\.json$/].map((file) =>
              page.waitForResponse(file).then((response) => response.finished()),
            ),
          )
        },
      ],
    })
    // The page's load waits for its rest: the files first.
    await expect.poll(() => filesIn !== undefined).toBe(true)
    await filesIn
    // Long enough for the start-up code to run had it not waited (it takes a tenth of this here).
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    sendRest()
    const { page, shell, form, consoleErrors } = await opening
    // The app took over the page the person sees: the English one, its wallet button live, its form hydrated.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(shell.connectButton).toBeEnabled()
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await form.amount.fill('2')
    await expect(form.mainButton).toHaveText('Connect a wallet to start')
    const { kept } = await hydrationResult(page)
    expect(kept).toEqual({ title: true, amount: true, mainButton: true })
    await shell.openConnectDialog()
    await expect(shell.walletOption(TEST_WALLET_NAME)).toBeVisible()
    expect(consoleErrors).toEqual([])
  })
})
