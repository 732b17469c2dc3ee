import { expect, test } from './fixtures/index.ts'
import { hangRpc } from './support/rpcHang.ts'
import { screenshot } from './support/screenshot.ts'
import { DESKTOP, PHONE } from './support/views.ts'

const WORDS = {
  en: {
    connect: 'Connect Wallet',
    send: 'Send',
    myAddress: 'My address',
    swap: 'Swap',
    completed: 'Completed',
    history: 'History',
    takingLonger: 'Taking longer than usual',
    findingRoutes: 'Finding routes…',
    stuckChain: (network: string) =>
      `${network} is not answering, so this swap can't be checked there. The transfer goes on by itself; this page updates as soon as the network answers.`,
    notAnswering: (network: string) => `${network} is not answering`,
    said: (provider: string, reason: string) => `${provider}: ${reason}`,
    solverOutOfSight: (network: string) => `Intent Bridge: Can't reach ${network} right now. Try again shortly.`,
    balance: (network: string) =>
      `${network}'s RPC is not answering, so the balance can't be read. It will show again when it answers.`,
    balanceUnknown: 'Balance: —Retry',
    retry: 'Retry',
  },
  zh: {
    connect: '連接錢包',
    send: '發送',
    myAddress: '我的地址',
    swap: '兌換',
    completed: '已完成',
    history: '歷史記錄',
    takingLonger: '比平常久',
    findingRoutes: '正在尋找路由…',
    stuckChain: (network: string) =>
      `${network} 沒有回應，暫時無法在該鏈上確認這筆兌換。轉帳會自行繼續；網路恢復回應後，本頁會立即更新。`,
    notAnswering: (network: string) => `${network} 沒有回應`,
    said: (provider: string, reason: string) => `${provider}：${reason}`,
    solverOutOfSight: (network: string) => `Intent Bridge：目前無法連線到 ${network}，請稍後重試。`,
    balance: (network: string) => `${network} 的 RPC 沒有回應，無法讀取餘額。RPC 恢復後會自動顯示。`,
    balanceUnknown: '餘額：—重試',
    retry: '重試',
  },
} as const

const LAYOUTS = [
  ['desktop', DESKTOP, 'en'],
  ['phone', PHONE, 'zh'],
] as const

