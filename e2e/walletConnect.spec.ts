import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { type AppSession, expect, type TestNetwork, test } from './fixtures/index.ts'
import { balanceOf, storedSwaps } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'
import { PHONE } from './support/views.ts'
import { startWalletConnectRelay, type WalletConnectRelay } from './support/walletConnectRelay.ts'
import { startWalletConnectWallet, type WalletConnectWallet } from './support/walletConnectWallet.ts'

/**
 * WalletConnect v2 end to end (issue #54): the app's real connector (wagmi's `walletConnect`, WalletConnect's
 * EthereumProvider) and a real wallet (`@walletconnect/sign-client` with a funded key) pair through a relay on this
 * machine that speaks WalletConnect's relay protocol, and a whole swap goes from pairing to Completed with the checks
 * an injected wallet gets.
 */

let relay: WalletConnectRelay
const wallets: WalletConnectWallet[] = []

test.beforeAll(async () => {
  relay = await startWalletConnectRelay()
})

test.afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.close()
})

test.afterAll(async () => {
  await relay?.close()
})

const withWalletConnect = (manifest: TestNetwork['manifest']) => ({
  ...manifest,
  wallets: { walletConnect: { projectId: 'local-e2e', relayUrl: relay.url } },
})

/**
 * WalletConnect's Verify (on the internet) is asked in a hidden frame about each pairing and request; with no answer
 * the SDK waits 5 s each time. The frame is answered here as Verify answers an unlisted site.
 */
async function answerVerify(context: BrowserContext) {
  await context.route(/^https:\/\/verify\.walletconnect\.(org|com)\//, (route) => {
    const id = new URL(route.request().url()).searchParams.get('id')
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const jwt = `${part({ alg: 'ES256', typ: 'JWT' })}.${part({ id, origin: 'test', isScam: false, isVerified: false, exp: 0 })}.AA`
    return route.fulfill({
      contentType: 'text/html',
      body: `<script>parent.postMessage(JSON.stringify({type:"verify_attestation",attestation:${JSON.stringify(jwt)}}),"*")</script>`,
    })
  })
}

/** Opens the connect dialog, picks WalletConnect, and returns the pairing URI the panel shows. */
async function pairingUri({ shell }: AppSession, text: { connect: string; dialog: RegExp }) {
  await shell.openConnectDialog(text.connect)
  await shell.walletOption(/WalletConnect/).click()
  await expect(shell.dialog.getByRole('heading', { name: 'WalletConnect' })).toBeVisible()
  const shown = shell.dialog.getByTestId('walletconnect-uri')
  await expect(shown).toHaveAttribute('data-uri', /^wc:[0-9a-f]{64}@2\?/, { timeout: 20_000 })
  await expect(shell.dialog.getByRole('img', { name: text.dialog })).toBeVisible()
  return (await shown.getAttribute('data-uri')) as string
}

/** An intent swap of 25 USDC from A to B to the person's own address, to Completed. */
async function swapToCompleted(session: AppSession, network: TestNetwork, text: (typeof TEXT)['en']) {
  const { form } = session
  const { chains } = network
  await form.pickToken('origin', chains[0]!.name, 'USDC')
  await form.pickToken('destination', chains[1]!.name, 'USDC')
  await form.amountLabelled(text.send).fill('25')
  await form.myAddressButton(text.myAddress).click()
  await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
  await form.route('intent').click()
  await expect(form.mainButton).toHaveText(text.swap, { timeout: 20_000 })
  await form.mainButton.click()
  // What the wallet will sign is decoded and checked before it is sent through WalletConnect, as for any wallet.
  const signed = form.dialog.getByTestId('signed-transaction')
  await expect(signed.getByTestId('signed-function')).toHaveText('open')
  await expect(signed.getByTestId('signed-amount')).toHaveText('25 USDC')
  await form.confirm(text.swap)
  await expect(form.progress()).toHaveText(text.completed, { timeout: 90_000 })
}

