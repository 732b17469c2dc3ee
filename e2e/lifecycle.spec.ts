import { HISTORY_STORE_VERSION, type RefundableSwap } from '@multi-bridge/core'
import type { Locator, Page, Route } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { fundAccount } from './fixtures/fund.ts'
import { expect, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import type { SwapForm } from './pages/SwapForm.ts'
import { WALLET_LAYER_FILE } from './support/builtFiles.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement)

/** Presses Tab until `target` has focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

/** Picks a token with the keyboard only: Enter on the token button, the network by Tab, the symbol typed. */
async function pickByKeyboard(
  page: Page,
  form: SwapForm,
  side: 'origin' | 'destination',
  network: string,
  symbol: string,
) {
  const button = form.tokenButton(side)
  await tabTo(page, button)
  await page.keyboard.press('Enter')
  await tabTo(page, form.networkButton(network))
  await page.keyboard.press('Enter')
  await tabTo(page, form.pickerSearch)
  await page.keyboard.type(symbol)
  await expect(form.activeOptionSymbol).toHaveText(symbol)
  await page.keyboard.press('Enter')
  await expect(form.picker).toHaveCount(0)
  // Focus comes back to the button that opened the picker, not to the page's body.
  await expect(button).toBeFocused()
}

test.describe('swap lifecycle', () => {
  test('does a whole swap with the keyboard only, from Connect Wallet to Completed', async ({
    app,
    wallet,
    network,
  }) => {
    const { chains } = network
    const { page, form, shell } = await app.open({ wallet })
    await tabTo(page, shell.connectButton)
    await page.keyboard.press('Enter')
    await tabTo(page, shell.walletOption(TEST_WALLET_NAME))
    await page.keyboard.press('Enter')
    await expect(shell.accountButton).toBeVisible()

    await pickByKeyboard(page, form, 'origin', chains[0]!.name, 'USDC')
    await pickByKeyboard(page, form, 'destination', chains[1]!.name, 'ETH')
    await tabTo(page, form.amount)
    await page.keyboard.type('20')
    await tabTo(page, form.myAddressButton())
    await page.keyboard.press('Enter')
    await expect(form.mainButton).toHaveText('Swap', { timeout: 30_000 })

    await tabTo(page, form.mainButton)
    await page.keyboard.press('Enter')
    // The review is not a swap in progress yet.
    await expect(form.progress()).toHaveText('Review the swap, then confirm')
    // What arrives reads as the route card has it (not every one of ETH's 18 decimals); what is sent stays exact.
    await expect(form.dialog.getByTestId('review-receive')).toHaveText(/^0\.\d{1,6} ETH ≈ \$\d+\.\d\d$/)
    await expect(form.dialog.getByTestId('review-send')).toHaveText(/^20 USDC/)
    await tabTo(page, form.dialog.getByRole('button', { name: 'Swap', exact: true }))
    await page.keyboard.press('Enter')
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    // The confirm is gone with the swap sent: the keyboard lands on Done, not on the dialog's frame.
    await expect(form.ending.getByRole('button', { name: 'Done' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(form.dialog).toHaveCount(0)
    // The form let go of the swap it sent (issue #28): Swap waits for a new amount, and the keyboard is there.
    await expect(form.mainButton).toBeDisabled()
    await expect(form.amount).toBeFocused()
  })

  test('re-quotes for the new account before Swap is enabled when the person switches accounts', async ({
    app,
    wallet,
    network,
  }) => {
    const { chains } = network
    // The other account in the wallet has funds too: with the new quote, Swap is enabled again.
    const otherAccount = privateKeyToAccount(generatePrivateKey())
    await fundAccount(network.manifest, network.lockDir, otherAccount)
    const otherRecipient = privateKeyToAccount(generatePrivateKey()).address
    const { page, form, wallet: installed } = await app.openConnected({ wallet })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'ETH')
    await form.amount.fill('15')
    await form.recipient.fill(otherRecipient)
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(form.mainButton).toBeEnabled()

    // The solver's answers are held from now on, until the test lets them through: the screen meanwhile is
    // what a person sees while the new quote is on its way.
    const held: Route[] = []
    const quotes: string[] = []
    await page.route('**/v1/quote?**', async (route) => {
      quotes.push(route.request().url())
      held.push(route)
    })
    await installed!.emit('accountsChanged', [otherAccount.address])
    // The previous account's route is gone at once and Swap waits for the new quote.
    await expect(form.mainButton).toHaveText('Finding routes…')
    await expect(form.mainButton).toBeDisabled()
    await expect(form.route('intent')).toBeHidden()
    await expect.poll(() => quotes.length).toBeGreaterThan(0)
    await page.unroute('**/v1/quote?**')
    for (const route of held) await route.continue().catch(() => undefined)
    await expect(form.mainButton).toHaveText('Swap', { timeout: 20_000 })
    await expect(form.route('intent')).toBeVisible()
  })

  test('keeps the other providers’ swaps when one fails during Restore, and names the one that failed', async ({
    app,
    wallet,
    network,
  }) => {
    const { chains } = network
    const { page, form, goto, history } = await app.openConnected({ wallet })
    // One swap of this account through the intent bridge, so Restore has something to find.
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'ETH')
    await form.amount.fill('10')
    await form.myAddressButton().click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await form.swap()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })

    // A new device: no local History. The pool bridge's event reads are rate-limited (429) on every chain.
    await page.evaluate(() => localStorage.removeItem('__persist__history'))
    const pools = new Set(
      chains.flatMap((chain) => (chain.contracts.poolBridge ? [chain.contracts.poolBridge.toLowerCase()] : [])),
    )
    const readsPoolLogs = (body: string | null) => {
      if (!body) return false
      const calls = [JSON.parse(body)].flat() as { method?: string; params?: { address?: string }[] }[]
      return calls.some(
        (call) => call.method === 'eth_getLogs' && pools.has(String(call.params?.[0]?.address ?? '').toLowerCase()),
      )
    }
    for (const chain of chains) {
      await page.route(`${chain.rpcUrls[0]}**`, async (route) => {
        if (readsPoolLogs(route.request().postData())) {
          await route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"rate limited"}' })
        } else await route.continue()
      })
    }
    await page.reload()
    // History is empty and the wallet is connected: it restores by itself (once for this account).
    await goto(HISTORY_PATH)
    await expect(page.getByText("Couldn't read Liquidity Pool Bridge: their swaps were not restored")).toBeVisible({
      timeout: 60_000,
    })
    // This account's one swap, through the intent bridge, Completed.
    await expect(history.rows).toHaveCount(1)
    await expect(history.rows.first()).toContainText('Intent Bridge')
    await expect(history.rows.first()).toContainText('Completed')
  })

  test('names the account that can refund, and offers to connect when no wallet is connected', async ({
    app,
    wallet,
    network,
  }) => {
    const { chains } = network
    const otherOwner = privateKeyToAccount(generatePrivateKey()).address
    const usdc = chains[0]!.tokens.find((t) => t.symbol === 'USDC')!
    const now = Math.floor(Date.now() / 1000)
    // A swap of another account on this device, past its deadline, that no attester will ever sign for (an unknown order).
    const swap: RefundableSwap = {
      key: 'local-refund-owner',
      id: `0x${'5a'.repeat(32)}`,
      providerId: 'intent',
      providerName: 'Intent Bridge',
      owner: otherOwner,
      recipient: otherOwner,
      origin: { token: { ...usdc, chainId: chains[0]!.id }, amount: '1000000' },
      destination: {
        token: {
          ...usdc,
          chainId: chains[1]!.id,
          address: chains[1]!.tokens.find((t) => t.symbol === 'USDC')!.address,
        },
        estimatedAmount: '990000',
        minAmount: '990000',
      },
      depositAddress: chains[0]!.contracts.intentOriginSettler!,
      status: 'refundable',
      depositTx: `0x${'6b'.repeat(32)}`,
      depositedAt: now - 600,
      refundableAfter: now - 300,
      expiresAt: now + 86_400,
      createdAt: (now - 600) * 1000,
      updatedAt: (now - 300) * 1000,
    }
    const storage = {
      lang: 'en',
      __persist__history: JSON.stringify({ state: { swaps: { [swap.key]: swap } }, version: HISTORY_STORE_VERSION }),
    }
    const path = `${HISTORY_PATH}?id=${swap.id}`
    // While the wallet layer is still on its way the wallet's state is not known: Connect waits for it (a Connect
    // then could add a second connection beside the one wagmi is restoring).
    let releaseWallet: () => void = () => {}
    const walletHeld = new Promise<void>((resolve) => {
      releaseWallet = resolve
    })
    const holdWallet = (page: Page) =>
      page.route(WALLET_LAYER_FILE, async (route) => {
        await walletHeld
        await route.continue()
      })
    const disconnected = await app.open({ storage, path, initScripts: [holdWallet] })
    // Amber, its money waiting (an order nobody opened: no attester signs its refund, so "Refund delayed").
    await expect(disconnected.form.progress()).toHaveClass(/status-refundable/)
    await expect(disconnected.form.progress()).toHaveText('Refund delayed')
    const refund = disconnected.form.refundButton()
    await expect(refund).toHaveText('Connect a wallet to refund')
    await expect(refund).toBeDisabled()
    releaseWallet()
    await expect(refund).toBeEnabled()
    await refund.click()
    await expect(disconnected.page.getByRole('dialog', { name: 'Choose a wallet' })).toBeVisible()

    const connected = await app.openConnected({ storage, wallet })
    await connected.goto(path)
    await expect(connected.form.dialog.getByTestId('refund-owner')).toHaveText(
      `Only ${otherOwner.slice(0, 6)}…${otherOwner.slice(-4)} can refund this swap. Switch to it in your wallet.`,
    )
    await expect(connected.form.refundButton()).toBeDisabled()
    expect(connected.wallet!.requests).not.toContain('eth_sendTransaction')
  })
})
