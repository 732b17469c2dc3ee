import { HISTORY_STORE_VERSION, type RefundableSwap } from '@multi-bridge/core'
import type { Locator, Page, Route as PlaywrightRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testManifest, useAppBrowser } from './support/app.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'

// Account 7: nothing else in the browser tests spends its tokens.
const ACCOUNT = 7
const OTHER_ACCOUNT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' as const // devnet account 5
const OTHER_RECIPIENT = '0x976EA74026E726554dB657fA54763abd0C3a0aa9' as const // devnet account 6
const app = useAppBrowser({ storage: { lang: 'en' } })
const chains = () => testManifest().chains

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
async function pickByKeyboard(page: Page, button: Locator, network: string, symbol: string) {
  await tabTo(page, button)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await tabTo(page, dialog.getByRole('button', { name: new RegExp(network) }).first())
  await page.keyboard.press('Enter')
  await tabTo(page, dialog.getByPlaceholder('Input token symbol or contract address'))
  await page.keyboard.type(symbol)
  await expect
    .poll(() => dialog.locator('[role="option"][aria-selected="true"] .picker-token-symbol').textContent())
    .toBe(symbol)
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached' })
  // Focus comes back to the button that opened the picker, not to the page's body.
  await expect.poll(() => isFocused(button)).toBe(true)
}

