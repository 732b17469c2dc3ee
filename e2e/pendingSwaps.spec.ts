import { type CompletedSwap, type DepositedSwap, HISTORY_STORE_VERSION, type SwapRecord } from '@multi-bridge/core'
import type { Locator, Page } from '@playwright/test'
import type { Address, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type AppSession, expect, type TestNetwork, test } from './fixtures/index.ts'
import { HISTORY_PATH } from './pages/History.ts'
import type { Shell } from './pages/Shell.ts'
import { storedSwaps, tokenOf } from './support/chainReads.ts'
import { hangRpc } from './support/rpcHang.ts'
import { screenshot } from './support/screenshot.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'
import { DESKTOP, PHONE } from './support/views.ts'

/**
 * Issue #28 point 3: a swap is never out of sight. A pending count in the navigation bar reopens it, the app says
 * when any swap ends (with the tab in front too), a completed swap ends with what arrived, Done and New swap,
 * and the form lets go of a swap once it is sent.
 */

const LAYOUTS = [
  {
    name: 'desktop, English',
    id: 'desktop-en',
    viewport: DESKTOP,
    lang: 'en',
    connect: 'Connect Wallet',
    send: 'Send',
    myAddress: 'My address',
    swap: 'Swap',
    enterAmount: 'Enter an amount to swap',
    completed: 'Completed',
    pending: (n: number) => `${n} pending`,
    received: (amount: string, token: string, network: string) => `You received ${amount} ${token} on ${network}`,
    done: 'Done',
    newSwap: 'New swap',
    copied: 'Copied',
    completedNotice: (network: string) => new RegExp(`^Swap completed: [\\d.,]+ USDC received on ${network}$`),
    refundNotice: (amount: string) =>
      `Not delivered: ${amount} USDC waits for your refund; open the swap to refund it once its refund opens`,
    refundAvailable: 'Refund available',
    toRefund: (n: number) => `${n} to refund`,
    list: 'Swaps in progress',
    history: 'History',
  },
  {
    name: 'phone, 繁中',
    id: 'phone-zh',
    viewport: PHONE,
    lang: 'zh',
    connect: '連接錢包',
    send: '發送',
    myAddress: '我的地址',
    swap: '兌換',
    enterAmount: '輸入兌換數量',
    completed: '已完成',
    pending: (n: number) => `${n} 筆進行中`,
    received: (amount: string, token: string, network: string) => `您已在 ${network} 收到 ${amount} ${token}`,
    done: '完成',
    newSwap: '新的兌換',
    copied: '已複製',
    completedNotice: (network: string) => new RegExp(`^兌換完成：已在 ${network} 收到 [\\d.,]+ USDC$`),
    refundNotice: (amount: string) => `未送達：${amount} USDC 等待您退款；退款開放後，請開啟此兌換退款`,
    refundAvailable: '可退款',
    toRefund: (n: number) => `${n} 筆待退款`,
    list: '進行中的兌換',
    history: '歷史記錄',
  },
] as const
type Layout = (typeof LAYOUTS)[number]

