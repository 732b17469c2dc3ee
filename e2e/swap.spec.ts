import type { Locator, Page } from '@playwright/test'
import { parseAbi, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient } from './fixtures/fund.ts'
import { type AppSession, expect, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import { balanceOf, storedSwaps, tokenOf } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'
import { DESKTOP, PHONE } from './support/views.ts'

/** One intent swap of `amount` USDC from A to B to the account itself, to Completed; closes the dialog. */
async function swapToCompleted({ form, shell }: AppSession, chains: { name: string }[], amount: string) {
  await form.pickToken('origin', chains[0]!.name, 'USDC')
  await form.pickToken('destination', chains[1]!.name, 'USDC')
  await form.amount.fill(amount)
  await form.myAddressButton().click()
  await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
  await expect(form.mainButton).toHaveText('Swap', { timeout: 20_000 })
  await form.swap()
  await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
  await shell.closeDialog()
  await expect(form.dialog).toHaveCount(0)
}

test.describe('swap', () => {
  test('swaps USDC on A for the native coin on B to another recipient, to Completed', async ({
    app,
    account,
    wallet,
    network,
  }) => {
    const { chains, manifest } = network
    const otherRecipient = privateKeyToAccount(generatePrivateKey()).address
    const { page, form } = await app.openConnected({ wallet })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'ETH')
    await form.amount.fill('150')
    await form.recipient.fill(otherRecipient)
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(form.mainButton).toHaveText('Swap')
    const sender = account.address
    const senderBefore = await balanceOf(manifest, 0, 'USDC', sender)
    const recipientBefore = await balanceOf(manifest, 1, 'ETH', otherRecipient)
    // The review says what the wallet will sign, read from the transaction: the settler's open, to the other
    // recipient on B, 150 USDC out, and an approval of exactly that to the settler.
    await form.mainButton.click()
    const signed = form.dialog.getByTestId('signed-transaction')
    const settler = manifest.chains[0]!.contracts.intentOriginSettler as string
    const short = `${settler.slice(0, 6)}…${settler.slice(-4)}`
    await expect(signed.getByTestId('signed-contract')).toHaveText(`Intent Origin Settler · ${short}`)
    await expect(signed.getByTestId('signed-function')).toHaveText('open')
    await expect(signed.getByTestId('signed-recipient')).toHaveAttribute('title', otherRecipient)
    await expect(signed.getByTestId('signed-destination')).toHaveText(chains[1]!.name)
    await expect(signed.getByTestId('signed-amount')).toHaveText('150 USDC')
    await expect(signed.getByTestId('signed-approval')).toHaveText(`Exactly 150 USDC to ${short}`)
    await screenshot(page, 'devnet-review', { fullPage: false })
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    const [swap] = (await storedSwaps(page)).filter((s) => s.status === 'completed')
    expect(swap?.destination.receivedAmount).toBeDefined()
    expect(await balanceOf(manifest, 0, 'USDC', sender)).toBe(senderBefore - 150_000_000n)
    expect(await balanceOf(manifest, 1, 'ETH', otherRecipient)).toBe(
      recipientBefore + BigInt(swap!.destination.receivedAmount!),
    )
    await expect(form.transaction(chains[1]!.name)).toBeVisible() // delivery hash on the destination
  })

  test('moves USDC from A to C through the pool bridge', async ({ app, account, wallet, network }) => {
    const { chains, manifest } = network
    const { form } = await app.openConnected({ wallet })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[2]!.name, 'USDC')
    await form.amount.fill('200')
    await form.myAddressButton().click()
    await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
    await form.route('pool').click()
    const before = await balanceOf(manifest, 2, 'USDC', account.address)
    await form.swap()
    await expect(form.progress()).toHaveText('Completed', { timeout: 90_000 })
    // 30 bps fee
    expect(await balanceOf(manifest, 2, 'USDC', account.address)).toBe(before + 200_000_000n - 600_000n)
  })

  test('approves and deposits with one confirmation when the wallet takes a batch (EIP-5792)', async ({
    app,
    account,
    wallet,
    network,
  }) => {
    const { chains, manifest } = network
    const session = await app.openConnected({ wallet: { ...wallet, sendCalls: true } })
    const { form } = session
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[2]!.name, 'USDC')
    await form.amount.fill('120')
    await form.myAddressButton().click()
    await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
    await form.route('pool').click()
    const before = await balanceOf(manifest, 2, 'USDC', account.address)
    await form.swap()
    await expect(form.progress()).toHaveText('Completed', { timeout: 90_000 })
    expect(await balanceOf(manifest, 2, 'USDC', account.address)).toBe(before + 120_000_000n - 360_000n)
    // The approval and the deposit were one confirmation: no transaction asked on its own.
    const asked = session.wallet!.requests
    expect(asked.filter((method) => method === 'wallet_sendCalls')).toHaveLength(1)
    expect(asked).not.toContain('eth_sendTransaction')
  })

  test('says what is missing, in order, and refuses a balance it does not have', async ({ app, network }) => {
    const { chains } = network
    // A new account with nothing on any chain.
    const { form } = await app.openConnected({ wallet: { initialChainId: chains[0]!.id } })
    await expect(form.mainButton).toHaveText('Choose Token to Swap')
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await expect(form.mainButton).toHaveText('Enter an amount to swap')
    for (const [text, message] of [
      ['1,5', 'Use a dot for decimals, like 1.5'],
      ['1e18', 'Enter a number, like 1.5'],
      ['0', 'Enter an amount greater than zero'],
      ['1.0000001', 'This token has at most 6 decimals'],
      ['-1', 'Enter a number, like 1.5'],
      ['.', 'Enter a number, like 1.5'],
      ['1'.repeat(200), 'The amount is too long'], // pasted whole: never cut to a different amount
    ] as const) {
      await form.amount.fill(text)
      await expect(form.alert(message)).toBeVisible()
      await expect(form.mainButton).toHaveText('Enter an amount to swap')
    }
    await form.amount.fill('0002.50')
    await expect(form.amount).toHaveValue('0002.50')
    await expect(form.alert()).toHaveCount(0)
    await form.amount.fill('2000000')
    await expect(form.mainButton).toHaveText('Enter or select the recipient address')
    await form.myAddressButton().click()
    await expect(form.mainButton).toHaveText('Not enough balance')
  })

  test('refuses invalid and zero recipients, and a bridge contract', async ({ app, wallet, network }) => {
    const { chains } = network
    const { page, form } = await app.openConnected({ wallet })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await form.amount.fill('1')
    await form.recipient.fill('0x1234')
    await expect(page.getByText('Enter a valid address (0x followed by 40 hex digits)')).toBeVisible()
    await form.recipient.fill('0x0000000000000000000000000000000000000000')
    await expect(page.getByText('The zero address cannot receive funds')).toBeVisible()
    await form.recipient.fill('0x14dc79964da2C08b23698B3D3cc7Ca32193d9955')
    await expect(page.getByText('This address has a wrong checksum')).toBeVisible()
    await expect(form.mainButton).toHaveText('Enter or select the recipient address')
    // All one case: no checksum to check (EIP-55); accepted, and the checksummed form is shown.
    await form.recipient.fill('  0x14dc79964da2c08b23698b3d3cc7ca32193d9955 ')
    await expect(page.getByTestId('resolved-recipient')).toHaveText(
      'Sending to 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    )
    await expect(form.mainButton).toHaveText('Swap', { timeout: 20_000 })
    // A name needs Ethereum mainnet, which the local network does not have.
    await form.recipient.fill('vitalik.eth')
    await expect(
      page.getByText('Names like vitalik.eth need Ethereum mainnet: on this network, enter the 0x address'),
    ).toBeVisible()
    await expect(form.mainButton).toHaveText('Enter or select the recipient address')
    // A bridge's own contract on the destination (other contracts: recipientSafety.spec.ts).
    await form.recipient.fill(chains[1]!.contracts.intentDestinationSettler!)
    await expect(
      page.getByText(/^This is the Intent Destination Settler contract on Local Chain B, not a wallet/),
    ).toBeVisible()
    await expect(form.mainButton).toHaveText('Enter or select the recipient address')
  })

  test('searches networks, and finds a token that is not listed by its address', async ({ app, network }) => {
    const usdt = tokenOf(network.manifest, 0, 'USDT')
    const { form } = await app.openConnected({
      wallet: { initialChainId: network.chains[0]!.id },
      // USDT is deployed but left off this list.
      manifest: (m) => ({
        ...m,
        chains: m.chains.map((c) => ({ ...c, tokens: c.tokens.filter((t) => t.symbol !== 'USDT') })),
      }),
    })
    await form.tokenButton('origin').click()
    await form.networkSearch.fill('zzz')
    await expect(form.picker.getByText("No networks matched 'zzz'")).toBeVisible()
    await form.networkSearch.fill('')
    await form.pickerSearch.fill(usdt.address)
    await expect(form.picker.getByText('Not listed')).toBeVisible({ timeout: 15_000 })
    await expect(form.optionSymbols.first()).toContainText('USDT')
  })

  test('keeps gas back on Max, inverts the rate, checks custom slippage, and picks tokens by keyboard', async ({
    app,
    account,
    wallet,
    network,
  }) => {
    const { chains, manifest } = network
    const { page, form } = await app.openConnected({ wallet })
    // Keyboard: type, move down past the end and back up to the second match, Enter picks it.
    await form.tokenButton('origin').click()
    await form.networkButton(chains[0]!.name).click()
    await form.pickerSearch.fill('ETH')
    await page.mouse.move(0, 0) // the pointer also moves the highlight: keep it off the list
    // ETH, WETH, and Tether USD (its name contains "eth"): the best match first.
    await expect(form.optionSymbols).toHaveCount(3)
    const symbols = await form.optionSymbols.allTextContents()
    expect(symbols[0]).toBe('ETH')
    await expect(form.activeOptionSymbol).toHaveText(symbols[0]!)
    for (let i = 0; i <= symbols.length; i++) await page.keyboard.press('ArrowDown') // past the end: stays last
    await expect(form.activeOptionSymbol).toHaveText(symbols.at(-1)!)
    for (let i = 0; i < symbols.length - 2; i++) await page.keyboard.press('ArrowUp')
    await expect(form.activeOptionSymbol).toHaveText(symbols[1]!)
    await expect(form.pickerSearch).toHaveAttribute('aria-activedescendant', /.+/)
    await page.keyboard.press('Enter')
    await expect(form.picker).toHaveCount(0)
    await expect(form.tokenButton('origin')).toContainText(symbols[1]!)
    // Max on the native coin keeps gas back: the route's network cost (exactly: gasBeforeSigning.spec.ts).
    await form.tokenButton('origin').click()
    await form.pickerSearch.fill('ETH')
    await form.option('ETH').click()
    await expect(form.picker).toHaveCount(0)
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await form.maxButton.click()
    await expect(form.amount).not.toHaveValue('')
    const maxWei = parseUnits(await form.amount.inputValue(), 18)
    const native = await balanceOf(manifest, 0, 'ETH', account.address)
    const reserve = native - maxWei
    expect(reserve).toBeGreaterThan(0n)
    expect(reserve).toBeLessThan(10n ** 17n) // a gas reserve, not a rounding of the balance
    await form.amount.fill('0.5')
    await form.myAddressButton().click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: /^1 ETH = / }).click()
    await expect(page.getByRole('button', { name: /^1 USDC = / })).toBeVisible()
    await form.slippage.fill('abc')
    await expect(page.getByText('Slippage must be a percentage from 0 to 50, like 0.5')).toBeVisible()
    await expect(form.mainButton).toHaveText('Check the slippage')
    await form.slippage.fill('1')
    await expect(page.getByTestId('route-receivable')).toContainText('Minimum')
    // The intent route delivers exactly what it quotes, or refunds: a custom slippage is not taken from it.
    await expect(page.getByTestId('route-slippage')).toHaveText('Not applied: exactly the quoted amount, or a refund')
    await expect(form.mainButton).toHaveText('Swap')
  })

  test('filters History by status', async ({ app, wallet, network }) => {
    // This account's own swap, made in another browser.
    await swapToCompleted(await app.openConnected({ wallet }), network.chains, '5')
    const { page, goto, history } = await app.openConnected({ wallet })
    await goto(HISTORY_PATH)
    // A new browser has no local history: it brings this account's swaps back from the chains by itself.
    await expect(history.rows).toHaveCount(1, { timeout: 30_000 })
    await history.filter('Failed').click()
    // A filter with nothing in it says so in its own words, not with the first-run text.
    await expect(history.rows).toHaveCount(0)
    await expect(page.getByText('No failed swaps.')).toBeVisible()
    await expect(history.empty).toHaveCount(0)
    await history.filter('Completed').click()
    await expect(history.rows).toHaveCount(1)
  })

  test('rebuilds History from chain after storage was cleared', async ({ app, wallet, network }) => {
    const session = await app.openConnected({ wallet })
    await swapToCompleted(session, network.chains, '6')
    await swapToCompleted(session, network.chains, '7')
    const { page, goto, shell, history, form } = session
    await goto(HISTORY_PATH)
    await expect(history.rows).toHaveCount(2)
    await page.evaluate(() => localStorage.removeItem('__persist__history'))
    await page.reload()
    await expect(shell.accountButton).toBeVisible()
    // Emptied with the wallet connected: History restores by itself; Restore again finds nothing new.
    await expect(history.rows).toHaveCount(2, { timeout: 30_000 })
    await history.restoreButton.click()
    await expect(shell.statusNotice('Restored 0 swaps from chain')).toBeVisible({ timeout: 30_000 })
    await expect(history.rows).toHaveCount(2)
    await history.rows.first().click()
    await expect(form.progress()).toHaveText('Completed')
    await expect(page).toHaveURL(/#\/pages\/log\/index\?id=0x/)
  })
})

