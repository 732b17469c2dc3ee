import { type CompletedSwap, HISTORY_STORE_VERSION, type TokenRef } from '@multi-bridge/core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type App, type AppSession, expect, type TestNetwork, test, type WalletSettings } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import { screenshot } from './support/screenshot.ts'

// Money in context on the local network (issue #28, point 5 and 9): USD values from the solver's price table
// (default: USDC $1, ETH $3000; 10 bps spread and a $0.10 gas fee per fill), the value-loss and slippage warnings,
// the ranking by what is received, the review's summary, and numbers and dates in the interface language.

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

/** What a person reads, per interface language. */
const LABELS = {
  en: {
    connect: 'Connect Wallet',
    send: 'Send',
    myAddress: 'My address',
    swap: 'Swap',
    review: 'Review swap',
    auto: 'Auto',
    loss: (percent: string) => `About ${percent} of the value you send is lost to fees and the exchange rate`,
    confirmLoss: (percent: string) => `I understand I lose about ${percent}`,
    veryHighSlippage:
      'Very high slippage: you accept up to 20% less than the estimate, and a worse price becomes likely',
    ranking: 'Ranked by the estimated amount received, not the minimum; gas on arrival counts at its value',
    exchangeTime: 'Exchange Time',
    date: /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/,
  },
  zh: {
    connect: '連接錢包',
    send: '發送',
    myAddress: '我的地址',
    swap: '兌換',
    review: '確認兌換',
    auto: '自動',
    loss: (percent: string) => `您發送的價值中約有 ${percent} 會被費用和匯率吃掉`,
    confirmLoss: (percent: string) => `我了解我會損失約 ${percent}`,
    veryHighSlippage: '滑點非常高：您接受比預估最多少收 20%，成交價格很可能變差',
    ranking: '依預估收到的數量排序（而非最少數量）；到帳 Gas 按其價值計入',
    exchangeTime: '兌換時間',
    // "2026年11月25日 晚上9:37:08": never the en-US "11/25/2026, 9:37:08 PM".
    date: /^\d{4}年\d{1,2}月\d{1,2}日 \S{2}\d{1,2}:\d{2}:\d{2}$/,
  },
} as const
type Lang = keyof typeof LABELS

const VARIANTS = [
  { name: 'desktop, en', viewport: DESKTOP, lang: 'en' },
  { name: 'phone, zh-Hant', viewport: PHONE, lang: 'zh' },
] as const satisfies readonly { name: string; viewport: typeof DESKTOP; lang: Lang }[]

/** The app on a funded account, connected, in this viewport and language. */
function open(app: App, wallet: WalletSettings, variant: { viewport: typeof DESKTOP; lang: Lang }) {
  return app.openConnected({
    wallet,
    viewport: variant.viewport,
    storage: { lang: variant.lang },
    connectLabel: LABELS[variant.lang].connect,
  })
}

/** `amount` of `from` on chain A to `to` on `toChain`, to the account itself. */
async function enterSwap(
  { form }: AppSession,
  chains: TestNetwork['chains'],
  lang: Lang,
  swap: { from?: string; to?: string; toChain?: number; amount: string },
) {
  await form.pickToken('origin', chains[0]!.name, swap.from ?? 'USDC')
  await form.pickToken('destination', chains[swap.toChain ?? 1]!.name, swap.to ?? 'USDC')
  await form.amountLabelled(LABELS[lang].send).fill(swap.amount)
  await form.myAddressButton(LABELS[lang].myAddress).click()
}

