import type { Locator, Page } from '@playwright/test'
import { numberToHex } from 'viem'
import { axeViolations, ENGLISH, expect, newWalletOn, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import type { Shell } from './pages/Shell.ts'
import { screenshot } from './support/screenshot.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'
import { PHONE } from './support/views.ts'

/**
 * The language bundles (`zh-<hash>.js`, `zh-Hans-<hash>.js`, `en-<hash>.js`) the page has fetched so far; not the
 * later strings' Chinese (`zh-errors-<hash>.js`, `zh-walletConnect-<hash>.js`, `zh-tokenCaution-<hash>.js`, `zh-simulation-<hash>.js`, `zh-approvals-<hash>.js`, `zh-receipt-<hash>.js`), asked
 * for once the page is idle.
 */
const fetchedLanguages = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop() ?? '')
      .map(
        (file) =>
          /^(zh-Hans|zh|en)-(?!errors-|walletConnect-|tokenCaution-|simulation-|approvals-|receipt-)[\w-]+\.js$/.exec(
            file,
          )?.[1],
      )
      .filter((language) => language !== undefined),
  )

/**
 * Where a part of the navigation bar sits, and whether its text wraps or is cut short. The account button on a phone
 * is its address over its network by design: each of the two wraps or not on its own.
 */
const measure = (locator: Locator, row: 'top' | 'bottom') =>
  locator.evaluate((element, row) => {
    const lines = element.classList.contains('account-button') ? Array.from(element.children) : [element]
    const wraps = lines.some((line) => {
      const range = document.createRange()
      range.selectNodeContents(line)
      const tops = Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => rect.top)
      return tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 8
    })
    const box = element.getBoundingClientRect()
    return {
      name: element.textContent ?? '',
      row,
      // Cut short by an ellipsis: the text needs more room than its box has.
      cut: element.scrollWidth > element.clientWidth + 1,
      left: box.left,
      right: box.right,
      middle: (box.top + box.bottom) / 2,
      // A wrapped text has line boxes a line apart; parts of one line differ by a few pixels at most.
      wraps,
    }
  }, row)