/** Fills the form for `amount` USDC from chain `from` to chain `to`, to the account itself, on `provider`'s route. */
async function fillSwap(
  { page, form }: AppSession,
  layout: Layout,
  chains: TestNetwork['chains'],
  [from, to]: [number, number],
  amount: string,
  provider: 'intent' | 'pool',
) {
  await form.pickToken('origin', chains[from]!.name, 'USDC')
  await form.pickToken('destination', chains[to]!.name, 'USDC')
  await form.amountLabelled(layout.send).fill(amount)
  await form.myAddressButton(layout.myAddress).click()
  await expect(form.route(provider)).toBeVisible({ timeout: 20_000 })
  await form.route(provider).click()
  await expect(form.mainButton).toHaveText(layout.swap, { timeout: 20_000 })
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

for (const layout of LAYOUTS) {
  test.describe(`a swap never out of sight (${layout.name})`, () => {
    const open = { viewport: layout.viewport, storage: { lang: layout.lang }, connectLabel: layout.connect }

    test('closed mid-swap: the form is disarmed, the header counts it, reopens it, and it ends with what arrived, Done and New swap', async ({
      app,
      wallet,
      network,
    }) => {
      const { chains } = network
      const session = await app.openConnected({ wallet, ...open })
      const { page, form, shell, context } = session
      // The pool bridge: slow enough (finality on A, then the release on C) to close its dialog on the way.
      await fillSwap(session, layout, chains, [0, 2], '200', 'pool')
      await form.mainButton.click()
      await form.confirm(layout.swap)
      const deposit = form.dialog.getByTestId('step').nth(2)
      await expect(deposit).toHaveAttribute('data-state', 'done', { timeout: 30_000 })
      // The page does not see C until the swap is reopened from the header (the release waits for A's finality
      // first): a loaded machine's relayer can deliver before the test reaches the count, and an ended swap is
      // counted no more.
      const destinationUnseen = await hangRpc(page, chains[2]!.rpcUrls[0]!)
      await shell.closeDialog()
      await expect(form.dialog).toHaveCount(0)

      // Sent: the amount is gone, Swap cannot send it again, and the keyboard is on the amount, not on Swap.
      const amount = form.amountLabelled(layout.send)
      await expect(amount).toHaveValue('')
      await expect(form.mainButton).toHaveText(layout.enterAmount)
      await expect(form.mainButton).toBeDisabled()
      await expect(amount).toBeFocused()
      await expect(form.tokenButton('origin')).toContainText('USDC')

      await expect(shell.pendingSwaps).toHaveText(layout.pending(1))
      await screenshot(page, `pending-count-${layout.id}`, { fullPage: false })
      await shell.pendingSwaps.click()
      await expect(form.dialog).toBeVisible()
      await destinationUnseen.release()
      await expect(form.progress()).toHaveText(layout.completed, { timeout: 90_000 })
      await expect(form.ending).toContainText(layout.received('199.4', 'USDC', chains[2]!.name))
      await expect(shell.pendingSwaps).toHaveCount(0)

      // Every hash can be copied; none looks like a link on a network with no explorer.
      const steps = form.dialog.getByTestId('step')
      await expect(steps.getByTestId('tx-hash')).toHaveCount(3) // approve, deposit, delivery
      await expect(steps.getByRole('link')).toHaveCount(0)
      const [swap] = (await storedSwaps(page)).filter((s) => s.status === 'completed')
      if (swap?.status !== 'completed' || !swap.deliveryTx) throw new Error('no completed swap stored')
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
      const copy = steps.last().getByTestId('copy-hash')
      await copy.click()
      await expect(copy).toHaveText(layout.copied)
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(swap.deliveryTx)
      await screenshot(page, `swap-ending-${layout.id}`, { fullPage: false })

      // New swap: the form again, same tokens and recipient, no amount, ready to type.
      await form.ending.getByRole('button', { name: layout.newSwap }).click()
      await expect(form.dialog).toHaveCount(0)
      await expect(amount).toHaveValue('')
      await expect(amount).toBeFocused()
      await expect(form.tokenButton('destination')).toContainText(chains[2]!.name)
      await expect(page).toHaveURL(new RegExp(`fromChain=${chains[0]!.id}`))
    })

    test('says so in the app when a swap completes with the tab in front, and Done closes its ending', async ({
      app,
      wallet,
      network,
    }) => {
      const { chains } = network
      const session = await app.openConnected({ wallet, ...open })
      const { page, form, shell, history } = session
      await fillSwap(session, layout, chains, [0, 1], '5', 'intent')
      await form.mainButton.click()
      await form.confirm(layout.swap)
      // The person confirms and closes the dialog at once.
      await shell.closeDialog()
      await expect(form.dialog).toHaveCount(0)
      const notice = shell.notices.getByRole('status').filter({ hasText: layout.completedNotice(chains[1]!.name) })
      await expect(notice).toBeVisible({ timeout: 60_000 })
      await screenshot(page, `completed-notice-${layout.id}`, { fullPage: false })
      await expect(shell.pendingSwaps).toHaveCount(0)
      await expect(form.amountLabelled(layout.send)).toHaveValue('')
      // In front all along: nothing for the tab's title to count.
      await expect(page).not.toHaveTitle(/^\(\d+\)/)

      await shell.link(layout.history).click()
      await history.rows.first().click()
      await expect(form.ending).toBeVisible()
      await form.ending.getByRole('button', { name: layout.done }).click()
      await expect(form.dialog).toHaveCount(0)
      await expect.poll(() => new URL(page.url()).hash).toBe(HISTORY_PATH)
    })

    test('counts several swaps, amber while a refund waits, lists them, and says when each becomes refundable', async ({
      app,
      network,
    }) => {
      const owner = privateKeyToAccount(generatePrivateKey()).address
      const seeds = [deposited(network, owner, 'c1', 3_000_000n, 900), deposited(network, owner, 'c2', 4_500_000n, 800)]
      const { page, form, shell } = await app.open({
        viewport: layout.viewport,
        storage: { lang: layout.lang, ...historyStorage(seeds) },
      })
      await expect(shell.pendingSwaps).toHaveText(layout.pending(2))
      // Past their deadline and never filled: the tracker finds them refundable, and the app says it.
      for (const amount of ['3', '4.5']) {
        await expect(shell.notices.getByRole('status').filter({ hasText: layout.refundNotice(amount) })).toBeVisible({
          timeout: 30_000,
        })
      }
      await expect(shell.pendingSwaps).toHaveClass(/pending-button-refund/)
      // Money waiting is counted on its own, not as "pending", and said to a screen reader too, not only in amber.
      await expect(shell.pendingSwaps).toHaveAccessibleName(layout.toRefund(2))
      await screenshot(page, `pending-refund-${layout.id}`, { fullPage: false })

      await shell.pendingSwaps.click()
      const list = page.getByRole('dialog', { name: layout.list })
      const rows = list.getByTestId('pending-row')
      await expect(rows).toHaveCount(2)
      await expect(rows.first().locator('.status')).toHaveText(layout.refundAvailable)
      await expect(rows.first()).toContainText('4.5 USDC') // newest first
      await screenshot(page, `pending-list-${layout.id}`, { fullPage: false })
      await rows.first().click()
      await expect(form.refundButton()).toBeVisible()
      await page.keyboard.press('Escape')
      // Back to the list, then out; the keyboard is back on the count.
      await expect(rows).toHaveCount(2)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(shell.pendingSwaps).toBeFocused()
    })

    test('links a hash to the explorer only where the network has one, and copies each', async ({ app, network }) => {
      const [a, b] = network.chains
      const owner = privateKeyToAccount(generatePrivateKey()).address
      const base = deposited(network, owner, 'd1', 7_000_000n, 600)
      const completed: CompletedSwap = {
        ...base,
        status: 'completed',
        destination: { ...base.destination, receivedAmount: '6930000' },
        deliveryTx: hash('d9'),
        deliveredAt: base.depositedAt + 4,
      }
      const { page, form, context } = await app.open({
        viewport: layout.viewport,
        storage: { lang: layout.lang, ...historyStorage([completed]) },
        path: `${HISTORY_PATH}?id=${completed.id}`,
        // Chain B has an explorer in this config; chain A (the deposit's) has none.
        manifest: (m) => ({
          ...m,
          chains: m.chains.map((c) => (c.id === b!.id ? { ...c, blockExplorerUrl: 'https://explorer.example/' } : c)),
        }),
      })
      await expect(form.ending).toContainText(layout.received('6.93', 'USDC', b!.name))
      const steps = form.dialog.getByTestId('step')
      const delivery = steps.filter({ has: page.getByRole('link') })
      await expect(delivery).toHaveCount(1)
      await expect(delivery.getByRole('link')).toHaveAttribute(
        'href',
        `https://explorer.example/tx/${completed.deliveryTx}`,
      )
      await expect(delivery.getByRole('link')).toHaveAttribute('target', '_blank')
      // The deposit on A: text, not a link.
      await expect(steps.getByTestId('tx-hash')).toHaveText([new RegExp(`^${a!.name}: 0x${'df'.repeat(4)}`)])
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
      for (const [row, value] of [
        [delivery, completed.deliveryTx],
        [steps.filter({ has: page.getByTestId('tx-hash') }), completed.depositTx],
      ] as const) {
        await row.getByTestId('copy-hash').click()
        await expect(row.getByTestId('copy-hash')).toHaveText(layout.copied)
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value)
      }
      await screenshot(page, `explorer-links-${layout.id}`, { fullPage: false })
    })
  })
}

