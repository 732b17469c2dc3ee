import { type AppSession, axeViolations, expect, test } from './fixtures/index.ts'
import { screenshot } from './support/screenshot.ts'
import { refundableSwap, storageWith } from './support/seededSwaps.ts'
import { smallTargets } from './support/targets.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'
import { DESKTOP_SHORT, PHONE } from './support/views.ts'

type Words = { connect: string; send: string; myAddress: string; swap: string; history: string }
const EN: Words = { connect: 'Connect Wallet', send: 'Send', myAddress: 'My address', swap: 'Swap', history: 'History' }
const ZH: Words = { connect: '連接錢包', send: '發送', myAddress: '我的地址', swap: '兌換', history: '歷史記錄' }

const MATRIX = [
  { layout: 'desktop', viewport: DESKTOP_SHORT, lang: 'en', words: EN },
  { layout: 'desktop', viewport: DESKTOP_SHORT, lang: 'zh', words: ZH },
  { layout: 'phone', viewport: PHONE, lang: 'en', words: EN },
  { layout: 'phone', viewport: PHONE, lang: 'zh', words: ZH },
] as const

/**
 * One stop of the walk: axe finds nothing on the page as it is (the dialog on top included), and on a phone every
 * interactive element of the dialog on top (or the page) is at least 44×44 px.
 */
async function expectAccessible(session: AppSession, stop: string, layout: 'desktop' | 'phone', lang: string) {
  const { page } = session
  await screenshot(page, `every-view-${layout}-${lang}-${stop}`, { fullPage: false })
  expect.soft(await axeViolations(page), `axe on ${stop}`).toEqual([])
  if (layout === 'phone') expect.soft(await smallTargets(page), `targets under 44×44 on ${stop}`).toEqual([])
}

for (const { layout, viewport, lang, words } of MATRIX) {
  test.describe(`every view and dialog (${layout}, ${lang})`, () => {
    test('a swap from connecting to History: axe clean, and every target a finger can hit', async ({
      app,
      wallet,
      network,
    }) => {
      test.setTimeout(180_000)
      const { chains } = network
      const session = await app.open({ wallet, viewport, storage: { lang }, touch: layout === 'phone' })
      const { page, shell, form, history } = session
      const check = (stop: string) => expectAccessible(session, stop, layout, lang)
      await expect(form.amountLabelled(words.send)).toBeVisible()
      await check('swap-not-connected')

      await shell.openConnectDialog(words.connect)
      await check('connect-dialog')
      await shell.walletOption(TEST_WALLET_NAME).click()
      await expect(shell.accountButton).toBeVisible()
      await expect(shell.dialog).toHaveCount(0)
      await check('swap-connected')

      await form.tokenButton('origin').click()
      await expect(form.options.first()).toBeVisible()
      await check('token-picker')
      await page.keyboard.press('Escape')
      await form.pickToken('origin', chains[0]!.name, 'USDC')
      await form.pickToken('destination', chains[1]!.name, 'USDC')
      await form.amountLabelled(words.send).fill('25')
      await form.myAddressButton(words.myAddress).click()
      await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
      await expect(form.networkCostAmount.first()).toBeVisible({ timeout: 20_000 })
      await check('routes')

      await form.mainButton.click()
      await expect(form.dialog).toBeVisible()
      await check('review')
      await form.confirm(words.swap)
      await expect(form.progress()).toBeVisible()
      await check('progress')
      await expect(form.ending).toBeVisible({ timeout: 60_000 })
      await check('ending')
      await page.keyboard.press('Escape')
      await expect(form.dialog).toHaveCount(0)

      await shell.accountButton.click()
      await expect(shell.dialog).toBeVisible()
      await check('account-dialog')
      await page.keyboard.press('Escape')
      await expect(shell.dialog).toHaveCount(0)

      await shell.link(words.history).click()
      await expect(history.rows).toHaveCount(1)
      await check('history')
      await history.rows.first().click()
      await expect(form.dialog).toBeVisible()
      await check('history-detail')
      // Nothing on the way was an error on the console: loading, the wallet's own root, every view and dialog.
      expect(session.consoleErrors).toEqual([])
    })

    test('money waiting: the banner, the pending swaps and the refund, axe clean, every target a finger can hit', async ({
      app,
      network,
    }) => {
      const seeded = (lang === 'en' ? ['5a', '5b'] : ['6a', '6b']).map((byte) => refundableSwap(network, byte))
      const session = await app.open({ viewport, storage: storageWith(lang, ...seeded), touch: layout === 'phone' })
      const { shell, form, history } = session
      const check = (stop: string) => expectAccessible(session, stop, layout, lang)
      await expect(history.refundBanner).toBeVisible()
      await check('swap-money-waiting')
      await shell.pendingSwaps.click()
      await expect(shell.dialog).toBeVisible()
      await check('pending-swaps')
      await shell.dialog.getByTestId('pending-row').first().click()
      await expect(form.refundButton()).toBeVisible()
      // The refund is within reach on the first screen, however long the dialog (sticky at its bottom on a phone).
      await expect(form.refundButton()).toBeInViewport({ ratio: 1 })
      // An address that wraps does so in even halves (no "EF" alone on a line).
      const lines = await form.dialog.locator('.mono', { hasText: seeded[0]!.recipient }).evaluate((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        const widths = new Map<number, number>()
        for (const rect of range.getClientRects()) {
          const top = Math.round(rect.top)
          widths.set(top, (widths.get(top) ?? 0) + rect.width)
        }
        return [...widths.values()]
      })
      expect(Math.min(...lines) / Math.max(...lines), `line widths ${lines.join(', ')}`).toBeGreaterThan(0.9)
      await check('progress-refundable')
    })
  })
}
