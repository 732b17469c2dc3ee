import { numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
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

  it('starts even when persisted stores are corrupt, and says so on the console only', async () => {
    const { page, shell, consoleErrors } = await open({
      storage: { ...ENGLISH, '__persist__wagmi.store': '{"state":', __persist__devnetWallet: '\u0000' },
    })
    await expect.poll(() => shell.connectButton.isVisible()).toBe(true)
    expect(await page.locator('.page-error').count()).toBe(0)
    expect(consoleErrors.join('\n')).not.toContain('pageerror')
  })
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
    const { shell, wallet } = await open({ wallet: walletOn(7) })
    await shell.connect(TEST_WALLET_NAME)
    await shell.switchNetwork(chains()[2]!.name)
    await expect.poll(() => shell.networkName.textContent()).toBe(chains()[2]!.name)
    expect(wallet!.requests).toContain('wallet_addEthereumChain')
    expect(wallet!.provider.knownChainIds()).toContain(chains()[2]!.id)
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