const hash = (byte: string) => `0x${byte.repeat(32)}` as Hex

/** localStorage entries holding `swaps` as this device's History. */
const historyStorage = (swaps: readonly SwapRecord[]) => ({
  __persist__history: JSON.stringify({
    state: { swaps: Object.fromEntries(swaps.map((swap) => [swap.key, swap])) },
    version: HISTORY_STORE_VERSION,
  }),
})

/** An intent swap deposited `ago` seconds back, past its fill deadline, that no solver will fill (nobody opened it). */
function deposited(network: TestNetwork, owner: Address, byte: string, amount: bigint, ago: number): DepositedSwap {
  const now = Math.floor(Date.now() / 1000)
  const ref = (chainIndex: number) => {
    const { address, symbol, decimals, kind } = tokenOf(network.manifest, chainIndex, 'USDC')
    return { chainId: network.chains[chainIndex]!.id, address, symbol, decimals, kind }
  }
  return {
    key: `pending-${byte}`,
    id: hash(byte),
    providerId: 'intent',
    providerName: 'Intent Bridge',
    owner,
    recipient: owner,
    origin: { token: ref(0), amount: amount.toString() },
    destination: {
      token: ref(1),
      estimatedAmount: ((amount * 99n) / 100n).toString(),
      minAmount: ((amount * 98n) / 100n).toString(),
    },
    depositAddress: network.chains[0]!.contracts.intentOriginSettler!,
    status: 'deposited',
    depositTx: hash(`${byte.slice(0, 1)}f`),
    depositedAt: now - ago,
    refundableAfter: now - 300,
    expiresAt: now + 86_400,
    createdAt: (now - ago - 10) * 1000,
    updatedAt: (now - ago) * 1000,
  }
}

