import {
  type CompletedSwap,
  type DepositedSwap,
  type FailedSwap,
  formatDisplayAmount,
  HISTORY_STORE_VERSION,
  type RefundableSwap,
  type RefundedSwap,
  type SwapRecord,
  type TokenRef,
} from '@multi-bridge/core'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import { type Address, type Hex, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { HISTORY_CSV_COLUMNS } from '../apps/web/src/features/history/historyCsv.ts'
import { type App, expect, type TestNetwork, test, type WalletSettings } from './fixtures/index.ts'
import { HISTORY_PATH as HISTORY, type ListedSwap } from './pages/History.ts'
import { storedSwaps } from './support/chainReads.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'

// The running test's network, and a new owner for the swaps it seeds (tests of one worker run one at a time).
let chains: () => TestNetwork['chains'] = () => {
  throw new Error('no network yet')
}
let owner: () => Address = () => {
  throw new Error('no owner yet')
}
test.beforeEach(({ network }) => {
  const address = privateKeyToAccount(generatePrivateKey()).address
  chains = () => network.chains
  owner = () => address
})

const tokenRef = (chainIndex: number, symbol: string): TokenRef => {
  const chain = chains()[chainIndex]!
  const token = chain.tokens.find((t) => t.symbol === symbol)!
  return { chainId: chain.id, address: token.address, symbol, decimals: token.decimals, kind: token.kind }
}
const hash = (byte: string) => `0x${byte.repeat(32)}` as Hex
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** localStorage entries holding `swaps` as this device's History. */
const historyStorage = (swaps: readonly SwapRecord[]) => ({
  __persist__history: JSON.stringify({
    state: { swaps: Object.fromEntries(swaps.map((swap) => [swap.key, swap])) },
    version: HISTORY_STORE_VERSION,
  }),
})

/**
 * An intent swap of this device, deposited and past its fill deadline, that no solver will fill (an order id
 * nobody opened): the app's tracker finds the deadline passed on the destination chain and makes it refundable.
 */
function pastDeadlineSwap(name: string, byte: string, amount: bigint): DepositedSwap {
  const now = nowSeconds()
  return {
    key: `local-${name}`,
    id: hash(byte),
    providerId: 'intent',
    providerName: 'Intent Bridge',
    owner: owner(),
    recipient: owner(),
    origin: { token: tokenRef(0, 'USDC'), amount: amount.toString() },
    destination: {
      token: tokenRef(1, 'USDC'),
      estimatedAmount: ((amount * 99n) / 100n).toString(),
      minAmount: ((amount * 98n) / 100n).toString(),
    },
    depositAddress: chains()[0]!.contracts.intentOriginSettler!,
    status: 'deposited',
    depositTx: hash(`${byte.slice(0, 1)}f`),
    depositedAt: now - 600,
    refundableAfter: now - 300,
    expiresAt: now + 86_400,
    createdAt: (now - 610) * 1000,
    updatedAt: (now - 600) * 1000,
  }
}

// ---- The browser's Notification and the tab's visibility, stubbed in the page ----

type Permission = 'default' | 'granted' | 'denied'
type StubSettings = {
  /** `Notification.permission` at load (kept for the tab's session, like the browser's own setting). */
  permission: Permission
  /** What the person answers when the browser asks. */
  answer: Permission
  /** Whether the tab is hidden (another tab in front, the window minimised). */
  hidden: boolean
}
type StubNotification = EventTarget & {
  title: string
  body: string
  tag: string
  closed: boolean
  permissionWhenCreated: Permission
}
type AlertStub = {
  requests: number
  created: StubNotification[]
  setHidden: (hidden: boolean) => void
}

/** Runs in the page before the app: a Notification class that records what the app does with it, and a tab whose visibility the test sets. */
function installAlertStubs(initial: StubSettings) {
  const key = '__e2e_alert_stub'
  const saved = sessionStorage.getItem(key)
  const settings: StubSettings = saved ? (JSON.parse(saved) as StubSettings) : { ...initial }
  const save = () => sessionStorage.setItem(key, JSON.stringify(settings))
  save()
  const created: StubNotification[] = []
  let requests = 0
  type Handler = ((this: StubNotification, event: Event) => unknown) | null

  class Notification extends EventTarget {
    static get permission(): Permission {
      return settings.permission
    }
    static get maxActions() {
      return 0
    }
    /** The browser's prompt: answered a moment later; once answered, it is not asked again. */
    static requestPermission(callback?: (permission: Permission) => void): Promise<Permission> {
      requests++
      return new Promise((resolve) => {
        setTimeout(() => {
          if (settings.permission === 'default') settings.permission = settings.answer
          save()
          callback?.(settings.permission)
          resolve(settings.permission)
        }, 50)
      })
    }
    title: string
    body: string
    tag: string
    closed = false
    permissionWhenCreated: Permission
    onclick: Handler = null
    onclose: Handler = null
    onerror: Handler = null
    onshow: Handler = null
    constructor(title: string, options: NotificationOptions = {}) {
      super()
      if (title === undefined) throw new TypeError("Failed to construct 'Notification': 1 argument required")
      this.title = String(title)
      this.body = options.body ?? ''
      this.tag = options.tag ?? ''
      this.permissionWhenCreated = settings.permission
      for (const type of ['click', 'close', 'error', 'show'] as const) {
        this.addEventListener(type, (event) => this[`on${type}`]?.call(this as unknown as StubNotification, event))
      }
      created.push(this as unknown as StubNotification)
      // As in a browser: shown after the constructor returns, or an error event without permission.
      setTimeout(() => this.dispatchEvent(new Event(settings.permission === 'granted' ? 'show' : 'error')), 0)
    }
    close() {
      if (this.closed) return
      this.closed = true
      this.dispatchEvent(new Event('close'))
    }
  }

  Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: Notification })
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => settings.hidden })
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (settings.hidden ? 'hidden' : 'visible'),
  })
  const stub: AlertStub = {
    get requests() {
      return requests
    },
    created,
    setHidden(hidden) {
      settings.hidden = hidden
      save()
      document.dispatchEvent(new Event('visibilitychange'))
    },
  }
  ;(window as unknown as { __alertStub: AlertStub }).__alertStub = stub
}

const permissionRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __alertStub: AlertStub }).__alertStub.requests)

const notifications = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __alertStub: AlertStub }).__alertStub.created.map(
      ({ title, body, tag, closed, permissionWhenCreated }) => ({ title, body, tag, closed, permissionWhenCreated }),
    ),
  )

/** The person clicks the system notification. */
const clickNotification = (page: Page, index: number) =>
  page.evaluate((i) => {
    ;(window as unknown as { __alertStub: AlertStub }).__alertStub.created[i]!.dispatchEvent(new Event('click'))
  }, index)

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => (window as unknown as { __alertStub: AlertStub }).__alertStub.setHidden(value), hidden)

/** The app with the stubs installed before its first load. */
async function openWithAlerts(
  app: App,
  settings: StubSettings,
  options: {
    path: string
    lang?: 'en' | 'zh'
    swaps?: readonly SwapRecord[]
    /** The person turned notifications on in an earlier visit. */
    notificationsOn?: boolean
    wallet?: WalletSettings
  },
) {
  const storage: Record<string, string> = {
    lang: options.lang ?? 'en',
    ...(options.swaps ? historyStorage(options.swaps) : {}),
    ...(options.notificationsOn
      ? { __persist__alerts: JSON.stringify({ state: { notifications: true }, version: 1 }) }
      : {}),
  }
  return app.open({
    path: options.path,
    storage,
    initScripts: [(page) => page.addInitScript(installAlertStubs, settings)],
    ...(options.wallet ? { wallet: options.wallet } : {}),
  })
}