/** Whether `locator` is wholly inside the window (the test's viewport), not below the fold or under its top. */
async function inView(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  const height = page.viewportSize()?.height ?? 0
  return { top: box?.y ?? -1, bottom: box ? box.y + box.height : Number.POSITIVE_INFINITY, height }
}

/** In the page: `element` is one line, inside its row's box (not cut, not running out of it). */
function wholeOnOneLine(element: Element): boolean {
  const row = element.closest('button, li, .swap-field-top') ?? element.parentElement!
  const box = element.getBoundingClientRect()
  const bounds = row.getBoundingClientRect()
  const lines = new Set([...element.getClientRects()].map((rect) => Math.round(rect.top)))
  return lines.size === 1 && box.left >= bounds.left - 0.5 && box.right <= bounds.right + 0.5
}

test.describe('token picker (issue #28 point 9)', () => {
  for (const variant of [
    { id: 'desktop-en', viewport: DESKTOP, lang: 'en', touch: false, connect: 'Connect Wallet' },
    { id: 'phone-zh', viewport: PHONE, lang: 'zh', touch: true, connect: '連接錢包' },
  ] as const) {
    test(`lists the tokens held by their USD value, shown beside the balance; the search box waits for a tap on a touch screen (${variant.id})`, async ({
      app,
      account,
      wallet,
      network,
    }) => {
      const [a] = network.chains
      // 1,000,000 USDC and only 1,000 USDT left: by count USDC, ETH (about 9,900), USDT, WETH (100); the list's own
      // order is ETH, USDC, USDT, WETH; by value (the solver's $3000 ETH, $1 stables) ETH, USDC, WETH, USDT.
      const client = chainClient(a!)
      const usdt = tokenOf(network.manifest, 0, 'USDT')
      const hash = await client.writeContract({
        account,
        address: usdt.address,
        abi: parseAbi(['function transfer(address to, uint256 amount)']),
        functionName: 'transfer',
        args: [privateKeyToAccount(generatePrivateKey()).address, 999_000_000_000n],
      })
      expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success')

      const { page, form } = await app.openConnected({
        wallet,
        viewport: variant.viewport,
        storage: { lang: variant.lang },
        connectLabel: variant.connect,
        touch: variant.touch,
      })
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(variant.touch)
      await form.tokenButton('origin').click()
      await expect(form.picker).toBeVisible()
      if (variant.touch) {
        // No keyboard over the list: nothing to type into has the focus until the person taps the search box.
        await expect(form.picker).toContainText('ETH')
        expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT')
        await expect(page.getByRole('combobox')).not.toBeFocused()
      } else {
        await expect(page.getByRole('combobox')).toBeFocused()
      }
      await form.networkButton(a!.name).click()
      await expect(form.optionSymbols).toHaveText(['ETH', 'USDC', 'WETH', 'USDT'], { timeout: 15_000 })
      const value = (symbol: string) => form.option(symbol).getByTestId('picker-token-value')
      // 10,000 ETH less the 100 wrapped into WETH and the gas spent: about 9,899.9999 ETH.
      await expect(value('ETH')).toHaveText(/^≈ \$29,699,99\d\.\d\d$/)
      await expect(value('USDC')).toHaveText('≈ $1,000,000.00')
      await expect(value('WETH')).toHaveText('≈ $300,000.00')
      await expect(value('USDT')).toHaveText('≈ $1,000.00')
      // Long balances whole, never cut with "…" nor running out of their box (issue #59): 1,000,000 USDC on a phone.
      const amounts = form.picker.getByTestId('picker-token-amount')
      await expect(form.option('USDC').getByTestId('picker-token-amount')).toHaveText(/^1,000,000(\.\d+)?$/)
      for (const amount of await amounts.all()) {
        expect(await amount.textContent()).not.toContain('…')
        expect(await amount.evaluate(wholeOnOneLine)).toBe(true)
      }
      await screenshot(page, `picker-by-value-${variant.id}`, { fullPage: false })
      if (variant.touch) {
        await page.getByRole('combobox').tap()
        await expect(page.getByRole('combobox')).toBeFocused()
      }
      // The form's balance of it, whole on one line beside Max.
      await form.option('USDC').click()
      const balance = page.getByTestId('origin-balance')
      await expect(balance).toContainText('1,000,000')
      expect(await balance.evaluate(wholeOnOneLine)).toBe(true)
    })
  }
})

