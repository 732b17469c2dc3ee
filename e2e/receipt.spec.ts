import { axeViolations, ENGLISH, expect, test } from './fixtures/index.ts'
import { screenshot } from './support/screenshot.ts'
import { PHONE_ZH } from './support/views.ts'

// A receipt anyone can open (issue #57 points 1 and 2): a swap's "Copy link" opens it in another browser with no wallet
// and no storage, read from the chains by its deposit, with the figures its own History detail shows; "Copy for
// support" gives its facts and the warning against fake support agents; a hash that is no deposit says so.

const VIEWS = [
  {
    name: 'desktop, English',
    shot: 'en-1280',
    open: { storage: ENGLISH },
    words: {
      amount: 'Send',
      mine: 'My address',
      swap: 'Swap',
      completed: 'Completed',
      receipt: 'Swap receipt',
      copySupport: 'Copy for support',
      copyLink: 'Copy link',
      provider: 'Provider: Liquidity Pool Bridge',
      warning: /No real support agent ever asks for your seed phrase/,
      unknown: (network: string) => `This transaction on ${network} is no deposit this app knows.`,
      badHash: "This receipt link's transaction is not a transaction hash.",
      delivered: /^Delivered 39\.\d+ USDC on /,
      record: '1: 1 completed, 0 refunded, 0 failed',
      quote: 'Received against the quote',
      providers: 'Providers',
      noRoute: 'No route available',
      oneHidden: 'Routes from Liquidity Pool Bridge are hidden.',
      allHidden: /^Every route found is from a provider you hid: Liquidity Pool Bridge.+Intent Bridge\./,
      showThem: 'Show them',
    },
  },
  {
    name: 'phone, Traditional Chinese',
    shot: 'zh-390',
    open: PHONE_ZH,
    words: {
      amount: '發送',
      mine: '我的地址',
      swap: '兌換',
      completed: '已完成',
      receipt: '兌換收據',
      copySupport: '複製給客服',
      copyLink: '複製連結',
      provider: '提供者: Liquidity Pool Bridge',
      warning: /真正的客服絕不會向您索取助記詞/,
      unknown: (network: string) => `${network} 上的這筆交易不是本應用已知的存入。`,
      badHash: '此收據連結中的交易不是有效的交易雜湊。',
      delivered: /^已在 .* 交付 39\.\d+ USDC$/,
      record: '1 筆：1 筆完成、0 筆退款、0 筆失敗',
      quote: '實收對報價',
      providers: '提供者',
      noRoute: '沒有可用路由',
      oneHidden: '已隱藏 Liquidity Pool Bridge 的路由。',
      allHidden: /^找到的路由都來自您隱藏的提供者：Liquidity Pool Bridge.+Intent Bridge。/,
      showThem: '查看全部',
    },
  },
] as const