test.describe('word when a swap ends', () => {
  test('asks for notification permission only when the person turns notifications on, never on load', async ({
    app,
  }) => {
    const swap = pastDeadlineSwap('visible', 'a1', 5_000_000n)
    const { page, history } = await openWithAlerts(
      app,
      { permission: 'default', answer: 'granted', hidden: false },
      { path: HISTORY, swaps: [swap] },
    )
    // The app is fully up: its tracker found the deadline passed and the swap waits for its refund now.
    await expect(history.rows.first().getByTestId('history-status')).toHaveText('Refund available', {
      timeout: 30_000,
    })
    expect(await permissionRequests(page)).toBe(0)
    // The tab was in front the whole time: nothing to count, nothing to notify.
    await expect(page).toHaveTitle('History')
    expect(await notifications(page)).toEqual([])
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'false')
    await expect(history.notificationsToggle).toHaveText('Notify me when a swap ends')

    await history.notificationsToggle.click()
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'true')
    await expect(history.notificationsToggle).toHaveText('Notifications on')
    expect(await permissionRequests(page)).toBe(1)
    // Off, and on again: the browser already allows them, nothing is asked a second time.
    await history.notificationsToggle.click()
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'false')
    await history.notificationsToggle.click()
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'true')
    expect(await permissionRequests(page)).toBe(1)

    // The choice is kept; a reload asks nothing.
    await page.reload()
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'true')
    await expect(history.rows).toHaveCount(1)
    await expect(history.rows.first().getByTestId('history-status')).toHaveText('Refund available')
    // What the app does on load (services, tracking) has settled: nothing is loading any more.
    await page.waitForLoadState('networkidle')
    expect(await permissionRequests(page)).toBe(0)
    expect(await notifications(page)).toEqual([])
  })

  test('with notifications blocked: asks once, says they are blocked, shows none; the title still counts', async ({
    app,
  }) => {
    const { page, shell, history } = await openWithAlerts(
      app,
      { permission: 'default', answer: 'denied', hidden: false },
      { path: HISTORY },
    )
    const blocked = 'Notifications are blocked for this site in your browser settings'
    await history.notificationsToggle.click()
    // An information (status), not an error.
    await expect(shell.statusNotice(blocked)).toBeVisible()
    expect(await permissionRequests(page)).toBe(1)
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'false')
    await expect(history.notificationsToggle).toHaveText('Notify me when a swap ends')
    // Again: the browser has said no; the app says so again without asking it a second time.
    await expect(shell.notice(blocked)).toHaveCount(0)
    await history.notificationsToggle.click()
    await expect(shell.notice(blocked)).toBeVisible()
    expect(await permissionRequests(page)).toBe(1)
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'false')

    // Turned on in an earlier visit, blocked since in the browser's settings, the tab in the background:
    // the swap that now needs a refund is counted in the title, and no notification is created.
    const swap = pastDeadlineSwap('blocked', 'c1', 2_000_000n)
    const other = await openWithAlerts(
      app,
      { permission: 'denied', answer: 'denied', hidden: true },
      { path: HISTORY, swaps: [swap], notificationsOn: true },
    )
    await expect(other.page).toHaveTitle('(1) History', { timeout: 30_000 })
    expect(await notifications(other.page)).toEqual([])
    expect(await permissionRequests(other.page)).toBe(0)
    await setHidden(other.page, false)
    await expect(other.page).toHaveTitle('History')
    // The toggle does not claim notifications the browser blocks: it offers them, and says why it cannot.
    await expect(other.history.notificationsToggle).toHaveAttribute('aria-pressed', 'false')
    await expect(other.history.notificationsToggle).toHaveText('Notify me when a swap ends')
    await other.history.notificationsToggle.click()
    await expect(other.shell.notice(blocked)).toBeVisible()
    expect(await permissionRequests(other.page)).toBe(0)
  })

  test('counts a swap that completes while the tab is hidden in the title; its notification opens the swap', async ({
    app,
    wallet,
  }) => {
    test.setTimeout(180_000)
    const { page, shell, form, history } = await openWithAlerts(
      app,
      { permission: 'default', answer: 'granted', hidden: false },
      { path: HISTORY, wallet },
    )
    await shell.connect(TEST_WALLET_NAME)
    await expect(shell.accountButton).toBeVisible()
    await history.notificationsToggle.click()
    await expect(history.notificationsToggle).toHaveAttribute('aria-pressed', 'true')
    expect(await permissionRequests(page)).toBe(1)

    await shell.link('Swap').click()
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'ETH')
    await form.amount.fill('10')
    await form.myAddressButton().click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await form.route('intent').click()
    await expect(form.mainButton).toHaveText('Swap', { timeout: 20_000 })
    await form.mainButton.click()
    // The person confirms, then looks at another tab while the swap goes through.
    await setHidden(page, true)
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 90_000 })

    await expect(page).toHaveTitle('(1) Multi-Bridge-dapp')
    const completed = (await storedSwaps(page)).filter((s) => s.status === 'completed')
    expect(completed).toHaveLength(1)
    const swap = completed[0]!
    expect(swap.providerName).toBe('Intent Bridge')
    expect(await notifications(page)).toEqual([
      {
        title: 'Swap completed',
        body: '10 USDC → ETH · Intent Bridge',
        tag: swap.key,
        closed: false,
        permissionWhenCreated: 'granted',
      },
    ])

    await clickNotification(page, 0)
    await expect.poll(() => new URL(page.url()).hash).toBe(`${HISTORY}?id=${swap.id}`)
    await expect(form.progress()).toHaveText('Completed')
    expect((await notifications(page))[0]!.closed).toBe(true)
    // Still not seen (no visibilitychange yet): the count stays, before the History page's title.
    await expect(page).toHaveTitle('(1) History')
    await setHidden(page, false)
    await expect(page).toHaveTitle('History')
    // One swap, one word about it.
    expect(await notifications(page)).toHaveLength(1)
  })

  test('counts in Traditional Chinese too: two swaps that became refundable, two notifications', async ({ app }) => {
    const first = pastDeadlineSwap('zh-first', 'b1', 3_000_000n)
    const second = { ...pastDeadlineSwap('zh-second', 'b2', 4_500_000n), depositedAt: nowSeconds() - 500 }
    const { page, form } = await openWithAlerts(
      app,
      { permission: 'granted', answer: 'granted', hidden: true },
      { path: HISTORY, lang: 'zh', swaps: [first, second], notificationsOn: true },
    )
    await expect(page).toHaveTitle('(2) 歷史記錄', { timeout: 30_000 })
    // Turned on and allowed in an earlier visit: nothing asked on load.
    expect(await permissionRequests(page)).toBe(0)
    const shown = await notifications(page)
    expect(shown.map((n) => n.title)).toEqual(['兌換未送達', '兌換未送達'])
    expect(shown.map((n) => n.tag).sort()).toEqual([first.key, second.key].sort())
    expect(shown.find((n) => n.tag === first.key)?.body).toBe('3 USDC → USDC · Intent Bridge')
    expect(shown.find((n) => n.tag === second.key)?.body).toBe('4.5 USDC → USDC · Intent Bridge')

    await clickNotification(
      page,
      shown.findIndex((n) => n.tag === second.key),
    )
    await expect.poll(() => new URL(page.url()).hash).toBe(`${HISTORY}?id=${second.id}`)
    // The swap itself, amber: its money waits for a refund (an order nobody opened: no attester signs its refund, so
    // the word is not "可退款" but "退款延後").
    await expect(form.progress()).toHaveClass(/status-refundable/)
    await expect(form.progress()).toHaveText('退款延後')
    await expect(page).toHaveTitle('(2) 歷史記錄')
    await setHidden(page, false)
    await expect(page).toHaveTitle('歷史記錄')
  })
})

