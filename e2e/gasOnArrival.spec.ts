import { isAddressEqual } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { axeViolations, expect, test } from './fixtures/index.ts'
import { balanceOf, storedSwaps } from './support/chainReads.ts'

test.describe('gas on arrival', () => {
  test('is on by default for a recipient with no native coin, delivers both the token and the gas, and shows both', async ({
    app,
    wallet,
    network,
  }, testInfo) => {
    const { chains, manifest } = network
    // Each run sends to a new address with no coin anywhere.
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const destination = chains[1]!.name
    const { page, form, shell } = await app.openConnected({ wallet })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', destination, 'USDC')
    await form.amount.fill('100')
    await form.recipient.fill(recipient.toLowerCase())

    const gasSwitch = page.getByRole('switch', { name: `Get gas on ${destination}` })
    await expect(gasSwitch).toBeChecked({ timeout: 20_000 })
    // The intent route delivers gas; the pool route says it has none. Gas on arrival counts at its value in the
    // ranking, never first by itself: about 96.4 USDC and $3 of ETH (the fill's larger network fee at the chain's
    // gas price) are worth less than the pool's 99.7 USDC, so the pool comes first.
    const intent = form.route('intent')
    await expect(intent.getByTestId('route-gas-on-arrival')).toHaveText(/^\+0\.001 ETH gas on arrival$/, {
      timeout: 20_000,
    })
    await expect(form.route('pool').getByTestId('route-gas-on-arrival')).toHaveText('No gas option', {
      timeout: 20_000,
    })
    await expect(form.routes.first()).toHaveAttribute('data-testid', 'route-pool')
    await intent.click()
    await expect(page.getByTestId('gas-on-arrival-detail')).toHaveText(
      '+0.001 ETH to pay for transactions there, for 3 USDC',
    )
    await expect(page.getByTestId('route-gas')).toHaveText('0.001 ETH')
    await page.screenshot({ path: testInfo.outputPath('gas-on-arrival-form.png'), fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    const tokenBefore = await balanceOf(manifest, 1, 'USDC', recipient)
    expect(await balanceOf(manifest, 1, 'ETH', recipient)).toBe(0n)
    const dialog = await form.swap()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    const [swap] = (await storedSwaps(page)).filter(
      (s) => s.status === 'completed' && isAddressEqual(s.recipient, recipient),
    )
    if (swap?.status !== 'completed') throw new Error('no completed swap stored')
    expect(swap.destination.gas?.amount).toBe('1000000000000000')
    expect(swap.destination.gasReceived).toBe('1000000000000000')
    // Both outputs on chain: the token as received, and exactly the gas.
    expect(await balanceOf(manifest, 1, 'USDC', recipient)).toBe(tokenBefore + BigInt(swap.destination.receivedAmount!))
    expect(await balanceOf(manifest, 1, 'ETH', recipient)).toBe(1_000_000_000_000_000n)
    await expect(dialog.getByTestId('gas-on-arrival-amount')).toHaveText('0.001 ETH')
    await page.screenshot({ path: testInfo.outputPath('gas-on-arrival-progress.png'), fullPage: true })
    await shell.closeDialog()

    // History lists both delivered amounts.
    await shell.link('History').click()
    await expect(page.getByTestId('history-row').first()).toContainText('+ 0.001 ETH')
  })

  test('is off by default for a recipient that has gas there, can be turned on, and is not offered for a native coin', async ({
    app,
    wallet,
    network,
  }) => {
    const { chains } = network
    const destination = chains[1]!.name
    const { page, form } = await app.openConnected({ wallet, storage: { lang: 'zh' }, connectLabel: '連接錢包' })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', destination, 'USDC')
    await form.amountLabelled('發送').fill('50')
    await form.myAddressButton('我的地址').click()
    const gasSwitch = page.getByRole('switch', { name: `在 ${destination} 取得 Gas` })
    await expect(gasSwitch).toBeVisible({ timeout: 20_000 })
    await expect(gasSwitch).not.toBeChecked()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('route-gas-on-arrival')).toHaveCount(0)

    await gasSwitch.check()
    await expect(form.route('intent').getByTestId('route-gas-on-arrival')).toHaveText('到帳時另得 +0.001 ETH Gas', {
      timeout: 20_000,
    })

    await form.pickToken('destination', destination, 'ETH')
    await expect(gasSwitch).toHaveCount(0)
  })
})
