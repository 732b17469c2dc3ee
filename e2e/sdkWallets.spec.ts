import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Manifest } from '@multi-bridge/core'
import type { Request } from '@playwright/test'
import { type AppSession, expect, newWalletOn, test } from './fixtures/index.ts'
import { screenshot } from './support/screenshot.ts'
import { PHONE } from './support/views.ts'

/**
 * MetaMask's and Coinbase's SDKs (issue #54 point 4), for a person without their extensions. Their services (MetaMask's
 * relay, Coinbase's keys.coinbase.com window) cannot be reached from a test machine, so this proves what can be
 * without them: each is offered (and the extension instead when it is installed), its code loads only on a click, its
 * window or pairing starts, nothing is sent to MetaMask's analytics, and each failure is said in words.
 */

const withSdkWallets = (manifest: Manifest): Manifest => ({
  ...manifest,
  wallets: { sdks: ['metaMask', 'coinbaseWallet'] },
})

/**
 * Every request that leaves this machine is noted (what the SDKs would send) and refused, but for Coinbase's window:
 * its page opens, empty, as it does when Coinbase's service never answers in it.
 */
async function offMachine(session: AppSession) {
  const sent: string[] = []
  await session.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      const url = route.request().url()
      sent.push(url)
      if (new URL(url).hostname === 'keys.coinbase.com') {
        return route.fulfill({ contentType: 'text/html', body: '<title>Coinbase</title>' })
      }
      return route.abort('internetdisconnected')
    },
  )
  return sent
}

/** The app's own scripts the page asked for, by file name. */
function scriptsOf(session: AppSession): string[] {
  const files: string[] = []
  session.page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (request.resourceType() === 'script' && url.hostname === '127.0.0.1') files.push(url.pathname)
  })
  return files
}

