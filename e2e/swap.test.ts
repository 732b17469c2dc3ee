import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { Shell } from './pages/Shell.ts'
import { testManifest, useAppBrowser } from './support/app.ts'
import { devnetBalance, devnetToken, storedSwaps } from './support/devnetReads.ts'

const SWAPPER = 9
const OTHER_RECIPIENT = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955' as const // devnet account 7
const app = useAppBrowser({ storage: { lang: 'en' } })

const chains = () => testManifest().chains
const openConnected = (parameters: Parameters<typeof app.openConnected>[0] = {}) =>
  app.openConnected({ wallet: { accountIndex: SWAPPER, initialChainId: chains()[0]!.id }, ...parameters })

// The tests run in order on one network: the History tests at the end read the swaps made above.
describe('swap', () => {
  it('swaps USDC on A for the native coin on B to another recipient, to Completed', async () => {
    const { page, form, wallet } = await openConnected()
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'ETH')
    await form.amount.fill('150')
    await form.recipient.fill(OTHER_RECIPIENT)
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await form.mainButton.textContent()).toBe('Swap')
    const senderBefore = await devnetBalance(0, 'USDC', wallet!.address)
    const recipientBefore = await devnetBalance(1, 'ETH', OTHER_RECIPIENT)
    const clicked = Date.now()
    await form.swap()
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000, interval: 100 }).toBe('Completed')
    console.log(`intent swap: ${Date.now() - clicked} ms from the Swap click to Completed`)
    const [swap] = (await storedSwaps(page)).filter((s) => s.status === 'completed')
    expect(swap?.destination.receivedAmount).toBeDefined()
    expect(await devnetBalance(0, 'USDC', wallet!.address)).toBe(senderBefore - 150_000_000n)
    expect(await devnetBalance(1, 'ETH', OTHER_RECIPIENT)).toBe(
      recipientBefore + BigInt(swap!.destination.receivedAmount!),
    )
    expect(await page.getByText(/^Local Chain B: 0x/).isVisible()).toBe(true) // delivery hash on the destination
  })

  it('moves USDC from A to C through the pool bridge', async () => {
    const { page, form, wallet } = await openConnected()
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[2]!.name, 'USDC')
    await form.amount.fill('200')
    await page.getByRole('button', { name: 'My address' }).click()
    await expect.poll(() => form.route('pool').isVisible(), { timeout: 20_000 }).toBe(true)
    await form.route('pool').click()
    const before = await devnetBalance(2, 'USDC', wallet!.address)
    await form.swap()
    await expect.poll(() => form.progress().textContent(), { timeout: 90_000 }).toBe('Completed')
    expect(await devnetBalance(2, 'USDC', wallet!.address)).toBe(before + 200_000_000n - 600_000n) // 30 bps fee
  })

  it('says what is missing, in order, and refuses a balance it does not have', async () => {
    const { page, form } = await openConnected()
    expect(await form.mainButton.textContent()).toBe('Choose Token to Swap')
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'USDC')
    expect(await form.mainButton.textContent()).toBe('Enter an amount to swap')
    for (const [text, message] of [
      ['1,5', 'Use a dot for decimals, like 1.5'],
      ['1e18', 'Enter a number, like 1.5'],
      ['0', 'Enter an amount greater than zero'],
      ['1.0000001', 'This token has at most 6 decimals'],
      ['-1', 'Enter a number, like 1.5'],
      ['.', 'Enter a number, like 1.5'],
      ['1'.repeat(200), 'The amount is too long'], // pasted whole: never cut to a different amount
    ]) {
      await form.amount.fill(text as string)
      await expect
        .poll(() =>
          page
            .getByRole('alert')
            .filter({ hasText: message as string })
            .isVisible(),
        )
        .toBe(true)
      expect(await form.mainButton.textContent()).toBe('Enter an amount to swap')
    }
    await form.amount.fill('0002.50')
    expect(await form.amount.inputValue()).toBe('0002.50')
    await expect.poll(() => page.getByRole('alert').count()).toBe(0)
    await form.amount.fill('2000000')
    expect(await form.mainButton.textContent()).toBe('Enter or select the recipient address')
    await page.getByRole('button', { name: 'My address' }).click()
    await expect.poll(() => form.mainButton.textContent()).toBe('Not enough balance')
  })

  it('refuses invalid and zero recipients and warns about contracts', async () => {
    const { page, form } = await openConnected()
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'USDC')
    await form.amount.fill('1')
    await form.recipient.fill('0x1234')
    await expect
      .poll(() => page.getByText('Enter a valid address (0x followed by 40 hex digits)').isVisible())
      .toBe(true)
    await form.recipient.fill('0x0000000000000000000000000000000000000000')
    await expect.poll(() => page.getByText('The zero address cannot receive funds').isVisible()).toBe(true)
    await form.recipient.fill('0x14dc79964da2C08b23698B3D3cc7Ca32193d9955')
    await expect.poll(() => page.getByText('This address has a wrong checksum').isVisible()).toBe(true)
    expect(await form.mainButton.textContent()).toBe('Enter or select the recipient address')
    // All one case: no checksum to check (EIP-55); accepted, and the checksummed form is shown.
    await form.recipient.fill('  0x14dc79964da2c08b23698b3d3cc7ca32193d9955 ')
    await expect
      .poll(() => page.getByTestId('resolved-recipient').textContent())
      .toBe('Sending to 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955')
    await expect.poll(() => form.mainButton.textContent(), { timeout: 20_000 }).toBe('Swap')
    // A name needs Ethereum mainnet, which the local network does not have.
    await form.recipient.fill('vitalik.eth')
    await expect
      .poll(() =>
        page
          .getByText('Names like vitalik.eth need Ethereum mainnet: on this network, enter the 0x address')
          .isVisible(),
      )
      .toBe(true)
    expect(await form.mainButton.textContent()).toBe('Enter or select the recipient address')
    await form.recipient.fill(chains()[1]!.contracts.intentDestinationSettler!)
    await expect.poll(() => page.getByText(/is a contract on Local Chain B/).isVisible()).toBe(true)
  })

  it('searches networks, and finds a token that is not listed by its address', async () => {
    const usdt = devnetToken(0, 'USDT')
    const { page } = await openConnected({
      // USDT is deployed but left off this list.
      manifest: (m) => ({
        ...m,
        chains: m.chains.map((c) => ({ ...c, tokens: c.tokens.filter((t) => t.symbol !== 'USDT') })),
      }),
    })
    await page.getByTestId('origin-token').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByPlaceholder('Search Network').fill('zzz')
    await expect.poll(() => dialog.getByText("No networks matched 'zzz'").isVisible()).toBe(true)
    await dialog.getByPlaceholder('Search Network').fill('')
    await dialog.getByPlaceholder('Input token symbol or contract address').fill(usdt.address)
    await expect.poll(() => dialog.getByText('Not listed').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await dialog.locator('.picker-token-symbol').first().textContent()).toContain('USDT')
  })

  it('keeps gas back on Max, inverts the rate, checks custom slippage, and picks tokens by keyboard', async () => {
    const { page, form, wallet } = await openConnected()
    // Keyboard: type, move down past the end and back up to the second match, Enter picks it.
    await page.getByTestId('origin-token').click()
    const dialog = page.getByRole('dialog')
    await dialog
      .getByRole('button', { name: new RegExp(chains()[0]!.name) })
      .first()
      .click()
    const search = dialog.getByPlaceholder('Input token symbol or contract address')
    await search.fill('ETH')
    await page.mouse.move(0, 0) // the pointer also moves the highlight: keep it off the list
    // ETH, WETH, and Tether USD (its name contains "eth"): the best match first.
    await expect.poll(() => dialog.locator('.picker-token-symbol').count()).toBeGreaterThanOrEqual(3)
    const symbols = await dialog.locator('.picker-token-symbol').allTextContents()
    expect(symbols[0]).toBe('ETH')
    const activeSymbol = () =>
      dialog.locator('[role="option"][aria-selected="true"] .picker-token-symbol').textContent()
    expect(await activeSymbol()).toBe(symbols[0])
    for (let i = 0; i <= symbols.length; i++) await page.keyboard.press('ArrowDown') // past the end: stays last
    expect(await activeSymbol()).toBe(symbols.at(-1))
    for (let i = 0; i < symbols.length - 2; i++) await page.keyboard.press('ArrowUp')
    expect(await activeSymbol()).toBe(symbols[1])
    expect(await search.getAttribute('aria-activedescendant')).toBeTruthy()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByTestId('origin-token').locator('.token-symbol').textContent()).toBe(symbols[1])
    // Max on the native coin keeps gas back: exactly gas price × 600,000 at the time it was read.
    await page.getByTestId('origin-token').click()
    await dialog.getByPlaceholder('Input token symbol or contract address').fill('ETH')
    await dialog.locator('[role="option"]', { has: page.locator('.picker-token-symbol', { hasText: /^ETH$/ }) }).click()
    await dialog.waitFor({ state: 'detached' })
    await form.pickToken('destination', chains()[1]!.name, 'USDC')
    await page.getByRole('button', { name: 'Max', exact: true }).click()
    await expect.poll(() => form.amount.inputValue()).not.toBe('')
    const maxWei = parseUnits(await form.amount.inputValue(), 18)
    const native = await devnetBalance(0, 'ETH', wallet!.address)
    const reserve = native - maxWei
    expect(reserve).toBeGreaterThan(0n)
    expect(reserve).toBeLessThan(10n ** 17n) // a gas reserve, not a rounding of the balance
    expect(reserve % 600_000n).toBe(0n)
    await form.amount.fill('0.5')
    await page.getByRole('button', { name: 'My address' }).click()
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    const rate = page.getByRole('button', { name: /^1 ETH = / })
    await rate.click()
    await expect.poll(() => page.getByRole('button', { name: /^1 USDC = / }).isVisible()).toBe(true)
    const slippage = page.getByPlaceholder('Auto')
    await slippage.fill('abc')
    await expect
      .poll(() => page.getByText('Slippage must be a percentage from 0 to 50, like 0.5').isVisible())
      .toBe(true)
    expect(await form.mainButton.textContent()).toBe('Check the slippage')
    await slippage.fill('1')
    await expect.poll(() => page.getByTestId('route-receivable').textContent()).toMatch(/Minimum/)
    await expect.poll(() => page.getByText('1.00%').isVisible()).toBe(true)
    expect(await form.mainButton.textContent()).toBe('Swap')
  })

  it('filters History by status', async () => {
    const { page, goto } = await openConnected()
    await goto('#/pages/log/index')
    // A new browser has no local history: bring this account's swaps back from the chains first.
    await page.getByRole('button', { name: 'Restore from chain' }).click()
    await expect.poll(() => page.getByTestId('history-row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1)
    await page.getByRole('button', { name: 'Failed', exact: true }).click()
    await expect.poll(() => page.getByText('No swaps yet').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Completed', exact: true }).click()
    await expect.poll(() => page.getByTestId('history-row').count()).toBeGreaterThanOrEqual(1)
  })

  it('rebuilds History from chain after storage was cleared', async () => {
    const { page, goto } = await openConnected()
    await goto('#/pages/log/index')
    await page.evaluate(() => localStorage.removeItem('__persist__history'))
    await page.reload()
    await expect.poll(() => page.getByText('No swaps yet').isVisible()).toBe(true)
    const shell = new Shell(page)
    await expect.poll(() => shell.accountButton.isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Restore from chain' }).click()
    await expect.poll(() => page.getByTestId('history-row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    await page.getByTestId('history-row').first().click()
    await expect.poll(() => page.getByTestId('swap-progress').textContent()).toBe('Completed')
    expect(page.url()).toContain('#/pages/log/index?id=0x')
  })
})