test.describe('swap layout with routes (issue #28 point 9)', () => {
  test('keeps the main button in view once routes are shown: beside them at 1280×900, a bar at the foot of a phone (en, zh-Hant)', async ({
    app,
    wallet,
    network,
  }) => {
    const { chains } = network
    const { page, form, shell } = await app.openConnected({ wallet, viewport: DESKTOP })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await form.amount.fill('5')
    await form.myAddressButton().click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
    await expect(form.routeDetails).toBeVisible()
    await expect(form.mainButton).toHaveText('Swap', { timeout: 20_000 })
    for (const lang of ['en', 'zh'] as const) {
      if (lang === 'zh') {
        await shell.setLanguage('繁中')
        await expect(form.mainButton).toHaveText('兌換')
      }
      // At the top of the page, as it is when the routes arrive: the button, the routes and their details all seen.
      await page.evaluate(() => window.scrollTo(0, 0))
      const button = await inView(page, form.mainButton)
      expect(button.top).toBeGreaterThan(0)
      expect(button.bottom, `the main button ends below the fold (${lang})`).toBeLessThanOrEqual(DESKTOP.height)
      for (const route of [form.route('intent'), form.route('pool')]) {
        expect((await inView(page, route)).bottom).toBeLessThanOrEqual(DESKTOP.height)
      }
      expect((await inView(page, form.routeDetails)).bottom).toBeLessThanOrEqual(DESKTOP.height)
      await screenshot(page, `swap-routes-desktop-${lang}`, { fullPage: false })
    }

    // A phone: one column; the button stays at the foot of the screen while the routes scroll under it, and the page
    // never scrolls sideways.
    await page.setViewportSize(PHONE)
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') {
        await shell.setLanguage('EN')
        await expect(form.mainButton).toHaveText('Swap')
      }
      for (const at of ['top', 'routes', 'end'] as const) {
        if (at === 'top') await page.evaluate(() => window.scrollTo(0, 0))
        if (at === 'routes') await form.route('pool').scrollIntoViewIfNeeded()
        if (at === 'end') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        const button = await inView(page, form.mainButton)
        expect(button.top, `the main button is off screen (${lang}, ${at})`).toBeGreaterThan(0)
        expect(button.bottom, `the main button is off screen (${lang}, ${at})`).toBeLessThanOrEqual(PHONE.height)
        expect(
          await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0)
        if (at !== 'routes') await screenshot(page, `swap-routes-phone-${lang}-${at}`, { fullPage: false })
        await expectNoticeClear(page, form, `phone, ${lang}, ${at}`)
      }
      // At the end the bar has settled under the details: nothing of them is hidden behind it.
      const details = await inView(page, form.routeDetails)
      expect(details.bottom).toBeLessThanOrEqual((await inView(page, form.mainButton)).top)
    }
  })
})