/** The navigation bar's parts, by role: the title and the languages on top, the links and the wallet below. */
async function navBarLayout(page: Page, shell: Shell) {
  const banner = page.getByRole('banner')
  const languages = banner.getByRole('button', { name: /^(EN|繁中)$/ })
  const walletButton = banner.getByRole('button').filter({ hasNotText: /^(EN|繁中)$/ })
  const parts = [
    await measure(shell.title, 'top'),
    ...(await Promise.all((await languages.all()).map((part) => measure(part, 'top')))),
    ...(await Promise.all((await banner.getByRole('link').all()).map((part) => measure(part, 'bottom')))),
    ...(await Promise.all((await walletButton.all()).map((part) => measure(part, 'bottom')))),
  ]
  const { overflow, viewport } = await page.evaluate(() => ({
    overflow: (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
    viewport: window.innerWidth,
  }))
  return { overflow, viewport, parts }
}

/**
 * No sideways scrolling; the whole title and the language switch on one line, the links and the wallet button
 * on one line below.
 */
async function expectPhoneLayout(page: Page, shell: Shell) {
  await expect(shell.title).toBeVisible()
  const { overflow, viewport, parts } = await navBarLayout(page, shell)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
  for (const part of parts) {
    expect(part.left, `${part.name} starts off screen`).toBeGreaterThanOrEqual(0)
    expect(part.right, `${part.name} ends off screen`).toBeLessThanOrEqual(viewport)
    expect(part.wraps, `${part.name} wraps`).toBe(false)
  }
  const title = parts[0]
  expect(title?.cut, `the title "${title?.name}" is cut`).toBe(false)
  const top = parts.filter((part) => part.row === 'top').map((part) => part.middle)
  const bottom = parts.filter((part) => part.row === 'bottom').map((part) => part.middle)
  expect(top).toHaveLength(3) // the title, two languages
  expect(Math.max(...top) - Math.min(...top), 'title and languages are one line').toBeLessThan(8)
  expect(bottom).toHaveLength(3) // two links, the wallet button
  expect(Math.max(...bottom) - Math.min(...bottom), 'links and wallet are one line').toBeLessThan(8)
  expect(Math.min(...bottom), 'the links and wallet are below the title').toBeGreaterThan(Math.max(...top) + 8)
}

test.describe('languages', () => {
  test('defaults to Traditional Chinese, and the chosen language survives a reload', async ({ app }) => {
    const { page, shell } = await app.open({ storage: {} })
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant')
    await expect(shell.link('歷史記錄')).toBeVisible()
    await shell.setLanguage('EN')
    await expect(shell.link('History')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.reload()
    await expect(shell.link('History')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en')
    await expect(page.getByText('Version 1.0.1 (101)')).toBeVisible()
  })

  test("fetches only the active language's strings: zh at start, English once chosen", async ({ app }) => {
    const { page, shell } = await app.open({ storage: {} })
    // The prerendered page shows the links, and Connect, before any script: wait for the app itself to take it over.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    expect(await fetchedLanguages(page)).toEqual(['zh'])
    await shell.setLanguage('EN')
    await expect(shell.link('History')).toBeVisible()
    expect(await fetchedLanguages(page)).toEqual(['zh', 'en'])
  })

  test("fetches only English's strings when English is stored", async ({ app }) => {
    const { page } = await app.open()
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    expect(await fetchedLanguages(page)).toEqual(['en'])
  })
})

test.describe('routes', () => {
  test('hands the query string to History as options, with its title', async ({ app }) => {
    const { page, shell } = await app.open({ path: `${HISTORY_PATH}?id=x` })
    await expect(shell.title).toHaveText('History')
    await expect(page.getByTestId('history-requested-id')).toContainText('Swap x')
    await expect(page).toHaveTitle('History')
  })

  test('serves the swap screen at / and at its alias', async ({ app }) => {
    const { page, shell, goto } = await app.open({ path: '#/pages/index/index' })
    await expect(shell.title).toHaveText('Multi-Bridge-dapp')
    await expect(page).toHaveTitle('Multi-Bridge-dapp')
    await goto('#/')
    await expect(page.getByText('Send', { exact: true })).toBeVisible()
  })

  // The app's own stores: recipients (swap page) and history; wagmi's and the devnet wallet's flag besides.
  for (const { name, storage, logs, recipientsAfter } of [
    {
      name: 'invalid JSON',
      storage: {
        __persist__history: '{"state":{"swaps":{',
        __persist__recipients: 'not JSON at all',
        '__persist__wagmi.store': '{"state":',
        __persist__devnetWallet: '\u0000',
      },
      logs: [
        /\[storage\] "__persist__history" is not valid JSON and was ignored/,
        /\[storage\] "__persist__recipients" is not valid JSON and was ignored/,
      ],
      // Ignored, not overwritten: nothing changed that would be saved.
      recipientsAfter: 'not JSON at all',
    },
    {
      name: 'a wrong shape or an unknown version',
      storage: {
        __persist__history: JSON.stringify({ state: { swaps: { x: { id: 7, status: 'completed' } } }, version: 1 }),
        __persist__recipients: JSON.stringify({
          state: { recent: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], pinned: {} },
          version: 99,
        }),
      },
      logs: [
        // One corrupt saved swap is left out (and named); the others would be kept.
        /\[storage\] a saved swap \(x\) is corrupt and is not shown \(kept in storage\)/,
        /\[storage\] "recipients" was saved by a newer version \(99, this is 1\) and was ignored/,
      ],
      // A version this app cannot read is replaced by what the app now holds.
      recipientsAfter: JSON.stringify({ state: { recent: [] }, version: 1 }),
    },
  ]) {
    test(`starts and works when its stores hold ${name}, and says so on the console only`, async ({ app, network }) => {
      const { page, shell, form, history, consoleErrors } = await app.open({ storage: { ...ENGLISH, ...storage } })
      await expect(page.getByText('Send', { exact: true })).toBeVisible()
      await expect(form.recipient).toBeVisible()
      await shell.connect('Local test wallet')
      await expect(shell.networkName).toHaveText(network.chains[0]!.name)
      await shell.link('History').click()
      await expect(history.empty).toBeVisible()
      for (const log of logs) await expect.poll(() => consoleErrors.join('\n')).toMatch(log)

      // Nothing of it reaches the person, and nothing crashed.
      await expect(page.getByRole('button', { name: /went wrong|failed to load/ })).toHaveCount(0)
      await expect(shell.notices).toHaveText('')
      await expect(page.getByRole('main')).not.toContainText(/storage|__persist__|went wrong/i)
      await expect(page.getByRole('contentinfo')).not.toContainText(/storage|__persist__|went wrong/i)
      expect(consoleErrors.join('\n')).not.toContain('pageerror')
      expect(await page.evaluate(() => localStorage.getItem('__persist__recipients'))).toBe(recipientsAfter)
    })
  }
})

test.describe('start-up failure', () => {
  for (const { stored, text, lang } of [
    { stored: {}, text: '哎呀，出了點問題', lang: 'zh-Hant' },
    { stored: ENGLISH, text: 'Oops, something went wrong', lang: 'en' },
  ]) {
    test(`says "${text}" in the ${lang} page when the app cannot start, and reloads on click`, async ({ app }) => {
      const { page, consoleErrors } = await app.open({ storage: stored, missing: /^\/config\/manifest\.json$/ })
      const block = page.getByRole('button', { name: text, exact: true })
      await expect(block).toBeVisible()
      await expect(block).toHaveAttribute('lang', lang)
      expect(consoleErrors.join('\n')).toContain('[app] failed to start')
      const reloaded = page.waitForEvent('load')
      await block.click()
      await reloaded
    })
  }
})

test.describe('page loading', () => {
  test('shows a clickable block that reloads when a page fails to load', async ({ app }) => {
    const { page } = await app.open({ path: HISTORY_PATH, missing: /history-page-[^/]*\.js$/ })
    const block = page.getByRole('button', { name: 'This page failed to load. Click to reload.' })
    await expect(block).toBeVisible()
    const reloaded = page.waitForEvent('load')
    await block.click()
    await reloaded
  })

  test('shows the loader only after 200 ms, and the time-out message after 60 s', async ({ app }) => {
    const { page } = await app.open({ path: HISTORY_PATH, stalled: /history-page-[^/]*\.js$/, fakeClock: true })
    const loader = page.getByRole('main').getByRole('status').filter({ hasText: 'Loading…' })
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(loader).toHaveCount(0)
    await page.clock.runFor(250)
    await expect(loader).toHaveCount(1)
    await page.clock.runFor(60_000)
    const timeout = page.getByRole('button', { name: 'The connection timed out, click the screen to try again.' })
    await expect(timeout).toBeVisible()
  })
})

test.describe('wallet', () => {
  test('says so when there is no wallet at all', async ({ app }) => {
    const { shell } = await app.open({
      manifest: (m) => ({ ...m, devnet: m.devnet ? { ...m.devnet, inAppWallet: false } : undefined }),
    })
    const dialog = await shell.openConnectDialog()
    // Said once, in the dialog, with the way forward: no toast repeating it.
    await expect(dialog.getByText('Please open this in a browser with a wallet!')).toBeVisible()
    await expect(shell.notice('Please open this in a browser with a wallet!')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: /Local test wallet|Browser wallet/ })).toHaveCount(0)
    const downloads = dialog.getByRole('link')
    await expect(downloads).toHaveText(['MetaMask', 'Rabby', 'Coinbase Wallet'])
    await expect(downloads.first()).toHaveAttribute('href', 'https://metamask.io/download/')
    await expect(downloads.first()).toHaveAttribute('rel', 'noopener noreferrer')
  })

  test('on a phone, in Chinese, no wallet is said once in the bottom sheet, its links full-size targets', async ({
    app,
  }) => {
    const { page, shell } = await app.open({
      manifest: (m) => ({ ...m, devnet: m.devnet ? { ...m.devnet, inAppWallet: false } : undefined }),
      viewport: PHONE,
      storage: { lang: 'zh' },
    })
    const dialog = await shell.openConnectDialog('連接錢包')
    await expect(dialog.getByText('請在安裝了錢包的瀏覽器中開啟！')).toHaveCount(1)
    await expect(page.getByText('請在安裝了錢包的瀏覽器中開啟！')).toHaveCount(1)
    for (const link of await dialog.getByRole('link').all()) {
      const box = await link.boundingBox()
      expect(box!.height).toBeGreaterThanOrEqual(44)
      expect(box!.width).toBeGreaterThanOrEqual(44)
    }
    await screenshot(page, 'no-wallet-phone-zh', { fullPage: false })
  })

  test('lists every announced wallet with its name and icon, and the local test wallet labelled as such', async ({
    app,
    network,
  }) => {
    const { page, shell } = await app.open({ wallet: newWalletOn(network.chains) })
    const dialog = await shell.openConnectDialog()
    const testWallet = shell.walletOption(TEST_WALLET_NAME)
    await expect(testWallet).toBeVisible()
    // The icon is decorative (no alt text, no role): found as the button's image.
    await expect(testWallet.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/)
    await expect(dialog.getByText('Local test wallet')).toBeVisible()
    await expect(dialog.getByText('For the devnet only.')).toBeVisible()
    await page.keyboard.press('Escape')
  })

  test('connects, shows the account and network, and follows account and chain changes live', async ({
    app,
    network,
  }) => {
    const { chains } = network
    const { shell, wallet } = await app.open({ wallet: newWalletOn(chains) })
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.accountButton).toContainText(wallet!.address.slice(0, 6))
    await expect(shell.networkName).toHaveText(chains[0]!.name)

    // The person switches network inside the wallet.
    await wallet!.provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chains[1]!.id) }],
    })
    await expect(shell.networkName).toHaveText(chains[1]!.name)

    // The person picks another account inside the wallet.
    const other = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    await wallet!.emit('accountsChanged', [other])
    await expect(shell.accountButton).toContainText(other.slice(0, 6))
  })

  for (const view of [
    { id: 'desktop, en', viewport: undefined, lang: 'en', connect: 'Connect Wallet', wrong: 'Wrong network' },
    // "網路不符" (does not match), never "網路錯誤", which also reads as a connection error.
    { id: 'phone, zh-Hant', viewport: PHONE, lang: 'zh', connect: '連接錢包', wrong: '網路不符' },
  ] as const) {
    test(`a wallet switched to a network this app does not serve is told so, as a mismatch, and back (${view.id})`, async ({
      app,
      network,
    }) => {
      const { chains } = network
      const { page, shell, wallet } = await app.open({
        wallet: newWalletOn(chains),
        storage: { lang: view.lang },
        ...(view.viewport ? { viewport: view.viewport } : {}),
      })
      await shell.connect(TEST_WALLET_NAME, view.connect)
      await expect(shell.networkName).toHaveText(chains[0]!.name)
      // The person picks Ethereum (chain 1) in the wallet: none of this app's networks.
      await wallet!.emit('chainChanged', numberToHex(1))
      await expect(shell.networkName).toHaveText(view.wrong)
      await expect(shell.networkName).toHaveClass(/network-badge-wrong/)
      await screenshot(page, `wrong-network-${view.lang}`, { fullPage: false })
      expect(await axeViolations(page)).toEqual([])
      await wallet!.emit('chainChanged', numberToHex(chains[0]!.id))
      await expect(shell.networkName).toHaveText(chains[0]!.name)
    })
  }

  test('connects a plain injected wallet (window.ethereum) that does not announce itself', async ({ app, network }) => {
    const { chains } = network
    const { shell, wallet } = await app.open({
      wallet: { ...newWalletOn(chains), injectWindowEthereum: true, announce: false },
    })
    await shell.openConnectDialog()
    await expect(shell.walletOption(/Browser wallet/)).toBeVisible()
    await expect(shell.walletOption(TEST_WALLET_NAME)).toHaveCount(0)
    await shell.walletOption(/Browser wallet/).click()
    await expect(shell.accountButton).toContainText(wallet!.address.slice(0, 6))
    await expect(shell.networkName).toHaveText(chains[0]!.name)
    expect(wallet!.requests).toContain('eth_requestAccounts')
  })

  test('tells the person when the connection is rejected, and connects on retry', async ({ app, network }) => {
    const { shell, wallet } = await app.open({ wallet: newWalletOn(network.chains) })
    wallet!.reject.add('eth_requestAccounts')
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.notice("Couldn't connect to wallet")).toBeVisible()
    wallet!.reject.clear()
    await shell.walletOption(TEST_WALLET_NAME).click()
    await expect(shell.accountButton).toBeVisible()
  })

  test('switches network through the wallet', async ({ app, network }) => {
    const { chains } = network
    const { shell, wallet } = await app.open({ wallet: newWalletOn(chains) })
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.networkName).toHaveText(chains[0]!.name)
    await shell.switchNetwork(chains[1]!.name)
    await expect(shell.networkName).toHaveText(chains[1]!.name)
    expect(wallet!.provider.chainId()).toBe(chains[1]!.id)
    expect(wallet!.requests).not.toContain('wallet_addEthereumChain')
  })

  test('adds a network the wallet does not know (4902), from the manifest', async ({ app, network }) => {
    const { chains } = network
    const { shell, wallet, manifest } = await app.open({ wallet: newWalletOn(chains) })
    await shell.connect(TEST_WALLET_NAME)
    await shell.switchNetwork(chains[2]!.name)
    await expect(shell.networkName).toHaveText(chains[2]!.name)
    expect(wallet!.provider.knownChainIds()).toContain(chains[2]!.id)
    const chain = manifest.chains[2]!
    expect(wallet!.calls.filter((call) => call.method === 'wallet_addEthereumChain')).toEqual([
      {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: numberToHex(chain.id),
            chainName: chain.name,
            nativeCurrency: chain.nativeCurrency,
            rpcUrls: chain.rpcUrls,
            ...(chain.blockExplorerUrl ? { blockExplorerUrls: [chain.blockExplorerUrl] } : {}),
          },
        ],
      },
    ])
  })

  test('says so when adding the network fails, and stays where it was', async ({ app, network }) => {
    const { chains } = network
    const { shell, wallet } = await app.open({ wallet: newWalletOn(chains) })
    wallet!.fail.set('wallet_addEthereumChain', { code: -32603, message: 'Internal error' })
    await shell.connect(TEST_WALLET_NAME)
    await shell.switchNetwork(chains[2]!.name)
    await expect(shell.notice("Couldn't add the chain automatically. Please add it yourself")).toBeVisible()
    expect(wallet!.provider.chainId()).toBe(chains[0]!.id)
  })

  test('says so when switching fails', async ({ app, network }) => {
    const { chains } = network
    const { shell, wallet } = await app.open({ wallet: newWalletOn(chains) })
    wallet!.fail.set('wallet_switchEthereumChain', { code: -32603, message: 'Internal error' })
    await shell.connect(TEST_WALLET_NAME)
    await shell.switchNetwork(chains[1]!.name)
    await expect(shell.notice('Failed to switch networks')).toBeVisible()
  })

  test('warns when the wallet disconnects or locks while the app is open', async ({ app, network }) => {
    const { shell, wallet } = await app.open({ wallet: newWalletOn(network.chains) })
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.accountButton).toBeVisible()
    await wallet!.emit('accountsChanged', []) // locked
    await expect(shell.notice('Your wallet is disconnected')).toBeVisible()
    await expect(shell.connectButton).toBeVisible()
  })

  test('warns when the wallet emits an EIP-1193 disconnect, and returns to not connected', async ({ app, network }) => {
    const { page, shell, wallet } = await app.open({ wallet: newWalletOn(network.chains) })
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.accountButton).toBeVisible()
    await wallet!.disconnect()
    await expect(shell.notice('Your wallet is disconnected')).toBeVisible()
    await expect(shell.connectButton).toBeVisible()
    await expect(shell.accountButton).toHaveCount(0)
    await expect(page.getByText('Connect a wallet to start')).toBeVisible()
  })

  test('connects the in-app local test wallet', async ({ app, network }) => {
    const { shell } = await app.open()
    await shell.connect('Local test wallet')
    await expect(shell.networkName).toHaveText(network.chains[0]!.name)
  })
})

