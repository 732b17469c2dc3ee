import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type AppSession, expect, test } from './fixtures/index.ts'
import { tokenOf } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'
import { DESKTOP, PHONE } from './support/views.ts'

/** Issue #28 point 4: the form is kept across pages and reloads, mirrored in the address, and links prefill it. */

const LAYOUTS = [
  {
    name: 'desktop, English',
    id: 'desktop-en',
    viewport: DESKTOP,
    lang: 'en',
    send: 'Send',
    recipient: 'Enter or select the recipient address',
    swapLink: 'Swap',
    historyLink: 'History',
    historyTitle: 'History',
    badLink: 'Part of this link could not be used:',
    unknownNetwork: 'Unknown network 999 in the link',
    unknownToken: (network: string) => `Unknown token DOGE on ${network} in the link`,
    badAmount: 'The amount abc in the link is not a valid amount',
    badRecipient: 'The recipient 0x1234 in the link is not a valid address',
    dismiss: 'Dismiss',
    notFound: 'Page not found',
    noPage: 'There is no page at /nope.',
    goToSwap: 'Go to Swap',
  },
  {
    name: 'phone, 繁中',
    id: 'phone-zh',
    viewport: PHONE,
    lang: 'zh',
    send: '發送',
    recipient: '輸入或選擇接收地址',
    swapLink: '兌換',
    historyLink: '歷史記錄',
    historyTitle: '歷史記錄',
    badLink: '此連結有部分內容無法使用：',
    unknownNetwork: '連結中的網路 999 不存在',
    unknownToken: (network: string) => `連結中的代幣 DOGE 不在 ${network} 上`,
    badAmount: '連結中的數量 abc 不是有效的數量',
    badRecipient: '連結中的接收地址 0x1234 不是有效的地址',
    dismiss: '關閉',
    notFound: '找不到頁面',
    noPage: '/nope 沒有對應的頁面。',
    goToSwap: '前往兌換',
  },
] as const

