import type { Page } from 'playwright-core'
import { numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Shell } from './pages/Shell.ts'
import { axeViolations, testManifest, useAppBrowser } from './support/app.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'

const ENGLISH = { lang: 'en' }
const app = useAppBrowser({ storage: ENGLISH })
const open = app.open

const chains = () => testManifest().chains
const walletOn = (accountIndex: number, knownChainIds = [chains()[0]!.id, chains()[1]!.id]) => ({
  accountIndex,
  knownChainIds,
  initialChainId: chains()[0]!.id,
})

/** The language bundles (`zh-<hash>.js`, `zh-Hans-<hash>.js`, `en-<hash>.js`) the page has fetched so far. */
const fetchedLanguages = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop() ?? '')
      .map((file) => /^(zh-Hans|zh|en)-[\w-]+\.js$/.exec(file)?.[1])
      .filter((language) => language !== undefined),
  )

/** Where the navigation bar's parts sit, whether any of their text wraps, and the page's sideways overflow. */
const navBarLayout = (page: Page) =>
  page.evaluate(() => ({
    overflow: (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
    viewport: window.innerWidth,
    parts: Array.from(
      document.querySelectorAll('.navbar-title, .nav-link, .language-switch button, .navbar-actions > button'),
    ).map((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const tops = Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => rect.top)
      const box = element.getBoundingClientRect()
      return {
        name: element.textContent ?? '',
        row: element.matches('.navbar-title, .language-switch button') ? 'top' : 'bottom',
        // Cut short by an ellipsis: the text needs more room than its box has.
        cut: element.scrollWidth > element.clientWidth + 1,
        left: box.left,
        right: box.right,
        middle: (box.top + box.bottom) / 2,
        // A wrapped text has line boxes a line apart; parts of one line differ by a few pixels at most.
        wraps: tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 8,
      }
    }),
  }))

/**
 * No sideways scrolling; the whole title and the language switch on one line, the links and the wallet button
 * on one line below.
 */
async function expectPhoneLayout(page: Page, shell: Shell) {
  await expect.poll(() => shell.title.isVisible()).toBe(true)
  const { overflow, viewport, parts } = await navBarLayout(page)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
  for (const part of parts) {
    expect(part.left, `${part.name} starts off screen`).toBeGreaterThanOrEqual(0)
    expect(part.right, `${part.name} ends off screen`).toBeLessThanOrEqual(viewport)
    expect(part.wraps, `${part.name} wraps`).toBe(false)
  }
  const title = parts.find((part) => part.row === 'top' && !part.name.match(/^(EN|繁中)$/))
  expect(title?.cut, `the title "${title?.name}" is cut`).toBe(false)
  const top = parts.filter((part) => part.row === 'top').map((part) => part.middle)
  const bottom = parts.filter((part) => part.row === 'bottom').map((part) => part.middle)
  expect(top).toHaveLength(3) // the title, two languages
  expect(Math.max(...top) - Math.min(...top), 'title and languages are one line').toBeLessThan(8)
  expect(bottom).toHaveLength(3) // two links, the wallet button
  expect(Math.max(...bottom) - Math.min(...bottom), 'links and wallet are one line').toBeLessThan(8)
  expect(Math.min(...bottom), 'the links and wallet are below the title').toBeGreaterThan(Math.max(...top) + 8)
}

