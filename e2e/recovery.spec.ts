import { isAddressEqual } from 'viem'
import { expect, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import { balanceOf, tokenOf } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'
import { emptiedAtDeposit, solverInventory } from './support/solverInventory.ts'
import { DESKTOP, PHONE } from './support/views.ts'

/**
 * The re-quote that fails (issue #59): each view its own pair of chains and its own solver inventory to empty, as
 * browser tests run side by side on one network (no other test is paid out in WETH on A or B).
 */
const REQUOTE_VIEWS = [
  {
    id: 'desktop, en',
    viewport: DESKTOP,
    lang: 'en',
    from: 0,
    to: 1,
    connect: 'Connect Wallet',
    send: 'Send',
    myAddress: 'My address',
    swap: 'Swap',
    gone: 'This route is no longer available, so nothing left your wallet. Check the routes again.',
  },
  {
    id: 'phone, zh-Hant',
    viewport: PHONE,
    lang: 'zh',
    from: 1,
    to: 0,
    connect: '連接錢包',
    send: '發送',
    myAddress: '我的地址',
    swap: '兌換',
    gone: '這條路線已無法使用，因此沒有任何款項離開您的錢包。請重新查看路線。',
  },
] as const

test.describe('recovery', () => {
  test('lets the person reject the approval, then retry and complete', async ({ app, account, wallet, network }) => {
    const { chains, manifest } = network
    const { form, wallet: installed } = await app.openConnected({ wallet })
    await form.pickToken('origin', chains[1]!.name, 'USDC')
    await form.pickToken('destination', chains[0]!.name, 'USDC')
    await form.amount.fill('30')
    await form.myAddressButton().click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await form.route('intent').click()
    const before = await balanceOf(manifest, 1, 'USDC', account.address)
    installed!.reject.add('eth_sendTransaction')
    const dialog = await form.swap()
    await expect(dialog.getByRole('alert')).toHaveText('The request was rejected in the wallet')
    expect(await balanceOf(manifest, 1, 'USDC', account.address)).toBe(before)
    installed!.reject.clear()
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    expect(await balanceOf(manifest, 1, 'USDC', account.address)).toBe(before - 30_000_000n)
  })

  for (const view of REQUOTE_VIEWS) {
    test(`a route gone when its quote is fetched again after the approval stops at the deposit step, saying nothing left the wallet (${view.id})`, async ({
      app,
      account,
      wallet,
      network,
    }) => {
      const { chains, manifest } = network
      const origin = chains[view.from]!
      const session = await app.openConnected({
        wallet: { ...wallet, initialChainId: origin.id },
        viewport: view.viewport,
        storage: { lang: view.lang },
        connectLabel: view.connect,
        // The page's clock runs as the real one until the test moves it on.
        initScripts: [(page) => page.clock.install()],
      })
      const { page, form, wallet: installed } = session
      await form.pickToken('origin', origin.name, 'USDC')
      await form.pickToken('destination', chains[view.to]!.name, 'WETH')
      await form.amountLabelled(view.send).fill('40')
      await form.myAddressButton(view.myAddress).click()
      await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
      await form.route('intent').click()
      const before = await balanceOf(manifest, view.from, 'USDC', account.address)
      const usdc = tokenOf(manifest, view.from, 'USDC').address
      const inventory = await solverInventory(manifest, view.to, 'WETH')
      // As the approval is sent, a minute passes for the page (the quote ages past its validity) and the solver runs
      // dry: the quote fetched again before the deposit is refused.
      installed!.beforeSend = async (transaction) => {
        if (!transaction.to || !isAddressEqual(transaction.to, usdc)) return
        await inventory.empty()
        await page.clock.fastForward(70_000)
      }
      try {
        const dialog = await form.swap(view.swap)
        await expect(dialog.getByRole('alert')).toHaveText(view.gone, { timeout: 30_000 })
        // Shown at the step it stopped: the approval done, the deposit failed, the delivery never started.
        const steps = dialog.getByTestId('step')
        await expect(steps.nth(1)).toHaveAttribute('data-state', 'done')
        await expect(steps.nth(2)).toHaveAttribute('data-state', 'failed')
        await expect(steps.nth(3)).toHaveAttribute('data-state', 'waiting')
        // Said once, in the dialog: no notice over the dialog's top saying it again.
        await expect(session.shell.notices.getByRole('alert')).toHaveCount(0)
        await screenshot(page, `requote-refused-${view.lang}`, { fullPage: false })
        expect(await balanceOf(manifest, view.from, 'USDC', account.address)).toBe(before)
        expect(installed!.calls.filter((call) => call.method === 'eth_sendTransaction')).toHaveLength(1)
      } finally {
        installed!.beforeSend = undefined
        await inventory.putBack()
      }
    })
  }

  test('keeps tracking a swap across a reload', async ({ app, account, wallet, network }) => {
    const { chains, manifest } = network
    const { page, form, goto, history } = await app.openConnected({ wallet })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[2]!.name, 'USDC')
    await form.amount.fill('40')
    await form.myAddressButton().click()
    await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
    await form.route('pool').click()
    const before = await balanceOf(manifest, 2, 'USDC', account.address)
    await form.swap()
    // As soon as the deposit is sent (the approval, then the deposit on A), the person reloads.
    await expect(form.transaction(chains[0]!.name).nth(1)).toBeVisible({ timeout: 30_000 })
    await page.reload()
    await goto(HISTORY_PATH)
    await expect(history.rows.first()).toContainText('Completed', { timeout: 60_000 })
    expect(await balanceOf(manifest, 2, 'USDC', account.address)).toBe(before + 40_000_000n - 120_000n)
  })

  test('follows a batch the wallet accepted after a reload, though the page never learnt its deposit (EIP-5792)', async ({
    app,
    account,
    wallet,
    network,
  }) => {
    const { chains, manifest } = network
    const session = await app.openConnected({ wallet: { ...wallet, sendCalls: true } })
    const { page, form, goto, history } = session
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[2]!.name, 'USDC')
    await form.amount.fill('35')
    await form.myAddressButton().click()
    await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
    await form.route('pool').click()
    const before = await balanceOf(manifest, 2, 'USDC', account.address)
    // The wallet takes the batch (approval and deposit) and sends it, but its status does not answer: the page never
    // learns the deposit's hash.
    session.wallet!.fail.set('wallet_getCallsStatus', { code: -32603, message: 'Status unavailable' })
    const dialog = await form.swap()
    await expect(dialog.getByRole('alert')).toContainText('Sent, not confirmed yet', { timeout: 30_000 })
    // Delivered meanwhile (30 bps fee): the money arrived while the page could not say so.
    await expect
      .poll(() => balanceOf(manifest, 2, 'USDC', account.address), { timeout: 60_000 })
      .toBe(before + 35_000_000n - 105_000n)
    // The wallet answers again, after a reload: it is asked what became of the batch, and the swap is followed.
    session.wallet!.fail.clear()
    await page.reload()
    await goto(HISTORY_PATH)
    await expect(history.rows.first()).toContainText('Completed', { timeout: 60_000 })
    await expect(history.rows).toHaveCount(1)
    await screenshot(page, 'batch-followed-after-reload', { fullPage: false })
  })

  test('refunds a swap that nobody fills: countdown, then Refund returns the funds', async ({
    app,
    account,
    wallet,
    network,
  }) => {
    test.setTimeout(240_000)
    const { chains, manifest } = network
    const { form, shell, wallet: testWallet } = await app.openConnected({ wallet })
    // USDT on B: no other test is paid out in it, so emptying the solver's USDT there stops only this order.
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDT')
    await form.amount.fill('25')
    await form.myAddressButton().click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await form.route('intent').click()
    const before = await balanceOf(manifest, 0, 'USDC', account.address)
    // As the deposit is sent, the solver can no longer fill on B.
    const settler = manifest.chains[0]!.contracts.intentOriginSettler!
    const putBack = emptiedAtDeposit(testWallet!, await solverInventory(manifest, 1, 'USDT'), settler)
    try {
      const dialog = await form.swap()
      // "Revocation available after" counts down live while nobody fills the order (a 60 s fill window here).
      const countdown = dialog.getByTestId('revocation-countdown')
      await expect(countdown).toHaveText(/^\d+:\d{2}$/, { timeout: 30_000 })
      const first = (await countdown.textContent()) ?? ''
      expect(first).not.toBe('0:00')
      await expect(countdown).not.toHaveText(first)
      // Not delivered: the money waits for the person's refund (amber), not a bare Failed; "Refund opens soon" until
      // the refund can be made.
      await expect(form.progress()).toHaveText('Refund opens soon', { timeout: 90_000 })
      expect(await balanceOf(manifest, 0, 'USDC', account.address)).toBe(before - 25_000_000n)
      await expect(countdown).toBeVisible()
      // The countdown ends when the no-fill attestation can exist: once the deadline is final on B, not at the
      // deadline itself (moneyWaiting.spec.ts times it). The person clicks once, when Refund is enabled.
      const refund = form.refundButton()
      await expect(refund).toBeEnabled({ timeout: 60_000 })
      await expect(form.progress()).toHaveText('Refund available')
      await refund.click()
      await expect(dialog.getByTestId('status-detail')).toHaveText('Refunded', { timeout: 60_000 })
      // One click, no error: nothing was shown but the refund.
      await expect(shell.notices.getByRole('alert')).toHaveCount(0)
      await expect(dialog.getByRole('alert')).toHaveCount(0)
      // A refunded swap delivered nothing, and says so.
      await expect(dialog.getByTestId('step').filter({ hasText: 'Delivery' })).toHaveAttribute('data-state', 'skipped')
      // SPEC §5: not delivered and refunded is still Failed; the refund step is done.
      await expect(form.progress()).toHaveText('Failed')
      await expect(dialog.getByTestId('step').filter({ hasText: 'Refund' })).toHaveAttribute('data-state', 'done')
      expect(await balanceOf(manifest, 0, 'USDC', account.address)).toBe(before)
    } finally {
      await putBack()
    }
  })

  test('does a full swap in Traditional Chinese', async ({ app, account, wallet, network }) => {
    const { chains, manifest } = network
    const { page, form } = await app.openConnected({ wallet, storage: { lang: 'zh' }, connectLabel: '連接錢包' })
    await expect(form.mainButton).toHaveText('選擇要兌換的代幣')
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await expect(form.mainButton).toHaveText('輸入兌換數量')
    await form.amountLabelled('發送').fill('12')
    await form.myAddressButton('我的地址').click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('預計到賬時間')).toBeVisible()
    const before = await balanceOf(manifest, 1, 'USDC', account.address)
    await form.swap('兌換')
    await expect(form.progress()).toHaveText('已完成', { timeout: 60_000 })
    expect(await balanceOf(manifest, 1, 'USDC', account.address)).toBeGreaterThan(before)
  })
})