for (const view of VIEWS) {
  test.describe(`a receipt anyone can open (${view.name})`, () => {
    test("a completed swap's receipt, opened with no wallet and no storage, reads as its History detail", async ({
      app,
      wallet,
      network,
    }) => {
      const [a, b] = network.chains
      const { page, form, context } = await app.openConnected({ wallet, ...view.open })
      await form.enterUsdcToMyself(a!.name, b!.name, '40', view.words)
      await form.chooseRoute('pool', view.words.swap)
      const dialog = await form.swap(view.words.swap)
      await expect(form.progress()).toHaveText(view.words.completed, { timeout: 90_000 })
      const own = await form.detailRows(dialog)

      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
      await dialog.getByTestId('copy-support').click()
      const support = await page.evaluate(() => navigator.clipboard.readText())
      expect(support).toContain(view.words.provider)
      expect(support).toMatch(view.words.warning)
      await dialog.getByTestId('copy-receipt-link').click()
      const link = await page.evaluate(() => navigator.clipboard.readText())
      expect(link).toMatch(/#\/pages\/log\/index\?chain=\d+&tx=0x[0-9a-f]{64}$/)
      expect(support).toContain(link)
      const depositTx = new URL(link).hash.split('tx=')[1]!
      expect(support).toContain(depositTx)

      // Someone else, elsewhere: a fresh browser, no wallet, nothing stored but the language.
      const stranger = await app.open({ ...view.open, wallet: false })
      await stranger.goto(new URL(link).hash)
      const receipt = stranger.page.getByRole('dialog')
      await expect(receipt.getByRole('heading', { name: view.words.receipt })).toBeVisible({ timeout: 30_000 })
      await expect(stranger.form.progress()).toHaveText(view.words.completed)
      expect(await stranger.form.detailRows(receipt)).toEqual(own)
      // Said of the swap, not of "you": whoever opens it may not be the person who received it.
      await expect(receipt.locator('#swap-ending-title')).toHaveText(view.words.delivered)
      await expect(receipt.getByTestId('new-swap')).toHaveCount(0)
      await screenshot(stranger.page, `receipt-${view.shot}`)
      expect(await axeViolations(stranger.page)).toEqual([])
      // Nothing was kept on that device: its History is still empty.
      expect(await stranger.page.evaluate(() => localStorage.getItem('__persist__history'))).toBeNull()

      // The person's own History: the provider's record from their swaps.
      await page.keyboard.press('Escape')
      await page.goto(new URL('#/pages/log/index', page.url()).toString())
      const records = page.getByTestId('provider-record')
      await expect(records).toHaveCount(1, { timeout: 20_000 })
      await expect(records.first()).toContainText('Liquidity Pool Bridge')
      await expect(records.first()).toContainText(view.words.record)
      await expect(records.first()).toContainText(view.words.quote)
      await page.getByTestId('provider-records').scrollIntoViewIfNeeded()
      await screenshot(page, `provider-records-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])
    })

    test('the routes of a provider the person hid are left out, kept so across a reload, said, and shown again in one click', async ({
      app,
      wallet,
      network,
    }) => {
      const [a, b] = network.chains
      const { page, form } = await app.openConnected({ wallet, ...view.open })
      await form.enterUsdcToMyself(a!.name, b!.name, '40', view.words)
      await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
      await expect(form.route('intent')).toBeVisible()
      const filter = page.getByTestId('provider-filter')
      const toggle = page.getByTestId('provider-filter-toggle')
      await expect(toggle).toHaveText(view.words.providers)
      await toggle.click()
      await filter.getByTestId('provider-shown-pool').uncheck()
      await expect(form.route('pool')).toHaveCount(0)
      await expect(form.route('intent')).toBeVisible()
      const note = page.getByTestId('routes-hidden')
      await expect(note).toHaveText(`${view.words.oneHidden} ${view.words.showThem}`)

      // Kept in this browser: a reload quotes again and still leaves the pool out.
      await page.reload()
      await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
      await expect(note).toHaveText(`${view.words.oneHidden} ${view.words.showThem}`)
      await expect(form.route('pool')).toHaveCount(0)

      // Hiding the last one empties the list: said so, with the way back, and nothing can be swapped.
      await toggle.click()
      await filter.getByTestId('provider-shown-intent').uncheck()
      await expect(note).toHaveText(view.words.allHidden)
      await expect(form.route('intent')).toHaveCount(0)
      await expect(form.mainButton).toBeDisabled()
      await expect(form.mainButton).toHaveText(view.words.noRoute)
      await screenshot(page, `routes-hidden-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])
      await note.getByRole('button', { name: view.words.showThem }).click()
      await expect(form.route('pool')).toBeVisible()
      await expect(form.route('intent')).toBeVisible()
      await expect(note).toHaveCount(0)
    })

    test('a transaction that is no deposit, and a link that is no hash, are said as such', async ({ app, network }) => {
      const [a] = network.chains
      const stranger = await app.open({ ...view.open, wallet: false })
      await stranger.goto(`#/pages/log/index?chain=${a!.id}&tx=0x${'ab'.repeat(32)}`)
      await expect(stranger.page.getByTestId('receipt-status')).toHaveText(view.words.unknown(a!.name), {
        timeout: 30_000,
      })
      await stranger.goto(`#/pages/log/index?chain=${a!.id}&tx=nothing`)
      await expect(stranger.page.getByTestId('receipt-status')).toHaveText(view.words.badHash)
      expect(await axeViolations(stranger.page)).toEqual([])
    })
  })
}