/** The address's query, as the app wrote it. */
const query = (session: AppSession) => new URL(session.page.url()).hash.replace(/^#\/\?/, '').replace(/^#\/$/, '')

for (const layout of LAYOUTS) {
  test.describe(`the swap form (${layout.name})`, () => {
    const storage = { lang: layout.lang }

    test('is kept across Swap → History → Swap and a reload, and is mirrored in the address without a history entry per keystroke', async ({
      app,
      network,
    }) => {
      const [a, b] = network.chains
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const session = await app.open({ viewport: layout.viewport, storage })
      const { page, form, shell, consoleErrors } = session
      const entries = await page.evaluate(() => history.length)
      await form.pickToken('origin', a!.name, 'USDC')
      await form.pickToken('destination', b!.name, 'ETH')
      const amount = form.amountLabelled(layout.send)
      await amount.pressSequentially('12.5')
      await page.getByLabel(layout.recipient).fill(recipient)
      const expected = new URLSearchParams({
        fromChain: String(a!.id),
        fromToken: tokenOf(network.manifest, 0, 'USDC').address,
        toChain: String(b!.id),
        toToken: tokenOf(network.manifest, 1, 'ETH').address,
        amount: '12.5',
        toAddress: recipient,
      }).toString()
      await expect.poll(() => query(session)).toBe(expected)
      // Replaced, not pushed: Back leaves the page instead of undoing keystrokes.
      expect(await page.evaluate(() => history.length)).toBe(entries)

      const expectForm = async () => {
        await expect(form.tokenButton('origin')).toContainText('USDC')
        await expect(form.tokenButton('origin')).toContainText(a!.name)
        await expect(form.tokenButton('destination')).toContainText('ETH')
        await expect(form.tokenButton('destination')).toContainText(b!.name)
        await expect(form.amountLabelled(layout.send)).toHaveValue('12.5')
        await expect(page.getByLabel(layout.recipient)).toHaveValue(recipient)
      }
      await shell.link(layout.historyLink).click()
      await expect(shell.title).toHaveText(layout.historyTitle)
      await shell.link(layout.swapLink).click()
      await expectForm()
      await expect.poll(() => query(session)).toBe(expected)

      await page.reload()
      await expectForm()
      await expect.poll(() => query(session)).toBe(expected)

      // The address is written just after a change is painted: a reload right after the keystroke still keeps it
      // (written as the page is left), rather than the address's older amount winning over the kept form.
      await form.amountLabelled(layout.send).press('End')
      await form.amountLabelled(layout.send).press('5')
      await page.reload()
      await expect(form.amountLabelled(layout.send)).toHaveValue('12.55')
      await form.amountLabelled(layout.send).press('End')
      await form.amountLabelled(layout.send).press('Backspace')
      await expectForm()
      await expect.poll(() => query(session)).toBe(expected)
      await screenshot(page, `kept-form-${layout.id}`)
      // The prerendered page was hydrated as built (empty), then filled: nothing mismatched, nothing said.
      expect(consoleErrors).toEqual([])
      await expect(form.linkProblems).toHaveCount(0)
    })

    test('keeps every keystroke of fast typing on a slow phone: the address catching up never puts an older amount back', async ({
      app,
      network,
    }) => {
      const [a, b] = network.chains
      const session = await app.open({ viewport: layout.viewport, storage })
      const { page, form, consoleErrors } = session
      await form.pickToken('origin', a!.name, 'USDC')
      await form.pickToken('destination', b!.name, 'ETH')
      const amount = form.amountLabelled(layout.send)
      // A phone's processor: the router's render of each written address takes long enough for the next
      // keystroke to come first.
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
      for (const typed of ['12.5', '987654.321', '0.000125', '4242.42', '1.05']) {
        await amount.fill('')
        await expect.poll(() => new URLSearchParams(query(session)).get('amount')).toBe(null)
        // Every value the field shows, frame by frame, while the amount is typed (the last round's watch stopped).
        await amount.evaluate((field: HTMLInputElement) => {
          const watch = window as unknown as { __amountsShown: string[]; __stopWatch?: () => void }
          watch.__stopWatch?.()
          const shown: string[] = []
          let frame = 0
          const record = () => {
            if (shown.at(-1) !== field.value) shown.push(field.value)
            frame = requestAnimationFrame(record)
          }
          record()
          watch.__amountsShown = shown
          watch.__stopWatch = () => cancelAnimationFrame(frame)
        })
        await amount.click()
        await page.keyboard.type(typed)
        await expect(amount).toHaveValue(typed)
        await expect.poll(() => new URLSearchParams(query(session)).get('amount')).toBe(typed)
        await expect(amount).toHaveValue(typed)
        // Only ever longer: no frame showed an amount older than one already shown.
        const shown = await page.evaluate(() => (window as unknown as { __amountsShown: string[] }).__amountsShown)
        expect(shown.length).toBeGreaterThan(1)
        shown.forEach((value, at) => {
          expect(typed.startsWith(value), `frame shows ${value} while ${typed} is typed: ${shown}`).toBe(true)
          if (at > 0) expect(value.length, `${shown}`).toBeGreaterThan(shown[at - 1]!.length)
        })
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      expect(consoleErrors).toEqual([])
    })

    test('is prefilled by a link, which wins over the form kept from before', async ({ app, network }) => {
      const [a, b] = network.chains
      const usdcB = tokenOf(network.manifest, 1, 'USDC')
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const kept = {
        state: { origin: { chainId: b!.id, ...pick(tokenOf(network.manifest, 1, 'ETH')) }, amountText: '99' },
        version: 1,
      }
      const link = `#/?fromChain=${a!.id}&fromToken=usdc&toChain=${b!.id}&toToken=${usdcB.address.toLowerCase()}&amount=3.5&toAddress=${recipient}`
      const session = await app.open({
        viewport: layout.viewport,
        storage: { ...storage, __persist__swapForm: JSON.stringify(kept) },
        path: link,
      })
      const { page, form, consoleErrors } = session
      await expect(form.tokenButton('origin')).toContainText('USDC')
      await expect(form.tokenButton('origin')).toContainText(a!.name)
      await expect(form.tokenButton('destination')).toContainText('USDC')
      await expect(form.tokenButton('destination')).toContainText(b!.name)
      await expect(form.amountLabelled(layout.send)).toHaveValue('3.5')
      await expect(page.getByLabel(layout.recipient)).toHaveValue(recipient)
      await expect(form.linkProblems).toHaveCount(0)
      // Written back as the app writes it: tokens by their address.
      await expect
        .poll(() => new URLSearchParams(query(session)).get('fromToken'))
        .toBe(tokenOf(network.manifest, 0, 'USDC').address)
      await screenshot(page, `deep-link-${layout.id}`)
      expect(consoleErrors).toEqual([])
    })

    test('names what a link asks for that it cannot use, and uses the rest', async ({ app, network }) => {
      const b = network.chains[1]!
      const session = await app.open({
        viewport: layout.viewport,
        storage,
        path: `#/?fromChain=999&fromToken=USDC&toChain=${b.id}&toToken=DOGE&amount=abc&toAddress=0x1234`,
      })
      const { page, form } = session
      const problems = form.linkProblems
      await expect(problems).toHaveRole('alert')
      await expect(problems).toContainText(layout.badLink)
      await expect(problems.getByRole('listitem')).toHaveText([
        layout.unknownNetwork,
        layout.unknownToken(b.name),
        layout.badAmount,
        layout.badRecipient,
      ])
      // Nothing of it was put in the form, and the address no longer holds it.
      await expect(form.amountLabelled(layout.send)).toHaveValue('')
      await expect.poll(() => query(session)).toBe('')
      await screenshot(page, `bad-link-${layout.id}`)
      await problems.getByRole('button', { name: layout.dismiss }).click()
      await expect(problems).toHaveCount(0)
    })

    test('starts from what can be kept of a corrupt saved form, and says nothing about it', async ({
      app,
      network,
    }) => {
      const ethB = tokenOf(network.manifest, 1, 'ETH')
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const saved = {
        state: {
          origin: { chainId: 'x', address: '0x12' },
          destination: { chainId: network.chains[1]!.id, ...pick(ethB) },
          amountText: 12,
          recipientText: recipient,
        },
        version: 1,
      }
      const { page, form, shell, consoleErrors } = await app.open({
        viewport: layout.viewport,
        storage: { ...storage, __persist__swapForm: JSON.stringify(saved) },
      })
      await expect(form.tokenButton('destination')).toContainText('ETH')
      await expect(page.getByLabel(layout.recipient)).toHaveValue(recipient)
      await expect(form.amountLabelled(layout.send)).toHaveValue('')
      await expect
        .poll(() => consoleErrors.join('\n'))
        .toMatch(/\[storage\] the saved swap form's origin, amountText was corrupt and left out/)
      await expect(shell.notices).toHaveText('')
      await expect(page.getByRole('main')).not.toContainText(/storage|__persist__|went wrong/i)

      // Not JSON at all: an empty form, the same silence.
      const broken = await app.open({
        viewport: layout.viewport,
        storage: { ...storage, __persist__swapForm: '{"state":' },
      })
      await expect(broken.form.amountLabelled(layout.send)).toBeVisible()
      await expect.poll(() => broken.consoleErrors.join('\n')).toMatch(/"__persist__swapForm" is not valid JSON/)
      await expect(broken.shell.notices).toHaveText('')
      await expect(broken.page.getByRole('main')).not.toContainText(/storage|__persist__|went wrong/i)
    })

    test('says an unknown address is no page, with the way back', async ({ app }) => {
      const { page, form, shell } = await app.open({ viewport: layout.viewport, storage, path: '#/nope' })
      await expect(page.getByRole('main').getByRole('heading', { name: layout.notFound })).toBeVisible()
      await expect(shell.title).toHaveText(layout.notFound)
      await expect(page).toHaveTitle(layout.notFound)
      await expect(page.getByRole('main')).toContainText(layout.noPage)
      // Not the swap page in disguise.
      await expect(form.mainButton).toHaveCount(0)
      await screenshot(page, `not-found-${layout.id}`)
      await page.getByRole('link', { name: layout.goToSwap }).click()
      await expect(form.mainButton).toBeVisible()
      await expect(form.amountLabelled(layout.send)).toBeVisible()
    })
  })
}

/** A manifest token as the form keeps it (no name or logo). */
function pick(token: { address: string; symbol: string; decimals: number; kind: string }) {
  return { address: token.address, symbol: token.symbol, decimals: token.decimals, kind: token.kind }
}