// ---- History export ----

type Column = (typeof HISTORY_CSV_COLUMNS)[number]
/** A row of the file by column (every column of HISTORY_CSV_COLUMNS). */
type Row = Record<Column, string>

/** Tokens read from their contracts (not on the list): their symbols are whatever the contracts say. */
const ODD_SYMBOL = '美元 "USD", 測試'
const FORMULA_SYMBOL = '=HYPERLINK("//x.example","USDC")'

/** Six swaps of this device, one in each state the list can show, newest first. */
function exportSeeds(): { record: SwapRecord; cells: Partial<Row> }[] {
  const now = nowSeconds()
  const t0 = now - 3 * 86_400
  const base = {
    owner: owner(),
    recipient: owner(),
  }
  const intentA = chains()[0]!.contracts.intentOriginSettler!
  const poolA = chains()[0]!.contracts.poolBridge!
  const deposited: DepositedSwap = {
    ...base,
    key: 'csv-deposited',
    id: hash('d1'),
    providerId: 'intent',
    providerName: 'Intent Bridge',
    origin: { token: tokenRef(0, 'ETH'), amount: '500000000000000000' },
    destination: { token: tokenRef(1, 'USDC'), estimatedAmount: '1480000000', minAmount: '1470000000' },
    depositAddress: intentA,
    status: 'deposited',
    depositTx: hash('e1'),
    depositedAt: now - 60,
    refundableAfter: now + 3_600,
    expiresAt: now + 86_400,
    createdAt: (now - 70) * 1000,
    updatedAt: (now - 60) * 1000,
  }
  const completed: CompletedSwap = {
    ...base,
    key: 'csv-completed',
    id: hash('d2'),
    providerId: 'intent',
    providerName: 'Intent Bridge',
    origin: { token: tokenRef(0, 'USDC'), amount: '150250000' },
    destination: {
      token: tokenRef(1, 'ETH'),
      estimatedAmount: '50200000000000000',
      minAmount: '49949000000000000',
      receivedAmount: '50123456789012345',
    },
    // The route's fees as quoted, kept with the swap: both taken from the amount, in the token received.
    fees: [
      { label: 'Solver fee', token: tokenRef(1, 'ETH'), amount: '50000000000000' },
      { label: 'Solver gas fee', token: tokenRef(1, 'ETH'), amount: '100000000000000' },
    ],
    depositAddress: intentA,
    status: 'completed',
    depositTx: hash('e2'),
    depositedAt: t0 + 300,
    deliveryTx: hash('f2'),
    deliveredAt: t0 + 312,
    createdAt: (t0 + 290) * 1000 + 123,
    updatedAt: (t0 + 312) * 1000,
  }
  const odd: CompletedSwap = {
    ...base,
    key: 'csv-odd-symbol',
    id: hash('d3'),
    providerId: 'pool',
    providerName: 'Liquidity Pool Bridge',
    origin: { token: tokenRef(0, 'USDC'), amount: '1234500000' },
    destination: {
      token: {
        chainId: chains()[2]!.id,
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        symbol: ODD_SYMBOL,
        decimals: 6,
        kind: 'erc20',
      },
      estimatedAmount: '1230796500',
      minAmount: '1230796500',
    },
    depositAddress: poolA,
    status: 'completed',
    depositTx: hash('e3'),
    depositedAt: t0 + 200,
    deliveryTx: hash('f3'),
    createdAt: (t0 + 190) * 1000,
    updatedAt: (t0 + 210) * 1000,
  }
  const refundable: RefundableSwap = {
    ...base,
    key: 'csv-refundable',
    id: hash('d4'),
    providerId: 'intent',
    providerName: 'Intent Bridge',
    origin: { token: tokenRef(0, 'USDC'), amount: '25000000' },
    destination: { token: tokenRef(1, 'USDC'), estimatedAmount: '24900000', minAmount: '24800000' },
    depositAddress: intentA,
    status: 'refundable',
    depositTx: hash('e4'),
    depositedAt: t0 + 100,
    refundableAfter: t0 + 1_900,
    expiresAt: now + 86_400,
    createdAt: (t0 + 90) * 1000,
    updatedAt: (t0 + 1_900) * 1000,
  }
  const refunded: RefundedSwap = {
    ...base,
    key: 'csv-refunded',
    id: hash('d5'),
    providerId: 'intent',
    providerName: 'Intent Bridge',
    origin: { token: tokenRef(1, 'USDC'), amount: '40000000' },
    destination: { token: tokenRef(0, 'USDC'), estimatedAmount: '39800000', minAmount: '39600000' },
    depositAddress: chains()[1]!.contracts.intentOriginSettler!,
    status: 'refunded',
    depositTx: hash('e5'),
    depositedAt: t0,
    refundTx: hash('f5'),
    createdAt: (t0 - 10) * 1000,
    updatedAt: (t0 + 4_000) * 1000,
  }
  const failed: FailedSwap = {
    ...base,
    key: 'csv-failed',
    id: hash('d6'),
    providerId: 'pool',
    providerName: 'Liquidity Pool Bridge',
    origin: { token: tokenRef(0, 'USDC'), amount: '1' },
    destination: {
      token: {
        chainId: chains()[2]!.id,
        address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
        symbol: FORMULA_SYMBOL,
        decimals: 6,
        kind: 'erc20',
      },
      estimatedAmount: '1',
      minAmount: '1',
    },
    depositAddress: poolA,
    status: 'failed',
    error: 'The deposit transaction reverted',
    createdAt: (t0 - 100) * 1000,
    updatedAt: (t0 - 90) * 1000,
  }
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString()
  return [
    {
      record: deposited,
      cells: { 'Amount sent': '0.5', 'Quoted receivable': '1480', 'Minimum receivable': '1470', Status: 'Swapping' },
    },
    {
      record: completed,
      cells: {
        'Amount sent': '150.25',
        'Quoted receivable': '0.0502',
        'Minimum receivable': '0.049949',
        'Amount received': '0.050123456789012345',
        // A bare number a spreadsheet adds up, its token beside it, and each fee named.
        Fees: '0.00015',
        'Fee token': 'ETH',
        'Fee breakdown': 'Solver fee: 0.00005 ETH; Solver gas fee: 0.0001 ETH',
        'Delivery transaction': hash('f2'),
        'Delivered (UTC)': iso(t0 + 312),
        Status: 'Completed',
      },
    },
    {
      record: odd,
      cells: {
        'Amount sent': '1234.5',
        'Quoted receivable': '1230.7965',
        'Minimum receivable': '1230.7965',
        'Delivery transaction': hash('f3'),
        Status: 'Completed',
      },
    },
    {
      record: refundable,
      cells: {
        'Amount sent': '25',
        'Quoted receivable': '24.9',
        'Minimum receivable': '24.8',
        Status: 'Failed (refundable)',
      },
    },
    {
      record: refunded,
      cells: {
        'Amount sent': '40',
        'Quoted receivable': '39.8',
        'Minimum receivable': '39.6',
        'Refund transaction': hash('f5'),
        Status: 'Failed (refunded)',
      },
    },
    {
      record: failed,
      cells: {
        'Amount sent': '0.000001',
        'Quoted receivable': '0.000001',
        'Minimum receivable': '0.000001',
        // Defused: a spreadsheet shows the text instead of running the formula.
        'Destination token': `'${FORMULA_SYMBOL}`,
        Status: 'Failed',
      },
    },
  ]
}