test.describe('accessibility', () => {
  for (const [name, path] of [
    ['swap', '#/'],
    ['history', HISTORY_PATH],
  ] as const) {
    for (const lang of ['en', 'zh']) {
      test(`the ${name} page has no axe violations (${lang})`, async ({ app }) => {
        const { page, shell } = await app.open({ path, storage: { lang } })
        await expect(shell.title).toBeVisible()
        await expect(page.getByRole('main').getByRole('region').first()).toBeVisible()
        expect(await axeViolations(page)).toEqual([])
      })
    }
  }
})

test.describe('phone layout (375×740)', () => {
  const PHONE = { width: 375, height: 740 }
  for (const [name, path] of [
    ['swap', '#/'],
    ['history', HISTORY_PATH],
  ] as const) {
    for (const lang of ['en', 'zh']) {
      test(`the ${name} page fits a phone, the whole title shown, and no axe violations (${lang})`, async ({ app }) => {
        const { page, shell } = await app.open({ path, storage: { lang }, viewport: PHONE })
        await expect(page.getByRole('main').getByRole('region').first()).toBeVisible()
        await expectPhoneLayout(page, shell)
        expect(await axeViolations(page)).toEqual([])
      })
    }
  }

  test('keeps the navigation bar in two tidy lines with a wallet connected', async ({ app, network }) => {
    const { page, shell } = await app.open({ wallet: newWalletOn(network.chains), viewport: PHONE })
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.networkName).toHaveText(network.chains[0]!.name)
    await expect(shell.dialog).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('region').first()).toBeVisible()
    await expectPhoneLayout(page, shell)
    expect(await axeViolations(page)).toEqual([])
  })
})
