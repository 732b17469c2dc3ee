import { isAddressEqual } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { axeViolations, testManifest, useAppBrowser } from './support/app.ts'
import { devnetBalance, storedSwaps } from './support/devnetReads.ts'

// Account 5 sends (the shell tests only connect it); each run sends to a new address with no coin anywhere.
const SENDER = 5
const app = useAppBrowser({ storage: { lang: 'en' } })
const chains = () => testManifest().chains
const openConnected = (lang: 'en' | 'zh' = 'en') =>
  app.openConnected({
    wallet: { accountIndex: SENDER, initialChainId: chains()[0]!.id },
    storage: { lang },
    connectLabel: lang === 'en' ? 'Connect Wallet' : '連接錢包',
  })

describe('gas on arrival', () => {
  it('is on by default for a recipient with no native coin, delivers both the token and the gas, and shows both', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const network = chains()[1]!.name
    const { page, form } = await openConnected()
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', network, 'USDC')
    await form.amount.fill('100')
    await form.recipient.fill(recipient.toLowerCase())

    const gasSwitch = page.getByRole('switch', { name: `Get gas on ${network}` })
    await expect.poll(() => gasSwitch.isChecked(), { timeout: 20_000 }).toBe(true)
    // The intent route delivers gas and comes first; the pool route says it has none.
    const intent = form.route('intent')
    await expect
      .poll(() => intent.getByTestId('route-gas-on-arrival').textContent(), { timeout: 20_000 })
      .toMatch(/^\+0\.001 ETH gas on arrival$/)
    await expect
      .poll(() => form.route('pool').getByTestId('route-gas-on-arrival').textContent(), { timeout: 20_000 })
      .toBe('No gas option')
    expect(await page.locator('.route-card').first().getAttribute('data-testid')).toBe('route-intent')
    await intent.click()
    expect(await page.getByTestId('gas-on-arrival-detail').textContent()).toBe(
      '+0.001 ETH to pay for transactions there, for 3 USDC',
    )
    expect(await page.getByTestId('route-gas').textContent()).toBe('0.001 ETH')
    await page.screenshot({ path: 'test-results/gas-on-arrival-form.png', fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    const tokenBefore = await devnetBalance(1, 'USDC', recipient)
    expect(await devnetBalance(1, 'ETH', recipient)).toBe(0n)
    const dialog = await form.swap()
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000, interval: 200 }).toBe('Completed')
    const [swap] = (await storedSwaps(page)).filter(
      (s) => s.status === 'completed' && isAddressEqual(s.recipient, recipient),
    )
    if (swap?.status !== 'completed') throw new Error('no completed swap stored')
    expect(swap.destination.gas?.amount).toBe('1000000000000000')
    expect(swap.destination.gasReceived).toBe('1000000000000000')
    // Both outputs on chain: the token as received, and exactly the gas.
    expect(await devnetBalance(1, 'USDC', recipient)).toBe(tokenBefore + BigInt(swap.destination.receivedAmount!))
    expect(await devnetBalance(1, 'ETH', recipient)).toBe(1_000_000_000_000_000n)
    expect(await dialog.getByTestId('gas-on-arrival-amount').textContent()).toBe('0.001 ETH')
    await page.screenshot({ path: 'test-results/gas-on-arrival-progress.png', fullPage: true })
    await page.keyboard.press('Escape')

    // History lists both delivered amounts.
    await page.getByRole('link', { name: 'History' }).click()
    await expect
      .poll(() => page.getByTestId('history-row').first().textContent(), { timeout: 10_000 })
      .toContain('+ 0.001 ETH')
  })

  it('is off by default for a recipient that has gas there, can be turned on, and is not offered for a native coin', async () => {
    const network = chains()[1]!.name
    const { page, form } = await openConnected('zh')
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', network, 'USDC')
    await page.getByLabel('發送').fill('50')
    await page.getByRole('button', { name: '我的地址' }).click()
    const gasSwitch = page.getByRole('switch', { name: `在 ${network} 取得 Gas` })
    await expect.poll(() => gasSwitch.isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await gasSwitch.isChecked()).toBe(false)
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await page.getByTestId('route-gas-on-arrival').count()).toBe(0)

    await gasSwitch.check()
    await expect
      .poll(() => form.route('intent').getByTestId('route-gas-on-arrival').textContent(), { timeout: 20_000 })
      .toBe('到帳時另得 +0.001 ETH Gas')

    await form.pickToken('destination', network, 'ETH')
    await expect.poll(() => gasSwitch.count()).toBe(0)
  })
})