test.describe('stuck is told', () => {
  for (const [layout, viewport, lang] of LAYOUTS) {
    const words = WORDS[lang]

    test(`names the destination chain that stops answering after the deposit, never a silent "0:00" (${layout}, ${lang})`, async ({
      app,
      wallet,
      network,
    }) => {
      test.setTimeout(180_000)
      const { chains } = network
      const b = chains[1]!
      const { page, form, shell, history } = await app.openConnected({
        wallet,
        viewport,
        storage: { lang },
        connectLabel: words.connect,
      })
      await form.pickToken('origin', chains[0]!.name, 'USDC')
      await form.pickToken('destination', b.name, 'USDC')
      await form.amountLabelled(words.send).fill('10')
      await form.myAddressButton(words.myAddress).click()
      await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
      await form.route('intent').click()
      await form.mainButton.click()
      // From the deposit on, this page cannot reach chain B (the solver still fills there).
      const hung = await hangRpc(page, b.rpcUrls[0]!)
      await form.confirm(words.swap)
      const dialog = form.dialog
      await expect(dialog.getByTestId('unreachable')).toHaveText(words.stuckChain(b.name), { timeout: 30_000 })
      await screenshot(page, `stuck-destination-down-${layout}-${lang}`)
      // Past the deadline and the refund's time by the clock (a 60 s fill window here): the row says why it
      // cannot tell, instead of "0:00" with no button.
      const countdown = dialog.getByTestId('revocation-countdown')
      await expect(countdown).toHaveText(words.notAnswering(b.name), { timeout: 120_000 })
      await expect(countdown).not.toHaveText('0:00')
      await screenshot(page, `stuck-destination-down-past-deadline-${layout}-${lang}`)
      // History says the same of its row: how long it has been, and which chain does not answer.
      await page.keyboard.press('Escape')
      await shell.link(words.history).click()
      const row = history.rows.first()
      await expect(row.getByTestId('history-taking-longer')).toContainText(words.takingLonger)
      await expect(row.getByTestId('history-unreachable')).toHaveText(words.notAnswering(b.name))
      await screenshot(page, `stuck-destination-down-history-${layout}-${lang}`)
      // B answers again: the fill it made long ago is seen, and the swap is Completed.
      await hung.release()
      await expect(row.getByTestId('history-status')).toHaveText(words.completed, { timeout: 30_000 })
      await expect(row.getByTestId('history-unreachable')).toHaveCount(0)
    })

    test(`ends "Finding routes…" naming the chain whose RPC hangs, and keeps the other routes (${layout}, ${lang})`, async ({
      app,
      wallet,
      network,
    }) => {
      const { chains } = network
      const c = chains[2]!
      const { page, form } = await app.openConnected({
        wallet,
        viewport,
        storage: { lang },
        connectLabel: words.connect,
      })
      const hung = await hangRpc(page, c.rpcUrls[0]!)
      await form.pickToken('origin', chains[0]!.name, 'USDC')
      await form.pickToken('destination', c.name, 'USDC')
      await form.amountLabelled(words.send).fill('10')
      const started = Date.now()
      await form.myAddressButton(words.myAddress).click()
      await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
      const pool = page.getByTestId('route-error-pool')
      await expect(pool).toHaveText(words.said('Liquidity Pool Bridge', words.notAnswering(c.name)), {
        timeout: 20_000,
      })
      const elapsed = Date.now() - started
      console.log(`[routes] ${layout}/${lang}: the pool's quote with C hanging ended, naming C, after ${elapsed} ms`)
      await expect(page.getByText(words.findingRoutes)).toHaveCount(0)
      await screenshot(page, `stuck-route-chain-down-${layout}-${lang}`)
      await hung.release()
    })

    test(`names the network the bridge's solver cannot reach, keeps the other routes, and quotes again once it can (${layout}, ${lang})`, async ({
      app,
      wallet,
      network,
    }) => {
      const { chains } = network
      const b = chains[1]!
      const { page, form } = await app.openConnected({
        wallet,
        viewport,
        storage: { lang },
        connectLabel: words.connect,
      })
      // The solver's own RPC to B is down (services/solver/watch.ts): it refuses to quote a route it cannot follow.
      await page.route('**/v1/quote?**', (route) =>
        route.fulfill({
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '5', 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            error: { code: 'CHAIN_UNAVAILABLE', message: `The solver cannot read ${b.name} right now`, chainId: b.id },
          }),
        }),
      )
      await form.pickToken('origin', chains[0]!.name, 'USDC')
      await form.pickToken('destination', b.name, 'USDC')
      await form.amountLabelled(words.send).fill('10')
      await form.myAddressButton(words.myAddress).click()
      await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('route-error-intent')).toHaveText(words.solverOutOfSight(b.name))
      // The provider that cannot quote holds up nothing: the pool's route can be swapped.
      await expect(form.mainButton).toHaveText(words.swap)
      await expect(form.mainButton).toBeEnabled({ timeout: 20_000 })
      await screenshot(page, `solver-out-of-sight-${layout}-${lang}`)
      await page.unroute('**/v1/quote?**')
      await form.amountLabelled(words.send).fill('11')
      await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('route-error-intent')).toHaveCount(0)
    })

    test(`says within 10 s that the origin balance cannot be read, and reads it again on Retry (${layout}, ${lang})`, async ({
      app,
      wallet,
      network,
    }) => {
      const { chains } = network
      const a = chains[0]!
      const { page, form } = await app.openConnected({
        wallet,
        viewport,
        storage: { lang },
        connectLabel: words.connect,
      })
      const hung = await hangRpc(page, a.rpcUrls[0]!)
      await form.pickToken('origin', a.name, 'USDC')
      const started = Date.now()
      await expect(page.getByTestId('rpc-unreachable')).toHaveText(words.balance(a.name), { timeout: 12_000 })
      const elapsed = Date.now() - started
      console.log(`[balance] ${layout}/${lang}: origin RPC hanging, said after ${elapsed} ms`)
      await expect(page.getByTestId('origin-balance')).toHaveText(words.balanceUnknown)
      await screenshot(page, `stuck-balance-unreadable-${layout}-${lang}`)
      await hung.release()
      await page.getByTestId('origin-balance').getByRole('button', { name: words.retry }).click()
      await expect(page.getByTestId('rpc-unreachable')).toHaveCount(0, { timeout: 15_000 })
      await expect(form.maxButton.or(page.getByRole('button', { name: '最大', exact: true }))).toHaveCount(1)
    })
  }
})
