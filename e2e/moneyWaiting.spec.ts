import type { DepositedSwap } from '@multi-bridge/core'
import type { Locator, Page } from '@playwright/test'
import {
  type App,
  type AppSession,
  axeViolations,
  expect,
  type OpenAppParameters,
  type TestNetwork,
  test,
} from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import { balanceOf } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'
import { refundableSwap, storageWith } from './support/seededSwaps.ts'
import { emptiedAtDeposit, solverInventory } from './support/solverInventory.ts'
import { DESKTOP, PHONE } from './support/views.ts'

/** The amber of "Refund available" (styles.css `.status-refundable`). */
const AMBER = 'rgb(253, 230, 138)'

type Words = {
  lang: 'en' | 'zh'
  connect: string
  send: string
  myAddress: string
  swap: string
  refundAvailable: string
  refundSoon: string
  /** The refund countdown's row, named as the refund it leads to. */
  revocation: string
  deliveryNote: (network: string) => string
  refundDelayed: string
  connectToRefund: string
  reason: (amount: string) => string
  banner: (amount: string, network: string) => string
  review: string
  needsAction: string
  failed: string
  filterGroup: string
  nothingNeedsAction: string
  takingLonger: string
  solverDeclined: string
  refunded: string
  historyTitle: string
  cameBack: (amount: string, network: string) => string
}

const EN: Words = {
  lang: 'en',
  connect: 'Connect Wallet',
  send: 'Send',
  myAddress: 'My address',
  swap: 'Swap',
  refundAvailable: 'Refund available',
  refundSoon: 'Refund opens soon',
  revocation: 'Revocation available after',
  deliveryNote: (network) => `The contract on ${network} that received your tokens`,
  refundDelayed: 'Refund delayed',
  connectToRefund: 'Connect a wallet to refund',
  reason: (amount) => `No solver filled it before the deadline; your ${amount} is safe in escrow`,
  banner: (amount, network) =>
    `${amount} is waiting on ${network}: this swap was not delivered in time, and its refund is yours to make.`,
  review: 'Review refund',
  needsAction: 'Needs action',
  failed: 'Failed',
  filterGroup: 'Filter by status',
  nothingNeedsAction: 'No swap needs your action: nothing is waiting for a refund.',
  takingLonger: 'Taking longer than usual',
  solverDeclined: 'No solver will fill this order; you can refund it once its deadline has passed',
  refunded: 'Refunded',
  historyTitle: 'History',
  cameBack: (amount, network) => `Not delivered: ${amount} refunded on ${network}`,
}

const ZH: Words = {
  lang: 'zh',
  connect: '連接錢包',
  send: '發送',
  myAddress: '我的地址',
  swap: '兌換',
  refundAvailable: '可退款',
  refundSoon: '即將可退款',
  revocation: '可退款時間',
  deliveryNote: (network) => `${network} 上收到您代幣的合約`,
  refundDelayed: '退款延後',
  connectToRefund: '連接錢包以退款',
  reason: (amount) => `截止時間前沒有求解者完成交付；您的 ${amount} 安全地保管在託管合約中`,
  banner: (amount, network) => `${amount} 正在 ${network} 上等您取回：這筆兌換未能及時交付，需由您自行退款。`,
  review: '查看退款',
  needsAction: '待處理',
  failed: '失敗',
  filterGroup: '按狀態篩選',
  nothingNeedsAction: '沒有需要您處理的兌換：目前沒有等待退款的款項。',
  takingLonger: '比平常久',
  solverDeclined: '沒有求解者會完成這筆訂單；截止時間過後您可以退款',
  refunded: '已退款',
  historyTitle: '歷史記錄',
  cameBack: (amount, network) => `未送達：${amount} 已在 ${network} 退回`,
}

/**
 * The newest swap's times as the page keeps them (seconds, the chains' clocks), against this machine's clock: what a
 * failed wait prints, so a run that misses a state says where its time went (the quote, the deposit, the deadline).
 */
async function swapTimeline(page: Page): Promise<string> {
  const kept = await page.evaluate(() => localStorage.getItem('__persist__history'))
  const swaps = Object.values(
    (JSON.parse(kept ?? '{}') as { state?: { swaps?: Record<string, Record<string, unknown>> } }).state?.swaps ?? {},
  ).sort((a, b) => Number(b.createdAt) - Number(a.createdAt))
  const swap = swaps[0]
  if (!swap) return 'no swap kept'
  const now = Date.now() / 1000
  const at = (value: unknown) => (typeof value === 'number' ? `${(value - now).toFixed(1)} s` : '(none)')
  return [
    `status ${String(swap.status)}`,
    `created ${at(Number(swap.createdAt) / 1000)}`,
    `deposited ${at(swap.depositedAt)}`,
    `estimate ${String(swap.estimatedSeconds)} s`,
    `deadline ${at(swap.refundableAfter)}`,
    '(from now)',
  ].join(', ')
}