/** One line of text: the line boxes of a wrapped text are a line apart, parts of one line a few pixels at most. */
const isOneLine = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const tops = Array.from(range.getClientRects())
      .filter((rect) => rect.width > 0)
      .map((rect) => rect.top)
    return tops.length > 0 && Math.max(...tops) - Math.min(...tops) <= 8
  })

/** The header on a phone: no sideways scrolling, every link and button on one line and wholly on screen. */
async function expectTidyHeader(page: Page, shell: Shell, links: readonly string[], state: string) {
  const { overflow, width } = await page.evaluate(() => ({
    overflow: document.scrollingElement!.scrollWidth - window.innerWidth,
    width: window.innerWidth,
  }))
  expect(overflow, `the page scrolls sideways (${state})`).toBeLessThanOrEqual(0)
  const texts = [shell.title, ...links.map((name) => shell.link(name))]
  // The buttons: the languages, the count, the wallet (the account is its address over its network, by design).
  const buttons = await page.getByRole('banner').getByRole('button').all()
  for (const part of [...texts, ...buttons]) {
    const box = await part.boundingBox()
    const name = (await part.textContent()) ?? ''
    expect(box, `${name} is not shown (${state})`).not.toBeNull()
    expect(box!.x, `${name} starts off screen (${state})`).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width, `${name} ends off screen (${state})`).toBeLessThanOrEqual(width)
    // Each link's words on one line (the issue found "兌換" two lines high beside the count); its target is 44 px.
    if (texts.includes(part)) expect(await isOneLine(part), `${name} wraps (${state})`).toBe(true)
    else expect(box!.height, `${name} is taller than a link (${state})`).toBeLessThanOrEqual(44)
  }
  expect(await shell.title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
}

test.describe('the header on a phone, 390×844 (issue #28 point 9)', () => {
  for (const layout of [
    { lang: 'en', links: ['Swap', 'History'], connect: 'Connect Wallet', pending: '1 pending' },
    { lang: 'zh', links: ['兌換', '歷史記錄'], connect: '連接錢包', pending: '1 筆進行中' },
  ] as const) {
    test(`keeps every part on one line and on screen, with the count of swaps under way, with and without the wallet, and shows the account (${layout.lang})`, async ({
      app,
      network,
    }) => {
      const account = privateKeyToAccount(generatePrivateKey())
      const { page, shell } = await app.open({
        viewport: PHONE,
        wallet: { account, initialChainId: network.chains[0]!.id },
        storage: { lang: layout.lang, ...historyStorage([deposited(network, account.address, 'e1', 2_000_000n, 700)]) },
      })
      await expect(shell.pendingSwaps).toBeVisible()
      // Its words are its name; the narrow bar shows the count beside the spinner.
      await expect(shell.pendingSwaps).toHaveAccessibleName(new RegExp(`^${layout.pending}`))
      await expect(shell.connectButtonLabelled(layout.connect)).toBeEnabled()
      await expectTidyHeader(page, shell, layout.links, 'no wallet')
      await screenshot(page, `header-phone-${layout.lang}-no-wallet`, { fullPage: false })

      await shell.connect(TEST_WALLET_NAME, layout.connect)
      await expect(shell.accountButton).toBeVisible()
      await expect(shell.dialog).toHaveCount(0)
      // The account itself stays shown, its network under it.
      const short = `${account.address.slice(0, 6)}…${account.address.slice(-4)}`
      await expect(shell.accountButton.getByText(short)).toBeVisible()
      await expect(shell.networkName).toBeVisible()
      await expect(shell.networkName).toHaveText(network.chains[0]!.name)
      await expectTidyHeader(page, shell, layout.links, 'wallet connected')
      await screenshot(page, `header-phone-${layout.lang}-connected`, { fullPage: false })
    })
  }
})