describe('swap lifecycle', () => {
  it('does a whole swap with the keyboard only, from Connect Wallet to Completed', async () => {
    const { page, form, shell } = await app.open({
      wallet: { accountIndex: ACCOUNT, initialChainId: chains()[0]!.id },
    })
    await tabTo(page, shell.connectButton)
    await page.keyboard.press('Enter')
    await tabTo(page, page.getByRole('dialog').getByRole('button', { name: new RegExp(TEST_WALLET_NAME) }))
    await page.keyboard.press('Enter')
    await expect.poll(() => shell.accountButton.isVisible()).toBe(true)

    await pickByKeyboard(page, page.getByTestId('origin-token'), chains()[0]!.name, 'USDC')
    await pickByKeyboard(page, page.getByTestId('destination-token'), chains()[1]!.name, 'ETH')
    await tabTo(page, form.amount)
    await page.keyboard.type('20')
    await tabTo(page, page.getByRole('button', { name: 'My address' }))
    await page.keyboard.press('Enter')
    await expect.poll(() => form.mainButton.textContent(), { timeout: 30_000 }).toBe('Swap')

    await tabTo(page, form.mainButton)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    // The review is not a swap in progress yet.
    expect(await form.progress().textContent()).toBe('Review the swap, then confirm')
    await tabTo(page, dialog.getByRole('button', { name: 'Swap', exact: true }))
    await page.keyboard.press('Enter')
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000 }).toBe('Completed')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => isFocused(form.mainButton)).toBe(true)
  })

  it('re-quotes for the new account before Swap is enabled when the person switches accounts', async () => {
    const { page, form, wallet } = await app.openConnected({
      wallet: { accountIndex: ACCOUNT, initialChainId: chains()[0]!.id },
    })
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'ETH')
    await form.amount.fill('15')
    await form.recipient.fill(OTHER_RECIPIENT)
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => form.mainButton.isEnabled()).toBe(true)

    // The solver answers slowly from now on: long enough to see what the screen does meanwhile.
    const quotes: number[] = []
    await page.route('**/v1/quote?**', async (route: PlaywrightRoute) => {
      quotes.push(Date.now())
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await route.continue().catch(() => undefined)
    })
    const switchedAt = Date.now()
    await wallet!.emit('accountsChanged', [OTHER_ACCOUNT])
    // The previous account's route is gone at once and Swap waits for the new quote.
    await expect.poll(() => form.mainButton.textContent(), { timeout: 2_000 }).toBe('Finding routes…')
    expect(await form.mainButton.isEnabled()).toBe(false)
    expect(await form.route('intent').isVisible()).toBe(false)
    await expect.poll(() => form.mainButton.textContent(), { timeout: 20_000 }).toBe('Swap')
    expect(quotes.some((at) => at >= switchedAt)).toBe(true)
    expect(await form.route('intent').isVisible()).toBe(true)
    await page.unroute('**/v1/quote?**')
  })

  it('keeps the other providers’ swaps when one fails during Restore, and names the one that failed', async () => {
    const { page, form, goto } = await app.openConnected({
      wallet: { accountIndex: ACCOUNT, initialChainId: chains()[0]!.id },
    })
    // One swap of this account through the intent bridge, so Restore has something to find.
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'ETH')
    await form.amount.fill('10')
    await page.getByRole('button', { name: 'My address' }).click()
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    await form.swap()
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000 }).toBe('Completed')

    // A new device: no local History. The pool bridge's event reads are rate-limited (429) on every chain.
    await page.evaluate(() => localStorage.removeItem('__persist__history'))
    const pools = new Set(
      chains().flatMap((chain) => (chain.contracts.poolBridge ? [chain.contracts.poolBridge.toLowerCase()] : [])),
    )
    const readsPoolLogs = (body: string | null) => {
      if (!body) return false
      const calls = [JSON.parse(body)].flat() as { method?: string; params?: { address?: string }[] }[]
      return calls.some(
        (call) => call.method === 'eth_getLogs' && pools.has(String(call.params?.[0]?.address ?? '').toLowerCase()),
      )
    }
    for (const chain of chains()) {
      await page.route(`${chain.rpcUrls[0]}**`, async (route: PlaywrightRoute) => {
        if (readsPoolLogs(route.request().postData())) {
          await route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"rate limited"}' })
        } else await route.continue()
      })
    }
    await page.reload()
    await goto('#/pages/log/index')
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(0)
    await page.getByRole('button', { name: 'Restore from chain' }).click()
    await expect
      .poll(() => page.getByText("Couldn't read Liquidity Pool Bridge: their swaps were not restored").isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    const rows = page.getByTestId('history-row')
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
    const providers = await rows.allTextContents()
    expect(providers.every((text) => text.includes('Intent Bridge'))).toBe(true)
    expect(providers.some((text) => text.includes('Completed'))).toBe(true)
  })

  it('names the account that can refund, and offers to connect when no wallet is connected', async () => {
    const usdc = chains()[0]!.tokens.find((t) => t.symbol === 'USDC')!
    const now = Math.floor(Date.now() / 1000)
    // A swap of account 6 on this device, past its deadline, that no attester will ever sign for (an unknown order).
    const swap: RefundableSwap = {
      key: 'local-refund-owner',
      id: `0x${'5a'.repeat(32)}`,
      providerId: 'intent',
      providerName: 'Intent Bridge',
      owner: OTHER_RECIPIENT,
      recipient: OTHER_RECIPIENT,
      origin: { token: { ...usdc, chainId: chains()[0]!.id }, amount: '1000000' },
      destination: {
        token: {
          ...usdc,
          chainId: chains()[1]!.id,
          address: chains()[1]!.tokens.find((t) => t.symbol === 'USDC')!.address,
        },
        estimatedAmount: '990000',
        minAmount: '990000',
      },
      depositAddress: chains()[0]!.contracts.intentOriginSettler!,
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
    const path = `#/pages/log/index?id=${swap.id}`
    const disconnected = await app.open({ storage, path })
    const dialog = disconnected.page.getByRole('dialog')
    await expect.poll(() => disconnected.form.progress().textContent()).toBe('Failed')
    const refund = dialog.getByTestId('refund-button')
    expect(await refund.textContent()).toBe('Connect a wallet to refund')
    await refund.click()
    await expect.poll(() => disconnected.page.getByRole('dialog', { name: 'Choose a wallet' }).isVisible()).toBe(true)

    const connected = await app.openConnected({
      storage,
      wallet: { accountIndex: ACCOUNT, initialChainId: chains()[0]!.id },
    })
    await connected.goto(path)
    const other = connected.page.getByRole('dialog')
    await expect
      .poll(() => other.getByTestId('refund-owner').textContent())
      .toBe(
        `Only ${OTHER_RECIPIENT.slice(0, 6)}…${OTHER_RECIPIENT.slice(-4)} can refund this swap. Switch to it in your wallet.`,
      )
    expect(await other.getByTestId('refund-button').isEnabled()).toBe(false)
    expect(connected.wallet!.requests).not.toContain('eth_sendTransaction')
  })
})