test.describe('money in context', () => {
  for (const variant of VARIANTS) {
    test(`1.2 USDC through the solver: USD values, the 8.4 % loss warned, and the review's summary (${variant.name})`, async ({
      app,
      wallet,
      network,
    }) => {
      const labels = LABELS[variant.lang]
      const session = await open(app, wallet, variant)
      const { page, form } = session
      await enterSwap(session, network.chains, variant.lang, { amount: '1.2' })
      const intent = form.route('intent')
      await expect(intent).toBeVisible({ timeout: 20_000 })
      // The pool delivers more (1.1964, ranked first); the solver's route is the one that loses 8.4 %.
      await intent.click()
      // 1.2 − 0.0012 spread − 0.10 gas fee = 1.0988 USDC, at the solver's $1.
      await expect(intent.getByTestId('route-receivable-amount')).toHaveText('1.0988 USDC')
      await expect(intent.getByTestId('route-usd')).toHaveText('≈ $1.10')
      await expect(page.getByTestId('amount-usd')).toHaveText('≈ $1.20')
      await expect(page.getByTestId('receive-usd')).toHaveText('≈ $1.10')
      await expect(form.routeDetails.getByTestId('route-fee')).toHaveText(['0.0012 USDC ≈ <$0.01', '0.1 USDC ≈ $0.10'])
      // 0.1012 of 1.2 is lost: above 3 %, said before the review.
      const warning = page.getByTestId('value-loss-warning')
      await expect(warning).toHaveText(labels.loss('8.4%'))
      await screenshot(page, `money-routes-${variant.lang}-${variant.viewport.width}`)

      await expect(form.mainButton).toHaveText(labels.swap, { timeout: 20_000 })
      await form.mainButton.click()
      const dialog = form.dialog
      await expect(dialog.getByRole('heading', { name: labels.review })).toBeVisible()
      const summary = dialog.getByTestId('review-summary')
      await expect(summary.getByTestId('review-send')).toHaveText('1.2 USDC ≈ $1.20')
      await expect(summary.getByTestId('review-receive')).toHaveText('1.0988 USDC ≈ $1.10')
      await expect(summary.getByTestId('review-minimum')).toHaveText('1.0988 USDC ≈ $1.10')
      await expect(summary.getByTestId('review-fee-0')).toHaveText('0.0012 USDC ≈ <$0.01')
      await expect(summary.getByTestId('review-fee-1')).toHaveText('0.1 USDC ≈ $0.10')
      // The person's own gas (approve + open on chain A), in ETH and at the solver's $3000.
      await expect(summary.getByTestId('review-network-cost')).toHaveText(/ETH ≈ \$\d+\.\d\d$/, { timeout: 20_000 })
      await expect(summary.getByTestId('value-loss-warning')).toHaveText(labels.loss('8.4%'))
      // Under 10 %: warned, no confirm asked.
      await expect(summary.getByTestId('value-loss-confirm')).toHaveCount(0)
      await expect(dialog.getByRole('button', { name: labels.swap, exact: true })).toBeEnabled({ timeout: 20_000 })
      await screenshot(page, `money-review-${variant.lang}-${variant.viewport.width}`, { fullPage: false })
    })
  }

  test('a loss above 10 % needs "I understand" before Swap (1 USDC loses 10.1 %)', async ({ app, wallet, network }) => {
    const labels = LABELS.en
    const session = await open(app, wallet, { viewport: DESKTOP, lang: 'en' })
    const { page, form } = session
    await enterSwap(session, network.chains, 'en', { amount: '1' })
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await form.route('intent').click()
    await expect(page.getByTestId('value-loss-warning')).toHaveText(labels.loss('10.1%'))
    await form.mainButton.click()
    const swap = form.dialog.getByRole('button', { name: labels.swap, exact: true })
    const confirm = form.dialog.getByRole('checkbox', { name: labels.confirmLoss('10.1%') })
    await expect(confirm).toBeVisible()
    await expect(form.dialog.getByTestId('signed-transaction').getByTestId('signed-function')).toHaveText('open', {
      timeout: 20_000,
    })
    await expect(swap).toBeDisabled()
    await screenshot(page, 'money-confirm-loss', { fullPage: false })
    await confirm.check()
    await expect(swap).toBeEnabled()
    await confirm.uncheck()
    await expect(swap).toBeDisabled()
  })

  test('a custom slippage of 20 % is warned about, and the review shows the exact amount signed (phone, en)', async ({
    app,
    wallet,
    network,
  }) => {
    const labels = LABELS.en
    const session = await open(app, wallet, { viewport: PHONE, lang: 'en' })
    const { page, form } = session
    await enterSwap(session, network.chains, 'en', { from: 'ETH', amount: '0.0123456789012345' })
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await form.slippage.fill('0.5')
    await expect(page.getByTestId('slippage-warning')).toHaveCount(0)
    await form.slippage.fill('2')
    await expect(page.getByTestId('slippage-warning')).toHaveText(
      'High slippage: you accept up to 2% less than the estimate',
    )
    await form.slippage.fill('20')
    await expect(page.getByTestId('slippage-warning')).toHaveText(labels.veryHighSlippage)
    await expect(page.getByTestId('route-receivable')).toContainText('Minimum', { timeout: 20_000 })
    await screenshot(page, 'money-slippage-20')
    await expect(form.mainButton).toHaveText(labels.swap, { timeout: 20_000 })
    await form.mainButton.click()
    const summary = form.dialog.getByTestId('review-summary')
    // Every digit of what is signed, not 0.012345; $37.04 at the solver's $3000.
    await expect(summary.getByTestId('review-send')).toHaveText('0.0123456789012345 ETH ≈ $37.04')
    await expect(summary.getByTestId('slippage-warning')).toHaveText(labels.veryHighSlippage)
    await expect(form.dialog.getByTestId('signed-amount')).toHaveText(/^0\.01234/, { timeout: 20_000 })
    await screenshot(page, 'money-review-slippage-phone', { fullPage: false })
  })

  test('"Most received" ranks by the estimated amount, not the minimum, and says so', async ({
    app,
    wallet,
    network,
  }) => {
    const labels = LABELS.en
    const session = await open(app, wallet, { viewport: DESKTOP, lang: 'en' })
    const { page, form } = session
    // A → C: the solver delivers 199.7 (minimum 197.703 at 1 % slippage), the pool 199.4 (its minimum too).
    await enterSwap(session, network.chains, 'en', { toChain: 2, amount: '200' })
    await form.slippage.fill('1')
    await expect(form.route('pool')).toBeVisible({ timeout: 20_000 })
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(form.route('intent')).toContainText('Minimum 197.703')
    await expect(form.routes.nth(0)).toHaveAttribute('data-testid', 'route-intent')
    await expect(form.routes.nth(0)).toContainText('Best')
    await expect(form.routes.nth(1)).toHaveAttribute('data-testid', 'route-pool')
    await expect(form.route('pool').getByTestId('route-usd')).toHaveText('≈ $199.40')
    await expect(page.getByTestId('ranking-note')).toHaveText(labels.ranking)
    await page.getByRole('button', { name: 'Fastest', exact: true }).click()
    await expect(page.getByTestId('ranking-note')).toHaveCount(0)
    await expect(form.routes.nth(0)).toHaveAttribute('data-testid', 'route-intent')
    await screenshot(page, 'money-ranking')
  })

  test('takes "1,000.5" and full-width digits from a Chinese IME as amounts (phone, zh-Hant)', async ({
    app,
    wallet,
    network,
  }) => {
    const session = await open(app, wallet, { viewport: PHONE, lang: 'zh' })
    const { page, form } = session
    await enterSwap(session, network.chains, 'zh', { amount: '1,000.5' })
    await expect(form.alert()).toHaveCount(0)
    // 1000.5 − 1.0005 spread − 0.1 gas = 999.3995 USDC.
    await expect(form.route('intent').getByTestId('route-receivable-amount')).toHaveText('999.3995 USDC', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('amount-usd')).toHaveText('≈ $1,000.50')
    await screenshot(page, 'money-grouped-amount-zh')
    await form.amountLabelled(LABELS.zh.send).fill('１２．５')
    await expect(form.alert()).toHaveCount(0)
    await expect(form.route('intent').getByTestId('route-receivable-amount')).toHaveText('12.3875 USDC', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('amount-usd')).toHaveText('≈ $12.50')
    await expect(form.mainButton).toHaveText(LABELS.zh.swap, { timeout: 20_000 })
  })

  for (const variant of [
    { name: 'desktop, zh-Hant', viewport: DESKTOP, lang: 'zh' },
    { name: 'phone, en', viewport: PHONE, lang: 'en' },
  ] as const) {
    test(`writes History's dates in the interface language (${variant.name})`, async ({ app, network }) => {
      const owner = privateKeyToAccount(generatePrivateKey()).address
      const tokenRef = (index: number, symbol: string): TokenRef => {
        const chain = network.chains[index]!
        const token = chain.tokens.find((t) => t.symbol === symbol)!
        return { chainId: chain.id, address: token.address, symbol, decimals: token.decimals, kind: token.kind }
      }
      const depositedAt = Math.floor(Date.now() / 1000) - 3_600
      const swap: CompletedSwap = {
        key: 'money-dates',
        id: `0x${'d7'.repeat(32)}`,
        providerId: 'intent',
        providerName: 'Intent Bridge',
        owner,
        recipient: owner,
        origin: { token: tokenRef(0, 'USDC'), amount: '1000500000' },
        destination: {
          token: tokenRef(1, 'USDC'),
          estimatedAmount: '999399500',
          minAmount: '999399500',
          receivedAmount: '999399500',
        },
        depositAddress: network.chains[0]!.contracts.intentOriginSettler!,
        status: 'completed',
        depositTx: `0x${'e7'.repeat(32)}`,
        depositedAt,
        deliveryTx: `0x${'f7'.repeat(32)}`,
        deliveredAt: depositedAt + 4,
        createdAt: (depositedAt - 5) * 1000,
        updatedAt: (depositedAt + 4) * 1000,
      }
      const { page, history } = await app.open({
        path: HISTORY_PATH,
        viewport: variant.viewport,
        storage: {
          lang: variant.lang,
          __persist__history: JSON.stringify({
            state: { swaps: { [swap.key]: swap } },
            version: HISTORY_STORE_VERSION,
          }),
        },
      })
      const labels = LABELS[variant.lang]
      await expect(history.rows).toHaveCount(1, { timeout: 15_000 })
      await expect(page.getByTestId('history-date')).toHaveText(labels.date)
      await expect(page.getByTestId('history-amounts')).toContainText('1,000.5 USDC')
      await screenshot(page, `money-history-dates-${variant.lang}`)
      await history.rows.first().click()
      const exchangeTime = page
        .getByRole('dialog')
        .locator('.details-row')
        .filter({ has: page.getByText(labels.exchangeTime, { exact: true }) })
        .locator('dd')
      await expect(exchangeTime).toHaveText(labels.date)
    })
  }
})