type Sample = { at: number; countdown: string; button: string; enabled: boolean; label: string }

/**
 * Watches the dialog from now until Refund is enabled: what "Revocation available after" and the button say,
 * five times a second. The countdown must end when the refund really opens, not seconds before it.
 */
async function watchRefundOpening(dialog: Locator, refund: Locator, progress: Locator): Promise<Sample[]> {
  const samples: Sample[] = []
  const started = Date.now()
  for (;;) {
    const [countdown, button, enabled, label] = await Promise.all([
      dialog
        .getByTestId('revocation-countdown')
        .textContent({ timeout: 1_000 })
        .catch(() => ''),
      refund.textContent({ timeout: 1_000 }).catch(() => ''),
      refund.isEnabled({ timeout: 1_000 }).catch(() => false),
      progress.textContent({ timeout: 1_000 }).catch(() => ''),
    ])
    samples.push({ at: Date.now(), countdown: countdown ?? '', button: button ?? '', enabled, label: label ?? '' })
    if (enabled) return samples
    if (Date.now() - started > 120_000) throw new Error(`Refund never enabled: ${JSON.stringify(samples.at(-1))}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * A real swap nobody fills (the solver's inventory of the output token is emptied on chain C), followed from the
 * Swap form to its refund: stuck is told, then "Refund available" in amber with its reason, the countdown to the
 * real opening, the banners, the "Needs action" filter, and the refund.
 */
async function unfilledSwapToRefund(
  session: AppSession,
  network: TestNetwork,
  owner: `0x${string}`,
  words: Words,
  output: 'USDT' | 'WETH',
  shot: string,
  receiptElsewhere: { open: App['open']; openConnected: App['openConnected']; options: OpenAppParameters },
) {
  const { chains, manifest } = network
  const { page, form, history, goto } = session
  await form.pickToken('origin', chains[0]!.name, 'USDC')
  await form.pickToken('destination', chains[2]!.name, output)
  await form.amountLabelled(words.send).fill('100')
  await form.myAddressButton(words.myAddress).click()
  await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
  await form.route('intent').click()
  const before = await balanceOf(manifest, 0, 'USDC', owner)
  // The solver runs dry as the deposit is sent (its quotes are bounded by the same balance).
  const settler = manifest.chains[0]!.contracts.intentOriginSettler!
  const putBack = emptiedAtDeposit(session.wallet!, await solverInventory(manifest, 2, output), settler)
  try {
    const dialog = await form.swap(words.swap)
    // Stuck is told: past the route's estimate the dialog says so, and the solver's own word on it.
    const late = dialog.getByTestId('taking-longer')
    await expect(late)
      .toContainText(words.takingLonger, { timeout: 45_000 })
      .catch(async (error: Error) => {
        const said = await dialog.textContent({ timeout: 1_000 }).catch(() => '(no dialog)')
        throw new Error(`${error.message}\nThe swap: ${await swapTimeline(page)}\nThe dialog: ${said}`)
      })
    console.log(`[late told] ${shot}: ${await swapTimeline(page)}`)
    await expect(dialog.getByTestId('status-detail')).toHaveText(words.solverDeclined, { timeout: 15_000 })
    await screenshot(page, `${shot}-1-stuck`)

    // Not delivered by its deadline: the loudest state, amber, with its reason; "opens soon" until it can be made.
    await expect(form.progress()).toHaveText(words.refundSoon, { timeout: 90_000 })
    await expect(form.progress()).toHaveCSS('background-color', AMBER)
    await expect(dialog.getByTestId('refund-reason')).toHaveText(words.reason('100 USDC'))
    // The countdown's row is named for the refund it leads to; the deposit address for what it is.
    await expect(dialog.locator('.details-row dt').filter({ hasText: words.revocation })).toHaveCount(1)
    await expect(dialog.getByTestId('delivery-address-note')).toHaveText(words.deliveryNote(chains[0]!.name))
    expect(await balanceOf(manifest, 0, 'USDC', owner)).toBe(before - 100_000_000n)

    // The countdown ends when the refund really opens: Refund is enabled after it, never "0:00" on screen.
    const refund = form.refundButton()
    const samples = await watchRefundOpening(dialog, refund, form.progress())
    const counting = samples.filter((s) => /^\d+:\d{2}$/.test(s.countdown))
    const lastCounting = counting.at(-1)
    const enabledAt = samples.at(-1)!.at
    const gap = lastCounting ? enabledAt - lastCounting.at : 0
    const timing = `countdown last showed ${lastCounting?.countdown ?? '(none)'}; Refund enabled ${gap} ms later; "Preparing refund…" seen in ${samples.filter((s) => /Preparing|正在準備/.test(s.button)).length} samples (every 200 ms)`
    test.info().annotations.push({ type: 'refund timing', description: timing })
    console.log(`[refund timing] ${shot}: ${timing}`)
    expect(counting.length).toBeGreaterThan(0)
    expect(samples.some((s) => s.countdown === '0:00')).toBe(false)
    // Between the countdown's end and the button's opening (the next block, later on a loaded machine) the dialog
    // says the refund opens soon: never a countdown at zero, never nothing. How long that takes is the chain's and
    // the machine's: logged above, not asserted (a timed assertion failed CI at 3.1 s).
    const afterCountdown = samples.filter((s) => lastCounting !== undefined && s.at > lastCounting.at && !s.enabled)
    expect(afterCountdown.map((s) => s.label).filter((label) => label !== words.refundSoon)).toEqual([])
    // "Refund available" is said when the refund can be made, not while its button is still disabled.
    expect(samples.filter((s) => !s.enabled).map((s) => s.label)).not.toContain(words.refundAvailable)
    expect(samples.filter((s) => !s.enabled && s.label === words.refundSoon).length).toBeGreaterThan(0)
    await expect(form.progress()).toHaveText(words.refundAvailable)
    await screenshot(page, `${shot}-2-refund-open`)

    // Closed, the money waiting is still impossible to miss: the Swap page's banner leads back to it.
    await page.keyboard.press('Escape')
    await expect(form.dialog).toHaveCount(0)
    const banner = history.refundBanner
    // The banner says what the dialog said, at once (read once, not waited for: the clock alone would say "opens
    // soon" for a few seconds more); the whole title is compared ("可退款" is in "即將可退款" too).
    expect(await history.refundBannerTitle.textContent()).toBe(words.refundAvailable)
    await expect(banner).toContainText(words.banner('100 USDC', chains[0]!.name))
    await screenshot(page, `${shot}-3-swap-banner`)
    await banner.getByRole('link', { name: words.review }).click()
    await expect(page).toHaveURL(/#\/pages\/log\/index\?id=0x/)
    await expect(form.progress()).toHaveText(words.refundAvailable)
    await page.keyboard.press('Escape')

    // History: the row in amber with its reason, the banner, and the "Needs action" filter.
    const row = history.rows.first()
    await expect(row.getByTestId('history-status')).toHaveText(words.refundAvailable)
    await expect(row.getByTestId('history-status')).toHaveCSS('background-color', AMBER)
    await expect(row.getByTestId('history-refund-reason')).toHaveText(words.reason('100 USDC'))
    await expect(history.refundBanner).toBeVisible()
    await history.filter(words.needsAction, words.filterGroup).click()
    await expect(history.rows).toHaveCount(1)
    await screenshot(page, `${shot}-4-history-needs-action`)
    await history.filter(words.failed, words.filterGroup).click()
    await expect(history.rows).toHaveCount(0)

    // Its receipt (issue #57): the link the detail copies, opened by someone with no wallet and nothing stored,
    // reads the same figures and the money waiting; the owner, on another device, refunds from it.
    await history.filter(words.needsAction, words.filterGroup).click()
    await history.rows.first().click()
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(page.url()).origin,
    })
    await dialog.getByTestId('copy-receipt-link').click()
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText())).hash
    expect(link).toMatch(new RegExp(`^#/pages/log/index\\?chain=${chains[0]!.id}&tx=0x[0-9a-f]{64}$`))
    const own = await form.detailRows(dialog)
    await page.keyboard.press('Escape')
    const stranger = await receiptElsewhere.open({ ...receiptElsewhere.options, wallet: false })
    await stranger.goto(link)
    await expect(stranger.form.progress()).toHaveText(words.refundAvailable, { timeout: 30_000 })
    await expect(stranger.form.refundButton()).toHaveText(words.connectToRefund)
    expect(await stranger.form.detailRows()).toEqual(own)
    expect(await axeViolations(stranger.page)).toEqual([])
    const elsewhere = await receiptElsewhere.openConnected(receiptElsewhere.options)
    await elsewhere.goto(link)
    await expect(elsewhere.form.progress()).toHaveText(words.refundAvailable, { timeout: 30_000 })
    await screenshot(elsewhere.page, `${shot}-4b-receipt-refund`)

    // The refund itself, from the receipt: money back, nothing waits any more, here and where the swap was made.
    await elsewhere.form.refundButton().click()
    await expect(elsewhere.form.dialog.getByTestId('status-detail')).toHaveText(words.refunded, { timeout: 60_000 })
    // What came back, not the quote that never arrived.
    await expect(elsewhere.form.dialog.getByTestId('receivable-amount')).toHaveText(
      words.cameBack('100 USDC', chains[0]!.name),
    )
    expect(await balanceOf(manifest, 0, 'USDC', owner)).toBe(before)
    await stranger.page.reload()
    await expect(stranger.form.dialog.getByTestId('status-detail')).toHaveText(words.refunded, { timeout: 30_000 })
    await expect(stranger.form.dialog.getByTestId('receivable-amount')).toHaveText(
      words.cameBack('100 USDC', chains[0]!.name),
    )
    // Where the swap was made, History learns of the refund from the chain (its "Needs action" list is still
    // shown): nothing waits any more.
    await expect(history.rows).toHaveCount(0, { timeout: 60_000 })
    await expect(history.refundBanner).toHaveCount(0)
    await expect(page.getByText(words.nothingNeedsAction)).toBeVisible()
    // The money back has its own filter, kept in the address (a reload, a link) as every filter is.
    await history.filter(words.refunded, words.filterGroup).click()
    await expect(page).toHaveURL(/[?&]filter=refunded/)
    await expect(history.rows).toHaveCount(1)
    await history.rows.first().click()
    await expect(dialog.getByTestId('status-detail')).toHaveText(words.refunded)
    await expect(dialog.getByTestId('receivable-amount')).toHaveText(words.cameBack('100 USDC', chains[0]!.name))
    // The refunded swap's receipt, read by someone else from the chains, has the figures of its History detail.
    expect(await stranger.form.detailRows()).toEqual(await form.detailRows(dialog))
    await page.keyboard.press('Escape')
    await page.reload()
    await expect(history.filter(words.refunded, words.filterGroup)).toHaveAttribute('aria-pressed', 'true')
    await expect(history.rows).toHaveCount(1)
    // The bar names the page (its title, the active tab); on a phone the card does not say it a third time.
    // (A heading kept for screen readers is 1 px: not something the eye reads.)
    const named = page.getByText(words.historyTitle, { exact: true })
    const seen = () =>
      named.evaluateAll(
        (elements) =>
          elements.filter((element) => {
            const box = element.getBoundingClientRect()
            return box.width > 1 && box.height > 1
          }).length,
      )
    await expect.poll(seen).toBe(page.viewportSize()!.width < 720 ? 2 : 3)
    await screenshot(page, `${shot}-5-history-refunded`)
    await goto('#/')
    await expect(history.refundBanner).toHaveCount(0)
  } finally {
    await putBack()
  }
}

test.describe('money waiting is impossible to miss', () => {
  test('a swap nobody fills: stuck told, "Refund available" in amber with its reason, banners, filter, refund at the real time (desktop, en)', async ({
    app,
    account,
    wallet,
    network,
  }) => {
    test.setTimeout(300_000)
    const session = await app.openConnected({ wallet, viewport: DESKTOP })
    await unfilledSwapToRefund(session, network, account.address, EN, 'USDT', 'money-waiting-desktop-en', {
      ...app,
      options: { wallet, viewport: DESKTOP },
    })
  })

  test('the same on a phone, in Traditional Chinese', async ({ app, account, wallet, network }) => {
    test.setTimeout(300_000)
    const options = { wallet, viewport: PHONE, storage: { lang: 'zh' }, connectLabel: ZH.connect }
    const session = await app.openConnected(options)
    await unfilledSwapToRefund(session, network, account.address, ZH, 'WETH', 'money-waiting-phone-zh', {
      ...app,
      options,
    })
  })

  for (const [layout, viewport, words] of [
    ['phone', PHONE, EN],
    ['desktop', DESKTOP, ZH],
  ] as const) {
    test(`a refundable swap found in storage is amber, with its reason, banners and filter (${layout}, ${words.lang})`, async ({
      app,
      network,
    }) => {
      const swap = refundableSwap(network, '7c')
      const { page, history, goto } = await app.open({ viewport, storage: storageWith(words.lang, swap) })
      await expect(history.refundBanner).toContainText(words.banner('42 USDC', network.chains[0]!.name))
      await screenshot(page, `money-waiting-seeded-${layout}-${words.lang}-swap`)
      await goto(HISTORY_PATH)
      const row = history.rows.first()
      await expect(row.getByTestId('history-status')).toHaveText(words.refundAvailable)
      await expect(row.getByTestId('history-status')).toHaveCSS('background-color', AMBER)
      await expect(row.getByTestId('history-refund-reason')).toHaveText(words.reason('42 USDC'))
      await expect(history.filter(words.needsAction, words.filterGroup).locator('.segmented-count')).toHaveText('1')
      await history.filter(words.needsAction, words.filterGroup).click()
      await expect(history.rows).toHaveCount(1)
      await screenshot(page, `money-waiting-seeded-${layout}-${words.lang}-history`)
      // On a phone too: the banner, the filters and the row fit the screen's width.
      for (const part of [history.refundBanner, page.getByRole('group', { name: words.filterGroup }), row]) {
        await expectWithinWidth(page, part)
      }
    })
  }
})

test.describe('times read alike', () => {
  for (const [layout, viewport, lang, said] of [
    [
      'phone',
      PHONE,
      'en',
      { row: 'Taking longer than usual (2 hours so far)', dialog: /^Taking longer than usual: 2 hours so far/ },
    ],
    ['desktop', DESKTOP, 'zh', { row: '比平常久（目前已 2 小時）', dialog: /^比平常久：目前已 2 小時/ }],
  ] as const) {
    test(`a late swap's time so far is rounded the same in its History row and its dialog (${layout}, ${lang})`, async ({
      app,
      network,
    }) => {
      // Deposited 2 h 1 min 40 s ago, its deadline an hour away: rounded up it was "3 hours" in the row and
      // "2 hours" in the dialog; one rule says 2 hours in both.
      const now = Math.floor(Date.now() / 1000)
      const { status: _, ...waiting } = refundableSwap(network, '9e')
      const late: DepositedSwap = {
        ...waiting,
        status: 'deposited',
        estimatedSeconds: 10,
        depositedAt: now - 7_300,
        refundableAfter: now + 3_600,
        data: { fillDeadline: now + 3_600 },
      }
      const { history, form } = await app.open({
        viewport,
        storage: storageWith(lang, late),
        path: HISTORY_PATH,
      })
      await expect(history.rows.first().getByTestId('history-taking-longer')).toHaveText(said.row)
      await history.rows.first().click()
      await expect(form.dialog.getByTestId('taking-longer')).toHaveText(said.dialog)
    })
  }
})

test.describe('a refund that waits for the bridge', () => {
  for (const [layout, viewport, lang, said] of [
    ['desktop', DESKTOP, 'en', /^The bridge's attester is not answering: the refund opens without it after .+/],
    ['phone', PHONE, 'zh', /^跨鏈橋的證明者沒有回應：.+ 之後無需其證明即可退款$/],
  ] as const) {
    test(`names the attester that does not answer, and when the refund opens without it (${layout}, ${lang})`, async ({
      app,
      network,
    }) => {
      const swap = refundableSwap(network, '8d')
      const attesters = network.manifest.services.attesters!.urls
      const { page, form } = await app.open({
        viewport,
        storage: storageWith(lang, swap),
        path: `${HISTORY_PATH}?id=${swap.id}`,
        // This page reaches none of the attesters (the refund's signatures come from them).
        initScripts: attesters.map(
          (attester) => (p) => p.route(`${attester}/**`, (route) => route.abort('connectionrefused')),
        ),
      })
      // Past its time, and the attester does not answer: the refund cannot be made now, so not "Refund available".
      await expect(form.progress()).toHaveText(lang === 'en' ? EN.refundDelayed : ZH.refundDelayed, { timeout: 20_000 })
      await expect(form.dialog.getByTestId('revocation-countdown')).toHaveText(said, { timeout: 20_000 })
      await screenshot(page, `money-waiting-attester-down-${layout}-${lang}`)
    })
  }
})

async function expectWithinWidth(page: Page, part: Locator) {
  const box = await part.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box, String(part)).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(width)
}
