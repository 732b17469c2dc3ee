import { expect, test } from './fixtures/index.ts'
import { screenshot } from './support/screenshot.ts'
import { DESKTOP_SHORT, PHONE } from './support/views.ts'

for (const { layout, viewport, lang, words } of [
  {
    layout: 'desktop',
    viewport: DESKTOP_SHORT,
    lang: 'en',
    words: {
      connect: 'Connect Wallet',
      send: 'Send',
      myAddress: 'My address',
      gone: /^The route you chose, Liquidity Pool Bridge, is no longer offered: Not enough liquidity on the destination \([\d,.]+ USDC available\)\. The best route is selected\.$/,
    },
  },
  {
    layout: 'phone',
    viewport: PHONE,
    lang: 'zh',
    words: {
      connect: '連接錢包',
      send: '發送',
      myAddress: '我的地址',
      gone: /^您選擇的路由（Liquidity Pool Bridge）已不再提供：.+。已改選最佳路由。$/,
    },
  },
] as const) {
  test(`a chosen route that goes says why, and the best one is selected (${layout}, ${lang})`, async ({
    app,
    wallet,
    network,
  }) => {
    const { chains } = network
    const { page, form } = await app.openConnected({
      wallet,
      viewport,
      storage: { lang },
      touch: layout === 'phone',
      connectLabel: words.connect,
    })
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await form.amountLabelled(words.send).fill('20')
    await form.myAddressButton(words.myAddress).click()
    await form.route('pool').click()
    await expect(form.route('pool')).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByTestId('route-gone')).toHaveCount(0)

    // More than the pool holds on B (200,000 USDC), less than the solver does: the pool's route goes.
    await form.amountLabelled(words.send).fill('220000')
    await expect(page.getByTestId('route-gone')).toHaveText(words.gone, { timeout: 20_000 })
    await expect(form.route('pool')).toHaveCount(0)
    await expect(form.route('intent')).toHaveAttribute('aria-pressed', 'true')
    // The long amount that arrives shows whole beside its token, on a phone too (not "219,779.69…").
    const receive = page.getByTestId('receive-estimate')
    await expect(receive).toHaveText(/^219,\d{3}\.\d+$/)
    expect(await receive.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    await screenshot(page, `route-gone-${layout}-${lang}`, { fullPage: false })

    // It comes back with an amount the pool can take, chosen again: nothing more to say.
    await form.amountLabelled(words.send).fill('20')
    await expect(form.route('pool')).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 })
    await expect(page.getByTestId('route-gone')).toHaveCount(0)
  })
}