/** The whole row the file should have for a seeded swap. */
function expectedRow({ record, cells }: { record: SwapRecord; cells: Partial<Row> }): Row {
  const network = (chainId: number) => chains().find((chain) => chain.id === chainId)!.name
  const depositedAt = 'depositedAt' in record ? record.depositedAt : undefined
  return {
    // Columns this file does not know about yet are empty for these swaps.
    ...(Object.fromEntries(HISTORY_CSV_COLUMNS.map((column) => [column, ''])) as Row),
    ID: record.id,
    Provider: record.providerName,
    'Origin network': network(record.origin.token.chainId),
    'Origin token': record.origin.token.symbol,
    'Destination network': network(record.destination.token.chainId),
    'Destination token': record.destination.token.symbol,
    Recipient: record.recipient,
    'Deposit transaction': record.depositTx ?? '',
    'Created (UTC)': new Date(record.createdAt).toISOString(),
    'Deposited (UTC)': depositedAt === undefined ? '' : new Date(depositedAt * 1000).toISOString(),
    ...cells,
  }
}

/** An exact amount from the file as the list shows it (grouped, at most 6 fraction digits, rounded down). */
function display(exact: string): string {
  const decimals = exact.split('.')[1]?.length ?? 0
  return formatDisplayAmount(parseUnits(exact, decimals), decimals)
}