const TEXT = {
  en: {
    connect: 'Connect Wallet',
    qr: /WalletConnect pairing code/,
    send: 'Send',
    myAddress: 'My address',
    swap: 'Swap',
    completed: 'Completed',
    disconnected: 'Your wallet is disconnected',
  },
  zh: {
    connect: '連接錢包',
    qr: /WalletConnect 配對 QR 碼/,
    send: '發送',
    myAddress: '我的地址',
    swap: '兌換',
    completed: '已完成',
    disconnected: '您的錢包已斷開連接',
  },
}

test.describe('WalletConnect (issue #54)', () => {
  test('desktop: pairs by QR code, swaps to Completed with one batch, restores the session after a reload, and ends when the wallet disconnects', async ({
    app,
    account,
    network,
  }) => {
    const text = TEXT.en
    const wallet = await startWalletConnectWallet({
      relayUrl: relay.url,
      manifest: network.manifest,
      account,
      sendCalls: true,
    })
    wallets.push(wallet)
    const session = await app.open({ manifest: withWalletConnect, storage: { lang: 'en' } })
    const { page, shell, form, context } = session
    await answerVerify(context)
    const uri = await pairingUri(session, { connect: text.connect, dialog: text.qr })
    await screenshot(page, 'walletconnect-qr-desktop-en', { fullPage: false })
    await wallet.pair(uri)
    await expect(shell.accountButton).toBeVisible({ timeout: 20_000 })
    await expect(shell.dialog).toHaveCount(0)
    await expect(shell.accountButton).toContainText(account.address.slice(2, 6))

    const before = await balanceOf(network.manifest, 0, 'USDC', account.address)
    await swapToCompleted(session, network, text)
    // One confirmation in the wallet: the approval and the deposit as one batch (EIP-5792) through the session.
    expect(wallet.requests).toContain('wallet_sendCalls')
    expect(wallet.requests).not.toContain('eth_sendTransaction')
    expect(await balanceOf(network.manifest, 0, 'USDC', account.address)).toBe(before - 25_000_000n)
    const [swap] = (await storedSwaps(page)).filter((s) => s.status === 'completed')
    expect(swap?.owner.toLowerCase()).toBe(account.address.toLowerCase())
    await shell.closeDialog()

    // A reload restores the session from the SDK's storage: no new pairing, the same account.
    const proposals = relay.methods.filter((method) => method === 'wc_proposeSession').length
    await page.reload()
    await expect(shell.accountButton).toBeVisible({ timeout: 20_000 })
    await expect(shell.accountButton).toContainText(account.address.slice(2, 6))
    expect(relay.methods.filter((method) => method === 'wc_proposeSession')).toHaveLength(proposals)
    await expect(form.amountLabelled(text.send)).toBeVisible()

    // The person disconnects in the wallet app: the page is told and shows the wallet as not connected.
    await wallet.disconnect()
    await expect(shell.connectButtonLabelled(text.connect)).toBeVisible({ timeout: 20_000 })
    await expect(shell.notice(text.disconnected)).toBeVisible()
  })

  test('phone (zh-Hant): offers the wallets to open with the pairing link, swaps to Completed one transaction at a time, and disconnecting in the app ends the session in the wallet', async ({
    app,
    account,
    network,
  }) => {
    const text = TEXT.zh
    const wallet = await startWalletConnectWallet({ relayUrl: relay.url, manifest: network.manifest, account })
    wallets.push(wallet)
    const session = await app.open({
      manifest: withWalletConnect,
      storage: { lang: 'zh' },
      viewport: PHONE,
      touch: true,
    })
    const { page, shell, context } = session
    await answerVerify(context)
    const uri = await pairingUri(session, { connect: text.connect, dialog: text.qr })
    // On a phone: each listed wallet opens with the pairing link; any other takes the wc: link itself.
    const encoded = encodeURIComponent(uri)
    await expect(shell.dialog.getByRole('link', { name: 'MetaMask' })).toHaveAttribute(
      'href',
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    await expect(shell.dialog.getByRole('link', { name: 'Trust Wallet' })).toHaveAttribute(
      'href',
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
    await expect(shell.dialog.getByRole('link', { name: '這支手機上的其他錢包' })).toHaveAttribute('href', uri)
    await screenshot(page, 'walletconnect-phone-zh', { fullPage: false })
    await wallet.pair(uri)
    await expect(shell.accountButton).toBeVisible({ timeout: 20_000 })

    await swapToCompleted(session, network, text)
    // A wallet without batches: the approval, then the deposit, each its own transaction through the session.
    expect(wallet.requests.filter((method) => method === 'eth_sendTransaction')).toHaveLength(2)
    await shell.closeDialog()

    // Disconnecting in the app ends the session in the wallet too.
    await shell.accountButton.click()
    await shell.dialog.getByRole('button', { name: '斷開連接' }).click()
    await expect(shell.connectButtonLabelled(text.connect)).toBeVisible()
    await expect.poll(() => wallet.sessions(), { timeout: 20_000 }).toBe(0)
  })

  test('says so when the relay cannot be reached, and pairs on retry once it can', async ({
    app,
    account,
    network,
  }) => {
    const stopped = await startWalletConnectRelay()
    await stopped.close()
    const session = await app.open({
      manifest: (manifest) => ({
        ...manifest,
        wallets: { walletConnect: { projectId: 'local-e2e', relayUrl: stopped.url } },
      }),
      storage: { lang: 'en' },
    })
    const { shell, context } = session
    await answerVerify(context)
    await shell.openConnectDialog()
    await shell.walletOption(/WalletConnect/).click()
    await expect(shell.dialog.getByRole('alert')).toHaveText(
      'WalletConnect does not answer. Check your connection and try again.',
      { timeout: 40_000 },
    )
    // The relay is back (same address): Try again pairs.
    const back = await startWalletConnectRelay({ port: Number(new URL(stopped.url).port) })
    const wallet = await startWalletConnectWallet({ relayUrl: back.url, manifest: network.manifest, account })
    wallets.push(wallet)
    try {
      await shell.dialog.getByRole('button', { name: 'Try again' }).click()
      const shown = shell.dialog.getByTestId('walletconnect-uri')
      await expect(shown).toHaveAttribute('data-uri', /^wc:/, { timeout: 30_000 })
      await wallet.pair((await shown.getAttribute('data-uri')) as string)
      await expect(shell.accountButton).toContainText(account.address.slice(2, 6), { timeout: 20_000 })
    } finally {
      await wallet.close()
      await back.close()
    }
  })

  test("keeps WalletConnect's SDK off the page and out of the precache until it is picked", async ({
    app,
    network,
  }) => {
    const session = await app.open({ manifest: withWalletConnect, storage: { lang: 'en' } })
    const { page, shell, context } = session
    await answerVerify(context)
    // WalletConnect's relay protocol is in its SDK's code only: a built file holding it is that SDK.
    const isSdk = (file: string) => readFileSync(join(network.distDir, file), 'utf8').includes('irn_subscribe')
    const fetchedSdk = async () => {
      const files: string[] = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      )
      return files.filter((path) => path.endsWith('.js')).some((path) => isSdk(path.replace(/^\//, '')))
    }
    const precached = [...readFileSync(join(network.distDir, 'sw.js'), 'utf8').matchAll(/url:"(assets\/[^"]+\.js)"/g)]
    expect(precached.length).toBeGreaterThan(10)
    expect(precached.filter(([, file]) => isSdk(file as string))).toEqual([])
    await shell.openConnectDialog()
    await expect(shell.walletOption(/WalletConnect/)).toBeVisible()
    expect(await fetchedSdk()).toBe(false)
    await shell.walletOption(/WalletConnect/).click()
    await expect(shell.dialog.getByTestId('walletconnect-uri')).toHaveAttribute('data-uri', /^wc:/, { timeout: 20_000 })
    expect(await fetchedSdk()).toBe(true)
  })

  test('is not offered without a project id', async ({ app }) => {
    const { shell } = await app.open({ storage: { lang: 'en' } })
    await shell.openConnectDialog()
    await expect(shell.dialog.getByRole('button', { name: /Local test wallet/ })).toBeVisible()
    await expect(shell.walletOption(/WalletConnect/)).toHaveCount(0)
  })
})