describe('languages', () => {
  it('defaults to Traditional Chinese, and the chosen language survives a reload', async () => {
    const { page, shell } = await open({ storage: {} })
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-Hant')
    await expect.poll(() => page.getByRole('link', { name: '歷史記錄' }).isVisible()).toBe(true)
    await shell.setLanguage('EN')
    await expect.poll(() => page.getByRole('link', { name: 'History' }).isVisible()).toBe(true)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    await page.reload()
    await expect.poll(() => page.getByRole('link', { name: 'History' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en')
    expect(await page.getByText('Version 1.0.1 (101)').isVisible()).toBe(true)
  })

  it("fetches only the active language's strings: zh at start, English once chosen", async () => {
    const { page, shell } = await open({ storage: {} })
    await expect.poll(() => page.getByRole('link', { name: '歷史記錄' }).isVisible()).toBe(true)
    expect(await fetchedLanguages(page)).toEqual(['zh'])
    await shell.setLanguage('EN')
    await expect.poll(() => page.getByRole('link', { name: 'History' }).isVisible()).toBe(true)
    expect(await fetchedLanguages(page)).toEqual(['zh', 'en'])
  })

  it("fetches only English's strings when English is stored", async () => {
    const { page } = await open()
    await expect.poll(() => page.getByRole('link', { name: 'History' }).isVisible()).toBe(true)
    expect(await fetchedLanguages(page)).toEqual(['en'])
  })
})

describe('routes', () => {
  it('hands the query string to History as options, with its title', async () => {
    const { page, shell } = await open({ path: '#/pages/log/index?id=x' })
    await expect.poll(() => shell.title.textContent()).toBe('History')
    await expect.poll(() => page.getByTestId('history-requested-id').textContent()).toContain('Swap x')
    expect(await page.title()).toBe('History')
  })

  it('serves the swap screen at / and at its alias', async () => {
    const { page, shell, goto } = await open({ path: '#/pages/index/index' })
    await expect.poll(() => shell.title.textContent()).toBe('Multi-Bridge-dapp')
    expect(await page.title()).toBe('Multi-Bridge-dapp')
    await goto('#/')
    await expect.poll(() => page.getByText('Send', { exact: true }).isVisible()).toBe(true)
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
        /\[storage\] a saved swap \(x\) is corrupt and was left out/,
        /\[storage\] "recipients" was saved by a newer version \(99, this is 1\) and was ignored/,
      ],
      // A version this app cannot read is replaced by what the app now holds.
      recipientsAfter: JSON.stringify({ state: { recent: [] }, version: 1 }),
    },
  ]) {
    it(`starts and works when its stores hold ${name}, and says so on the console only`, async () => {
      const { page, shell, consoleErrors } = await open({ storage: { ...ENGLISH, ...storage } })
      await expect.poll(() => page.getByText('Send', { exact: true }).isVisible()).toBe(true)
      await expect.poll(() => page.getByLabel('Enter or select the recipient address').isVisible()).toBe(true)
      await shell.connect('Local test wallet')
      await expect.poll(() => shell.networkName.textContent()).toBe(chains()[0]!.name)
      await page.getByRole('link', { name: 'History' }).click()
      await expect.poll(() => page.getByText('No swaps yet').isVisible()).toBe(true)
      for (const log of logs) await expect.poll(() => consoleErrors.join('\n')).toMatch(log)

      // Nothing of it reaches the person, and nothing crashed.
      expect(await page.locator('.page-error').count()).toBe(0)
      expect(await page.locator('.notices').textContent()).toBe('')
      expect(await page.locator('#root').textContent()).not.toMatch(/storage|__persist__|went wrong/i)
      expect(consoleErrors.join('\n')).not.toContain('pageerror')
      expect(await page.evaluate(() => localStorage.getItem('__persist__recipients'))).toBe(recipientsAfter)
    })
  }
})

describe('start-up failure', () => {
  for (const { stored, text, lang } of [
    { stored: {}, text: '哎呀，出了點問題', lang: 'zh-Hant' },
    { stored: ENGLISH, text: 'Oops, something went wrong', lang: 'en' },
  ]) {
    it(`says "${text}" in the ${lang} page when the app cannot start, and reloads on click`, async () => {
      const { page, consoleErrors } = await open({ storage: stored, missing: /^\/config\/manifest\.json$/ })
      const block = page.getByRole('button', { name: text, exact: true })
      await expect.poll(() => block.isVisible()).toBe(true)
      expect(await block.getAttribute('lang')).toBe(lang)
      expect(consoleErrors.join('\n')).toContain('[app] failed to start')
      const reloaded = page.waitForEvent('load')
      await block.click()
      await reloaded
    })
  }
})

describe('page loading', () => {
  it('shows a clickable block that reloads when a page fails to load', async () => {
    const { page } = await open({ path: '#/pages/log/index', missing: /history-page-[^/]*\.js$/ })
    const block = page.getByRole('button', { name: 'This page failed to load. Click to reload.' })
    await expect.poll(() => block.isVisible()).toBe(true)
    const reloaded = page.waitForEvent('load')
    await block.click()
    await reloaded
  })

  it('shows the loader only after 200 ms, and the time-out message after 60 s', async () => {
    const { page } = await open({ path: '#/pages/log/index', stalled: /history-page-[^/]*\.js$/, fakeClock: true })
    await page.getByRole('banner').waitFor()
    expect(await page.locator('.page-loader').count()).toBe(0)
    await page.clock.runFor(250)
    await expect.poll(() => page.locator('.page-loader').count()).toBe(1)
    await page.clock.runFor(60_000)
    const timeout = page.getByRole('button', { name: 'The connection timed out, click the screen to try again.' })
    await expect.poll(() => timeout.isVisible()).toBe(true)
  })
})

describe('wallet', () => {
  it('says so when there is no wallet at all', async () => {
    const { page, shell } = await open({
      manifest: (m) => ({ ...m, devnet: m.devnet ? { ...m.devnet, inAppWallet: false } : undefined }),
    })
    const dialog = await shell.openConnectDialog()
    await expect.poll(() => dialog.getByText('Please open this in a browser with a wallet!').isVisible()).toBe(true)
    await expect.poll(() => shell.notice('Please open this in a browser with a wallet!').isVisible()).toBe(true)
    expect(await page.getByRole('dialog').getByRole('listitem').count()).toBe(0)
  })

  it('lists every announced wallet with its name and icon, and the local test wallet labelled as such', async () => {
    const { page, shell } = await open({ wallet: walletOn(5) })
    const dialog = await shell.openConnectDialog()
    const testWallet = dialog.getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
    await expect.poll(() => testWallet.isVisible()).toBe(true)
    expect(await testWallet.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(await dialog.getByText('Local test wallet').isVisible()).toBe(true)
    expect(await dialog.getByText('For the devnet only.').isVisible()).toBe(true)
    await page.keyboard.press('Escape')
  })

  it('connects, shows the account and network, and follows account and chain changes live', async () => {
    const { shell, wallet } = await open({ wallet: walletOn(5) })
    await shell.connect(TEST_WALLET_NAME)
    await expect.poll(() => shell.accountButton.textContent()).toContain(wallet!.address.slice(0, 6))
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[0]!.name)

    // The person switches network inside the wallet.
    await wallet!.provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chains()[1]!.id) }],
    })
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[1]!.name)

    // The person picks another account inside the wallet.
    const other = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    await wallet!.emit('accountsChanged', [other])
    await expect.poll(() => shell.accountButton.textContent()).toContain(other.slice(0, 6))
  })

  it('connects a plain injected wallet (window.ethereum) that does not announce itself', async () => {
    const { shell, wallet } = await open({ wallet: { ...walletOn(5), injectWindowEthereum: true, announce: false } })
    const dialog = await shell.openConnectDialog()
    await expect.poll(() => dialog.getByRole('button', { name: /Browser wallet/ }).isVisible()).toBe(true)
    expect(await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_NAME) }).count()).toBe(0)
    await dialog.getByRole('button', { name: /Browser wallet/ }).click()
    await expect.poll(() => shell.accountButton.textContent()).toContain(wallet!.address.slice(0, 6))
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[0]!.name)
    expect(wallet!.requests).toContain('eth_requestAccounts')
  })

  it('tells the person when the connection is rejected, and connects on retry', async () => {
    const { shell, wallet } = await open({ wallet: walletOn(6) })
    wallet!.reject.add('eth_requestAccounts')
    await shell.connect(TEST_WALLET_NAME)
    await expect.poll(() => shell.notice("Couldn't connect to wallet").isVisible()).toBe(true)
    wallet!.reject.clear()
    await shell.page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
      .click()
    await expect.poll(() => shell.accountButton.isVisible()).toBe(true)
  })

  it('switches network through the wallet', async () => {
    const { shell, wallet } = await open({ wallet: walletOn(6) })
    await shell.connect(TEST_WALLET_NAME)
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[0]!.name)
    await shell.switchNetwork(chains()[1]!.name)
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[1]!.name)
    expect(wallet!.provider.chainId()).toBe(chains()[1]!.id)
    expect(wallet!.requests).not.toContain('wallet_addEthereumChain')
  })

  it('adds a network the wallet does not know (4902), from the manifest', async () => {
    const { shell, wallet, manifest } = await open({ wallet: walletOn(7) })
    await shell.connect(TEST_WALLET_NAME)
    await shell.switchNetwork(chains()[2]!.name)
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[2]!.name)
    expect(wallet!.provider.knownChainIds()).toContain(chains()[2]!.id)
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

  it('says so when adding the network fails, and stays where it was', async () => {
    const { shell, wallet } = await open({ wallet: walletOn(7) })
    wallet!.fail.set('wallet_addEthereumChain', { code: -32603, message: 'Internal error' })
    await shell.connect(TEST_WALLET_NAME)
    await shell.switchNetwork(chains()[2]!.name)
    await expect
      .poll(() => shell.notice("Couldn't add the chain automatically. Please add it yourself").isVisible())
      .toBe(true)
    expect(wallet!.provider.chainId()).toBe(chains()[0]!.id)
  })

  it('says so when switching fails', async () => {
    const { shell, wallet } = await open({ wallet: walletOn(8) })
    wallet!.fail.set('wallet_switchEthereumChain', { code: -32603, message: 'Internal error' })
    await shell.connect(TEST_WALLET_NAME)
    await shell.switchNetwork(chains()[1]!.name)
    await expect.poll(() => shell.notice('Failed to switch networks').isVisible()).toBe(true)
  })

  it('warns when the wallet disconnects or locks while the app is open', async () => {
    const { shell, wallet } = await open({ wallet: walletOn(8) })
    await shell.connect(TEST_WALLET_NAME)
    await expect.poll(() => shell.accountButton.isVisible()).toBe(true)
    await wallet!.emit('accountsChanged', []) // locked
    await expect.poll(() => shell.notice('Your wallet is disconnected').isVisible()).toBe(true)
    await expect.poll(() => shell.connectButton.isVisible()).toBe(true)
  })

  it('warns when the wallet emits an EIP-1193 disconnect, and returns to not connected', async () => {
    const { page, shell, wallet } = await open({ wallet: walletOn(8) })
    await shell.connect(TEST_WALLET_NAME)
    await expect.poll(() => shell.accountButton.isVisible()).toBe(true)
    await wallet!.disconnect()
    await expect.poll(() => shell.notice('Your wallet is disconnected').isVisible()).toBe(true)
    await expect.poll(() => shell.connectButton.isVisible()).toBe(true)
    expect(await shell.accountButton.count()).toBe(0)
    await expect.poll(() => page.getByText('Connect a wallet to start').isVisible()).toBe(true)
  })

  it('connects the in-app local test wallet', async () => {
    const { shell } = await open()
    await shell.connect('Local test wallet')
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[0]!.name)
  })
})