/** A cell as it was before the file defused a formula in it (`'=…` → `=…`). */
const undefused = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '')

/** What the History list shows for a row of the file. */
function asListed(row: Row): ListedSwap {
  const status = row.Status.startsWith('Swapping')
    ? 'Swapping...'
    : row.Status === 'Failed (refundable)'
      ? 'Refund available'
      : row.Status.replace(/ \(.*\)$/, '')
  const destination = row['Amount received'] || row['Minimum receivable']
  return {
    status,
    amounts: `${display(row['Amount sent'])} ${undefused(row['Origin token'])} → ${display(destination)} ${undefused(row['Destination token'])}`,
    route: `${row['Origin network']} → ${row['Destination network']} · ${row.Provider}`,
  }
}

/** Checks the downloaded file's bytes and returns its rows by column. */
function readCsv(file: { name: string; bytes: Buffer }): Row[] {
  expect(file.name).toMatch(/^multi-bridge-history-\d{4}-\d{2}-\d{2}\.csv$/)
  // A UTF-8 byte-order mark first, so that spreadsheets read the Chinese right.
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = file.bytes.toString('utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  expect(parsed.meta.linebreak).toBe('\r\n')
  const [header, ...rows] = parsed.data
  expect(header).toEqual([...HISTORY_CSV_COLUMNS])
  for (const row of rows) expect(row).toHaveLength(HISTORY_CSV_COLUMNS.length)
  return rows.map((row) => Object.fromEntries(HISTORY_CSV_COLUMNS.map((column, i) => [column, row[i]])) as Row)
}

test.describe('History export', () => {
  test('exports exactly the swaps listed for the current filter, cell for cell', async ({ app }) => {
    const seeds = exportSeeds()
    const { page, history } = await app.open({
      path: HISTORY,
      storage: { lang: 'en', ...historyStorage(seeds.map((s) => s.record)) },
    })
    await expect(history.rows).toHaveCount(seeds.length, { timeout: 15_000 })
    // The odd symbols (comma, quotes, Chinese characters; a formula) are shown as the contracts gave them.
    await expect(page.getByText(ODD_SYMBOL, { exact: false })).toHaveCount(1)
    await expect(page.getByText(FORMULA_SYMBOL, { exact: false })).toHaveCount(1)

    for (const [filter, statuses] of [
      ['All', undefined],
      ['Completed', ['Completed']],
      // A refundable swap waits for the person: under "Needs action", not among the failures that are over.
      ['Needs action', ['Failed (refundable)']],
      ['Failed', ['Failed (refunded)', 'Failed']],
      ['Refunded', ['Failed (refunded)']],
      ['Swapping...', ['Swapping']],
    ] as const) {
      const expected = seeds
        .filter((seed) => !statuses || (statuses as readonly string[]).includes(expectedRow(seed).Status))
        .map(expectedRow)
      await history.setFilter(filter)
      await expect(history.rows).toHaveCount(expected.length)
      const listed = await history.listed()
      const ids = await history.listedIds()
      // Opening a swap and closing it keeps the filter.
      await expect(history.filter(filter)).toHaveAttribute('aria-pressed', 'true')

      const rows = readCsv(await history.exportCsv())
      expect(rows, filter).toEqual(expected)
      // Row for row what the list shows, in the same order.
      expect(
        rows.map((row) => row.ID),
        filter,
      ).toEqual(ids)
      expect(rows.map(asListed), filter).toEqual(listed)
    }
  })

  test('keeps English headers in Chinese, and has nothing to export when nothing is listed', async ({ app }) => {
    const seed = exportSeeds()[1]!
    const { history } = await app.open({ path: HISTORY, storage: { lang: 'zh', ...historyStorage([seed.record]) } })
    await expect(history.rows).toHaveCount(1, { timeout: 15_000 })
    const exportButton = history.exportButtonLabelled('匯出 CSV')
    const rows = readCsv(await history.exportCsv(exportButton))
    expect(rows).toEqual([expectedRow(seed)])

    await history.filter('失敗', '按狀態篩選').click()
    await expect(history.rows).toHaveCount(0)
    await expect(exportButton).toBeDisabled()
  })
})
