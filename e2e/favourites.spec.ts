import { expect, test } from './fixtures/index.ts'
import { screenshot } from './support/screenshot.ts'
import { DESKTOP_SHORT, PHONE } from './support/views.ts'

/** A recipient that is not the connected account (anvil's second key). */
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type Words = {
  connect: string
  send: string
  recipient: string
  swap: string
  pin: (symbol: string) => string
  star: (network: string) => string
}
const EN: Words = {
  connect: 'Connect Wallet',
  send: 'Send',
  recipient: 'Enter or select the recipient address',
  swap: 'Swap',
  pin: (symbol) => `Pin ${symbol} to the top`,
  star: (network) => `Star ${network}`,
}
const ZH: Words = {
  connect: '連接錢包',
  send: '發送',
  recipient: '輸入或選擇接收地址',
  swap: '兌換',
  pin: (symbol) => `將 ${symbol} 釘選在最上方`,
  star: (network) => `收藏 ${network}`,
}

for (const { layout, viewport, lang, words } of [
  { layout: 'desktop', viewport: DESKTOP_SHORT, lang: 'en', words: EN },
  { layout: 'phone', viewport: PHONE, lang: 'zh', words: ZH },
] as const) {
  test.describe(`the person's favourites (${layout}, ${lang})`, () => {
    test('a pinned token and a starred network come first, stay after a reload, and go back when undone', async ({
      app,
      wallet,
      network,
    }) => {
      const [chainA, , chainC] = network.chains
      const { page, form } = await app.openConnected({
        wallet,
        viewport,
        storage: { lang },
        touch: layout === 'phone',
        connectLabel: words.connect,
      })
      const networkNames = form.picker.locator('.picker-network-name')
      await form.tokenButton('origin').click()
      await form.networkButton(chainA!.name).click()
      // By value: the coin first (10,000 ETH), WETH last.
      await expect(form.optionSymbols).toHaveText(['ETH', 'USDC', 'USDT', 'WETH'])
      const pinWeth = form.picker.getByRole('button', { name: words.pin('WETH'), exact: true })
      await expect(pinWeth).toHaveAttribute('aria-pressed', 'false')
      await pinWeth.click()
      await expect(form.optionSymbols).toHaveText(['WETH', 'ETH', 'USDC', 'USDT'])
      await expect(pinWeth).toHaveAttribute('aria-pressed', 'true')
      // The search box keeps the keyboard's place: the list is still driven from it.
      await form.picker.getByRole('button', { name: words.pin('USDT'), exact: true }).click()
      await expect(form.optionSymbols).toHaveText(['WETH', 'USDT', 'ETH', 'USDC'])

      // A network is starred where it is shown (on a phone, the selected one's star).
      await form.networkButton(chainC!.name).click()
      await form.picker.getByRole('button', { name: words.star(chainC!.name), exact: true }).click()
      await expect(networkNames.first()).toHaveText(chainC!.name)
      // Moved first, the selected network is still in sight (a phone's chips scroll sideways).
      await expect(form.networkButton(chainC!.name)).toBeInViewport({ ratio: 1 })
      await screenshot(page, `favourites-${layout}-${lang}-picker`, { fullPage: false })
      await page.keyboard.press('Escape')

      // Kept in this browser: after a reload, in a picker opened anew.
      await page.reload()
      await form.tokenButton('origin').click()
      await expect(networkNames.first()).toHaveText(chainC!.name)
      await form.networkButton(chainA!.name).click()
      await expect(form.optionSymbols).toHaveText(['WETH', 'USDT', 'ETH', 'USDC'])
      // Undone in one tap each.
      await pinWeth.click()
      await form.picker.getByRole('button', { name: words.pin('USDT'), exact: true }).click()
      await expect(form.optionSymbols).toHaveText(['ETH', 'USDC', 'USDT', 'WETH'])
      await form.networkButton(chainC!.name).click()
      const starC = form.picker.getByRole('button', { name: words.star(chainC!.name), exact: true })
      await expect(starC).toHaveAttribute('aria-pressed', 'true')
      await starC.click()
      await expect(networkNames).toHaveText(network.chains.map((chain) => chain.name))
    })

    test('a recipient sent to is offered again, one tap away, after a reload', async ({ app, wallet, network }) => {
      test.setTimeout(120_000)
      const [chainA, chainB] = network.chains
      const { page, form } = await app.openConnected({
        wallet,
        viewport,
        storage: { lang },
        touch: layout === 'phone',
        connectLabel: words.connect,
      })
      const recent = page.getByRole('button', { name: `${FRIEND.slice(0, 6)}…${FRIEND.slice(-4)}`, exact: true })
      await form.pickToken('origin', chainA!.name, 'USDC')
      await form.pickToken('destination', chainB!.name, 'USDC')
      const recipient = page.getByLabel(words.recipient)
      await form.amountLabelled(words.send).fill('20')
      await recipient.fill(FRIEND)
      await expect(recent).toHaveCount(0)
      await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
      await form.swap(words.swap)
      await expect(form.ending).toBeVisible({ timeout: 60_000 })
      await page.keyboard.press('Escape')

      await page.reload()
      await recipient.fill('')
      await expect(recent).toBeVisible()
      await screenshot(page, `favourites-${layout}-${lang}-recent-recipient`, { fullPage: false })
      await recent.click()
      await expect(recipient).toHaveValue(FRIEND)
    })
  })
}