test.describe('wallets through their makers’ SDKs', () => {
  test('desktop, English: offered, loaded on a click, Coinbase’s window cancelled, MetaMask paired by code, no analytics', async ({
    app,
    network,
  }) => {
    const session = await app.open({ manifest: withSdkWallets })
    const { page, shell } = session
    const sent = await offMachine(session)
    const scripts = scriptsOf(session)
    await shell.openConnectDialog()
    const coinbase = shell.walletOption(/Coinbase Wallet/)
    const metaMask = shell.walletOption(/MetaMask/)
    await expect(coinbase).toContainText('A passkey wallet or the Coinbase Wallet app, in its own window')
    await expect(metaMask).toContainText('MetaMask on your phone: scan a code, or open the app')
    await screenshot(page, 'sdk-wallets-desktop-en-list')
    // Nothing of either SDK before a click.
    expect(scripts.filter((file) => /sdkConnectors|coinbase|metamask|connect-evm/i.test(file))).toEqual([])
    const before = scripts.length

    const popup = page.waitForEvent('popup')
    await coinbase.click()
    const opened = await popup
    expect(opened.url()).toMatch(/^https:\/\/keys\.coinbase\.com\/connect/)
    await expect(coinbase).toContainText('Continue in the window Coinbase Wallet opened…')
    await expect(metaMask).toBeDisabled()
    expect(scripts.length).toBeGreaterThan(before)
    await shell.dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(coinbase).toBeEnabled()
    await expect(coinbase).toContainText('A passkey wallet or the Coinbase Wallet app, in its own window')
    await expect.poll(() => opened.isClosed()).toBe(true)
    await expect(shell.notices.getByRole('alert')).toHaveCount(0)

    await metaMask.click()
    await expect(shell.dialog.getByRole('heading', { name: 'MetaMask' })).toBeVisible()
    // Its SDK pairs through MetaMask's relay: the code is drawn here (its own modal never opens over the dialog).
    const code = shell.dialog.getByTestId('walletconnect-uri')
    await expect(code).toHaveAttribute('data-uri', /^metamask:\/\/connect\/mwp\?p=/, { timeout: 20_000 })
    await expect(shell.dialog.getByRole('img', { name: 'MetaMask pairing code' })).toBeVisible()
    await expect(shell.dialog.getByText('Scan this code with MetaMask on your phone')).toBeVisible()
    await screenshot(page, 'sdk-wallets-desktop-en-metamask')
    const first = await code.getAttribute('data-uri')
    // Closed before MetaMask answered: the page is not left "connecting", and a new pairing starts.
    await shell.closeDialog()
    await expect(shell.connectButton).toBeEnabled()
    await shell.openConnectDialog()
    await metaMask.click()
    await expect(code).toHaveAttribute('data-uri', /^metamask:\/\/connect\/mwp\?p=/, { timeout: 20_000 })
    expect(await code.getAttribute('data-uri')).not.toBe(first)
    await expect(shell.dialog.getByRole('alert')).toHaveCount(0)
    // MetaMask's SDK sends usage events unless told not to: nothing of it left this page.
    expect(sent.filter((url) => new URL(url).hostname !== 'keys.coinbase.com')).toEqual([])
    // What the clicks loaded is never precached: every visitor would download both SDKs at the first idle moment.
    const precached = [...readFileSync(join(network.distDir, 'sw.js'), 'utf8').matchAll(/url:"(assets\/[^"]+\.js)"/g)]
    expect(precached.length).toBeGreaterThan(10)
    // The SDKs' own files, by what only they hold (shared code the clicks also loaded stays precached).
    const isSdkCode = (file: string) =>
      /keys\.coinbase\.com|mm-sdk-relay/.test(readFileSync(join(network.distDir, file), 'utf8'))
    const sdkFiles = scripts
      .slice(before)
      .map((file) => file.replace(/^.*\/assets\//, 'assets/'))
      .filter(isSdkCode)
    expect(sdkFiles.length).toBeGreaterThanOrEqual(2)
    expect(precached.filter(([, file]) => isSdkCode(file as string))).toEqual([])
    // What the console holds is the SDKs' own: MetaMask's relay out of reach, and Coinbase's SDK refusing its waiting
    // request when its window closes without a handler (its `postMessage` is not awaited), as when a person closes it.
    expect(
      session.consoleErrors.filter(
        (line) =>
          line !== 'pageerror: Request rejected' && !/^WebSocket connection to 'wss:\/\/mm-sdk-relay\./.test(line),
      ),
    ).toEqual([])
  })

  test('phone, Chinese: the entries in words people read, MetaMask opened from the page', async ({ app }) => {
    const session = await app.open({
      manifest: withSdkWallets,
      storage: { lang: 'zh' },
      viewport: PHONE,
      touch: true,
    })
    const { page, shell } = session
    await offMachine(session)
    await shell.openConnectDialog('連接錢包')
    await expect(shell.walletOption(/Coinbase Wallet/)).toContainText(
      '在其視窗中使用通行密鑰錢包或 Coinbase Wallet App',
    )
    await expect(shell.walletOption(/MetaMask/)).toContainText('手機上的 MetaMask：掃描 QR 碼或開啟 App')
    await screenshot(page, 'sdk-wallets-phone-zh-list')
    await shell.walletOption(/MetaMask/).click()
    const open = shell.dialog.getByRole('link', { name: '開啟 MetaMask' })
    await expect(open).toHaveAttribute('href', /^metamask:\/\/connect\/mwp\?p=/, { timeout: 20_000 })
    await expect(shell.dialog.getByRole('img', { name: 'MetaMask 配對 QR 碼' })).toBeVisible()
    await screenshot(page, 'sdk-wallets-phone-zh-metamask')
  })

  test('an installed MetaMask is offered as itself, not its SDK; an SDK that cannot load is said so', async ({
    app,
    network,
  }) => {
    const session = await app.open({
      manifest: withSdkWallets,
      wallet: { ...newWalletOn(network.chains), announceAs: { name: 'MetaMask', rdns: 'io.metamask' } },
      missing: /\/assets\/sdkConnectors-[^/]+\.js$/,
    })
    const { shell } = session
    await offMachine(session)
    await shell.openConnectDialog()
    await expect(shell.walletOption(/MetaMask/)).toHaveCount(1)
    await expect(shell.walletOption(/MetaMask/)).not.toContainText('scan a code')
    await shell.walletOption(/Coinbase Wallet/).click()
    await expect(
      shell.notice('Coinbase Wallet could not be loaded. Check your connection and try again.'),
    ).toBeVisible()
    await expect(shell.walletOption(/Coinbase Wallet/)).toBeEnabled()
    // The extension connects as any other.
    await shell.walletOption(/MetaMask/).click()
    await expect(shell.accountButton).toBeVisible()
  })
})
