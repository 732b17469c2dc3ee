import { type AppSession, expect, newWalletOn, type TestNetwork, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import { hangRpc } from './support/rpcHang.ts'
import { screenshot } from './support/screenshot.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'
import { DESKTOP, PHONE } from './support/views.ts'

const WORDS = {
  en: {
    connect: 'Connect Wallet',
    completed: 'Completed',
    unknown: 'Status unknown',
    unread: (network: string) =>
      `Couldn't read ${network}: swaps deposited there were not restored. They will be as soon as it answers.`,
    notAnswering: (network: string) => `${network} is not answering`,
    noneYet: 'None found yet on the chains that answered: the others are read again when they do.',
    none: 'No swaps of this wallet were found on the chains.',
  },
  zh: {
    connect: '連接錢包',
    completed: '已完成',
    unknown: '狀態未知',
    unread: (network: string) => `無法讀取 ${network}：在該鏈上存入的兌換尚未恢復，待其恢復回應後會自動恢復。`,
    notAnswering: (network: string) => `${network} 沒有回應`,
    noneYet: '在有回應的鏈上尚未找到：其他鏈回應後會再讀取。',
    none: '在鏈上沒有找到此錢包的兌換。',
  },
} as const

/** One intent swap of `amount` USDC from A to chain `to`, to the account itself, to Completed (English UI). */
async function swapToCompleted({ form, shell }: AppSession, network: TestNetwork, amount: string, to: number) {
  const { chains } = network
  await form.pickToken('origin', chains[0]!.name, 'USDC')
  await form.pickToken('destination', chains[to]!.name, 'USDC')
  await form.amount.fill(amount)
  await form.myAddressButton().click()
  await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
  await form.route('intent').click()
  await expect(form.mainButton).toHaveText('Swap', { timeout: 20_000 })
  await form.swap()
  await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
  await shell.closeDialog()
  await expect(form.dialog).toHaveCount(0)
}

test.describe('restore per chain', () => {
  test('an empty History says why Restore needs a wallet, and restores by itself once it is connected (desktop, en)', async ({
    app,
    wallet,
    network,
  }) => {
    await swapToCompleted(await app.openConnected({ wallet }), network, '5', 1)
    // A new device: nothing stored, the wallet installed but not connected.
    const { page, history, shell } = await app.open({ wallet, viewport: DESKTOP, path: HISTORY_PATH })
    await expect(history.empty).toBeVisible()
    await expect(page.getByTestId('restore-needs-wallet')).toHaveText(
      'Swapped with this wallet on another device? Connect it and its swaps are restored from the chains: they are found by its address.',
    )
    const connect = page.getByRole('button', { name: 'Connect a wallet to restore' })
    await expect(connect).toBeEnabled()
    await screenshot(page, 'restore-empty-no-wallet-desktop-en')
    await connect.click()
    await shell.walletOption(TEST_WALLET_NAME).click()
    // Nothing else clicked: the swap comes back from the chains by itself.
    await expect(history.rows).toHaveCount(1, { timeout: 30_000 })
    await expect(history.rows.first().getByTestId('history-status')).toHaveText('Completed')
    await screenshot(page, 'restore-auto-desktop-en')
  })

  test("a new device's History with the wallet connected restores by itself (phone, zh-Hant)", async ({
    app,
    wallet,
    network,
  }) => {
    await swapToCompleted(await app.openConnected({ wallet }), network, '5', 1)
    const { page, history } = await app.openConnected({
      wallet,
      viewport: PHONE,
      storage: { lang: 'zh' },
      connectLabel: WORDS.zh.connect,
      path: HISTORY_PATH,
    })
    await expect(history.rows).toHaveCount(1, { timeout: 30_000 })
    await expect(history.rows.first().getByTestId('history-status')).toHaveText(WORDS.zh.completed)
    await screenshot(page, 'restore-auto-phone-zh')
  })

  for (const [layout, viewport, lang] of [
    ['desktop', DESKTOP, 'en'],
    ['phone', PHONE, 'zh'],
  ] as const) {
    test(`restores what the other chains hold when one chain's RPC hangs, names that chain, and reads it once it answers (${layout}, ${lang})`, async ({
      app,
      wallet,
      network,
    }) => {
      test.setTimeout(180_000)
      const words = WORDS[lang]
      const { chains } = network
      const c = chains[2]!
      // This account's swaps: one A → B (never touches C), one A → C.
      const first = await app.openConnected({ wallet })
      await swapToCompleted(first, network, '5', 1)
      await swapToCompleted(first, network, '6', 2)

      // A new device whose connection to chain C hangs (the chain itself, the services and the wallet are fine).
      const device = await app.open({ wallet, viewport, storage: { lang }, path: HISTORY_PATH })
      const hung = await hangRpc(device.page, c.rpcUrls[0]!)
      await device.shell.connect(TEST_WALLET_NAME, words.connect)
      const started = Date.now()
      const { history, page } = device
      // Both swaps were deposited on A, which answers: both are back, whatever C does.
      await expect(history.rows).toHaveCount(2, { timeout: 30_000 })
      await expect(history.restoreStatus).toContainText(words.unread(c.name), { timeout: 30_000 })
      // How long it took is a figure, not a bound (speed is measured by the bench, never asserted here).
      console.log(`[restore] ${layout}/${lang}: C hanging, restore done and C named after ${Date.now() - started} ms`)
      // The swap to C cannot be checked there yet: its state is not known, it says why, and nothing counts it as under
      // way; the one to B is Completed.
      const toC = history.rows.filter({ hasText: `${chains[0]!.name} → ${c.name}` })
      const toB = history.rows.filter({ hasText: `${chains[0]!.name} → ${chains[1]!.name}` })
      await expect(toB.getByTestId('history-status')).toHaveText(words.completed)
      await expect(toC.getByTestId('history-unreachable')).toHaveText(words.notAnswering(c.name), {
        timeout: 20_000,
      })
      await expect(toC.getByTestId('history-status')).toHaveText(words.unknown)
      await expect(device.shell.pendingSwaps).toHaveCount(0)
      await screenshot(page, `restore-chain-down-${layout}-${lang}`)

      // C answers again: it is read by itself, the notice goes, and the swap to C is followed to Completed.
      await hung.release()
      await expect(history.restoreStatus).toHaveCount(0, { timeout: 30_000 })
      await expect(toC.getByTestId('history-status')).toHaveText(words.completed, { timeout: 30_000 })
      await expect(toC.getByTestId('history-unreachable')).toHaveCount(0)
      await screenshot(page, `restore-chain-back-${layout}-${lang}`)
    })
  }

  for (const [layout, viewport, lang] of [
    ['desktop', DESKTOP, 'en'],
    ['phone', PHONE, 'zh'],
  ] as const) {
    test(`a wallet with no swaps, one chain not answering: "none found yet" on the others, never "no swaps found" until every chain was read (${layout}, ${lang})`, async ({
      app,
      network,
    }) => {
      const words = WORDS[lang]
      const c = network.chains[2]!
      const device = await app.open({
        wallet: newWalletOn(network.chains),
        viewport,
        storage: { lang },
        path: HISTORY_PATH,
      })
      const hung = await hangRpc(device.page, c.rpcUrls[0]!)
      await device.shell.connect(TEST_WALLET_NAME, words.connect)
      const { history, page } = device
      const found = page.getByTestId('restore-found-none')
      await expect(history.restoreStatus).toContainText(words.unread(c.name), { timeout: 30_000 })
      // A chain was not read: nothing can be said of it yet, only of those that answered.
      await expect(found).toHaveText(words.noneYet)
      await screenshot(page, `restore-none-yet-${layout}-${lang}`)
      await hung.release()
      await expect(history.restoreStatus).toHaveCount(0, { timeout: 30_000 })
      await expect(found).toHaveText(words.none)
      await expect(history.rows).toHaveCount(0)
    })
  }
})
