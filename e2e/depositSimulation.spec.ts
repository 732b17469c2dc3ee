import type { Manifest } from '@multi-bridge/core'
import { axeViolations, ENGLISH, expect, test } from './fixtures/index.ts'
import { deployPausedPool } from './support/pausedPool.ts'
import { screenshot } from './support/screenshot.ts'
import { PHONE_ZH } from './support/views.ts'

// The deposit simulated before the wallet opens (issue #56 point 2): the review runs the approval and the deposit on
// the origin's latest state, shows what leaves the wallet, and refuses a deposit that would revert with its reason,
// before the wallet is asked anything.

const VIEWS = [
  {
    name: 'desktop, English',
    shot: 'en-1280',
    open: { storage: ENGLISH },
    words: {
      amount: 'Send',
      mine: 'My address',
      swap: 'Swap',
      simulated: (network: string) => `Simulated on ${network}: it goes through.`,
      leaves: 'Leaves your wallet',
      paused: 'The bridge is paused: this deposit would fail, so nothing was signed. Choose another route.',
      poolLatest: '5 minutes after the deposit',
      poolRefund: 'Your Refund button here, 5 minutes after the deposit',
      intentRefund: /^Your Refund button here, from .*\d/,
      comesBack: (network: string) => `40 USDC on ${network}`,
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
      simulated: (network: string) => `已在 ${network} 上模擬：可以成功執行。`,
      leaves: '從您的錢包轉出',
      paused: '這座橋已暫停：這筆存入會失敗，因此沒有簽署任何內容。請選擇其他路線。',
      poolLatest: /^存入後 5 /,
      poolRefund: /^本頁的「退款」按鈕，存入後 5 .*可用$/,
      intentRefund: /^本頁的「退款」按鈕，.*\d.*起可用$/,
      comesBack: (network: string) => `${network} 上的 40 USDC`,
    },
  },
] as const

for (const view of VIEWS) {
  test.describe(`the deposit simulated before signing (${view.name})`, () => {
    test('the review shows what the simulated deposit moves out of the wallet, its approval assumed', async ({
      app,
      wallet,
      network,
    }) => {
      const [a, b] = network.chains
      const { page, form, wallet: person } = await app.openConnected({ wallet, ...view.open })
      await form.enterUsdcToMyself(a!.name, b!.name, '40', view.words)
      await form.chooseRoute('pool', view.words.swap)
      await form.mainButton.click()
      const simulation = form.dialog.getByTestId('simulation')
      // The wallet has approved nothing: the simulation gave the approval itself, in the same simulated block.
      await expect(simulation).toContainText(view.words.simulated(a!.name), { timeout: 20_000 })
      await expect(simulation.getByRole('term')).toHaveText([view.words.leaves])
      await expect(simulation.getByTestId('simulation-move')).toHaveText('40 USDC → Pool Bridge')
      // The worst case, from the deposit: the pool sets its deadline when the send is mined (its 5-minute release
      // window), and gives the whole deposit back on A through the Refund button once B's final blocks pass it.
      const worst = form.dialog.getByTestId('worst-case')
      await expect(worst.getByTestId('worst-latest')).toHaveText(view.words.poolLatest)
      await expect(worst.getByTestId('worst-refund')).toHaveText(view.words.poolRefund)
      await expect(worst.getByTestId('worst-comes-back')).toHaveText(view.words.comesBack(a!.name))
      await simulation.scrollIntoViewIfNeeded()
      await screenshot(page, `simulation-moves-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])
      expect(person!.requests).not.toContain('eth_sendTransaction')

      // The intent bridge's order names its fill deadline: the latest time, and the Refund button from a time after it.
      await page.keyboard.press('Escape')
      await form.route('intent').click()
      await form.mainButton.click()
      await expect(worst.getByTestId('worst-latest')).toHaveText(/\d/, { timeout: 20_000 })
      await expect(worst.getByTestId('worst-refund')).toHaveText(view.words.intentRefund)
      await expect(worst.getByTestId('worst-comes-back')).toHaveText(view.words.comesBack(a!.name))
      await worst.scrollIntoViewIfNeeded()
      await screenshot(page, `worst-case-intent-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])
    })

    test('a paused bridge: the review says so and Swap stays off; the wallet is asked nothing', async ({
      app,
      wallet,
      network,
    }) => {
      const [a, b] = network.chains
      const paused = await deployPausedPool(a!, b!)
      const withPausedPool = (manifest: Manifest): Manifest => ({
        ...manifest,
        chains: manifest.chains.map((c) =>
          c.id === a!.id ? { ...c, contracts: { ...c.contracts, poolBridge: paused } } : c,
        ),
      })
      const { page, form, wallet: person } = await app.openConnected({ wallet, manifest: withPausedPool, ...view.open })
      await form.enterUsdcToMyself(a!.name, b!.name, '40', view.words)
      // The pool is quoted (its fee and route read from it): only its deposit would revert.
      await form.chooseRoute('pool', view.words.swap)
      const asked = person!.requests.length
      await form.mainButton.click()
      await expect(form.dialog.getByTestId('simulation-refused')).toHaveText(view.words.paused, { timeout: 20_000 })
      await expect(form.dialog.getByRole('button', { name: view.words.swap, exact: true })).toBeDisabled()
      await form.dialog.getByTestId('simulation-refused').scrollIntoViewIfNeeded()
      await screenshot(page, `simulation-paused-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])
      // Nothing was asked of the wallet since the review opened: no network switch, no approval, no deposit.
      expect(
        person!.requests.slice(asked).filter((method: string) => !/^eth_(chainId|accounts)$/.test(method)),
      ).toEqual([])
    })
  })
}