/**
 * On a phone, a notice, put in the app's own notice area (where `notify` puts one) and placed by the stylesheet,
 * covers nothing of the Swap card (its fields, the routes, the Swap bar): it sits over the navigation bar.
 */
async function expectNoticeClear(page: Page, form: AppSession['form'], where: string) {
  const notice = await page.evaluate(() => {
    const element = document.createElement('div')
    element.className = 'notice notice-info'
    element.textContent = 'Swap completed: 4.95 USDC received on Local Chain B'
    document.querySelector('[data-testid="notices"]')!.append(element)
    const box = element.getBoundingClientRect()
    element.remove()
    return { top: box.top, bottom: box.bottom, left: box.left, right: box.right }
  })
  const parts = [form.mainButton, form.route('intent'), form.route('pool'), page.locator('.swap-card')]
  // What scrolled under the sticky navigation bar is hidden by it already: only what shows below it counts.
  const navBottom = await page.locator('.navbar').evaluate((bar) => bar.getBoundingClientRect().bottom)
  for (const part of parts) {
    const box = await part.boundingBox()
    if (!box) continue
    const top = Math.max(box.y, navBottom)
    const apart =
      top >= box.y + box.height ||
      notice.bottom <= top ||
      notice.top >= box.y + box.height ||
      notice.right <= box.x ||
      notice.left >= box.x + box.width
    expect(apart, `a notice covers ${part} (${where}): ${JSON.stringify(notice)} over ${JSON.stringify(box)}`).toBe(
      true,
    )
  }
}