describe('accessibility', () => {
  for (const [name, path] of [
    ['swap', '#/'],
    ['history', '#/pages/log/index'],
  ] as const) {
    for (const lang of ['en', 'zh']) {
      it(`the ${name} page has no axe violations (${lang})`, async () => {
        const { page, shell } = await open({ path, storage: { lang } })
        await expect.poll(() => shell.title.isVisible()).toBe(true)
        await page.locator('.card').waitFor()
        expect(await axeViolations(page)).toEqual([])
      })
    }
  }
})

describe('phone layout (375×740)', () => {
  const PHONE = { width: 375, height: 740 }
  for (const [name, path] of [
    ['swap', '#/'],
    ['history', '#/pages/log/index'],
  ] as const) {
    for (const lang of ['en', 'zh']) {
      it(`the ${name} page fits a phone, the whole title shown, and no axe violations (${lang})`, async () => {
        const { page, shell } = await open({ path, storage: { lang }, viewport: PHONE })
        await page.locator('.card').waitFor()
        await expectPhoneLayout(page, shell)
        expect(await axeViolations(page)).toEqual([])
      })
    }
  }

  it('keeps the navigation bar in two tidy lines with a wallet connected', async () => {
    const { page, shell } = await open({ wallet: walletOn(5), viewport: PHONE })
    await shell.connect(TEST_WALLET_NAME)
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[0]!.name)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await page.locator('.card').waitFor()
    await expectPhoneLayout(page, shell)
    expect(await axeViolations(page)).toEqual([])
  })
})
