import { parseManifest } from '@multi-bridge/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getConnection, reconnect } from 'wagmi/actions'
import { MemoryStorage, stubBrowser } from '../../test/browserGlobals.ts'
import { EARLY_WALLET_SETTINGS, earlyWalletScript, WAGMI_STORAGE_KEY } from './earlyWallet.ts'
import {
  DEVNET_CONNECTED_KEY,
  EARLY_WALLET_EVENT,
  EARLY_WALLET_GLOBAL,
  EARLY_WALLET_HANDED,
  handOverEarlyConnect,
  takeEarlyConnect,
} from './earlyWalletState.ts'
import { createWagmiConfig } from './wagmiConfig.ts'

/**
 * The inline script says "disconnected" only when wagmi's own reconnect, with the app's own config, ends disconnected:
 * every combination of what can reconnect (the devnet wallet's flag, the injected connector's flag and provider, a
 * wallet announced by EIP-6963 with or without an account, one that never answers, one the person disconnected).
 */

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MANIFEST = parseManifest({
  version: 1,
  mode: 'devnet',
  generatedAt: '2026-01-01T00:00:00.000Z',
  chains: [
    {
      id: 1001,
      name: 'Local A',
      shortName: 'a',
      rpcUrls: ['http://127.0.0.1:1/'],
      blockTime: 1,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      testnet: true,
      contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' },
      tokens: [],
    },
  ],
  services: { solver: { url: 'http://127.0.0.1:1/' }, relayer: { url: 'http://127.0.0.1:1/' } },
  devnet: {
    mnemonic: 'test test test test test test test test test test test junk',
    accounts: { deployer: 0, solver: 1, relayer: 2, attesters: [3], users: [4], wallet: 5 },
  },
})

type Answer = 'account' | 'none' | 'never'
/** An EIP-1193 provider as a wallet injects it: eth_accounts lists an account, none, or never answers. */
function provider(answer: Answer) {
  return {
    request: ({ method }: { method: string }) => {
      if (answer === 'never') return new Promise(() => {})
      if (method === 'eth_accounts' || method === 'eth_requestAccounts')
        return Promise.resolve(answer === 'account' ? [ACCOUNT] : [])
      if (method === 'eth_chainId') return Promise.resolve('0x3e9')
      return Promise.reject(new Error(`not in this test: ${method}`))
    },
    on: () => {},
    removeListener: () => {},
  }
}

type Case = {
  devnetFlag: boolean
  injectedFlag: boolean
  ethereum: Answer | 'absent'
  announced: Answer | 'absent' | 'account, disconnected here'
}

const cases: Case[] = []
for (const devnetFlag of [false, true])
  for (const injectedFlag of [false, true])
    for (const ethereum of ['absent', 'none', 'account'] as const)
      for (const announced of ['absent', 'none', 'account', 'never', 'account, disconnected here'] as const)
        cases.push({ devnetFlag, injectedFlag, ethereum, announced })

function setUp(c: Case) {
  const storage = new MemoryStorage()
  stubBrowser({ storage })
  const win = window as unknown as EventTarget & Record<string, unknown>
  if (c.devnetFlag) storage.setItem(DEVNET_CONNECTED_KEY, 'true')
  // wagmi's storage writes JSON.
  if (c.injectedFlag) storage.setItem(`${WAGMI_STORAGE_KEY}.injected.connected`, 'true')
  if (c.ethereum !== 'absent') win.ethereum = provider(c.ethereum)
  if (c.announced !== 'absent') {
    const rdns = 'org.example.wallet'
    if (c.announced === 'account, disconnected here')
      storage.setItem(`${WAGMI_STORAGE_KEY}.${rdns}.disconnected`, 'true')
    const detail = {
      info: { uuid: '350670db-19fa-4704-a166-e52e178b59d1', name: 'Example', icon: 'data:,', rdns },
      provider: provider(c.announced === 'account, disconnected here' ? 'account' : c.announced),
    }
    win.addEventListener('eip6963:requestProvider', () =>
      win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
    )
  }
  // The prerendered wallet slot and its disabled Connect button, as much of them as the script touches.
  const button = {
    disabled: true,
    attributes: new Map<string, string>(),
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value)
    },
    removeAttribute(name: string) {
      this.attributes.delete(name)
    },
  }
  const clicks: ((event: { target: unknown }) => void)[] = []
  const slot = { querySelector: () => button }
  // The script keeps clicks from window, capturing (before React's listeners on the roots).
  const addEventListener = win.addEventListener.bind(win)
  win.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: unknown) => {
    if (type === 'click' && options === true) clicks.push(listener as (typeof clicks)[number])
    else addEventListener(type, listener, options as AddEventListenerOptions)
  }
  vi.stubGlobal('document', { documentElement: { lang: '' }, querySelector: () => slot })
  vi.stubGlobal('Element', class {})
  // A click's target inside the button, as the script sees it (an element).
  const target = Object.assign(new (globalThis as unknown as { Element: new () => object }).Element(), {
    closest: () => button,
  })
  // The page as the wallet button sees it when it takes a kept click (it clears the button's busy state).
  const buttonUp = () =>
    vi.stubGlobal('document', {
      querySelector: () => ({ removeAttribute: (name: string) => button.removeAttribute(name) }),
    })
  return { button, clicks, win, target, buttonUp }
}

/** index.html's wallet script, with less time for the wallets to answer than in the app (a second). */
const script = earlyWalletScript({ ...EARLY_WALLET_SETTINGS, answerMs: 50 })

/** Runs it and waits for its verdict, or for its time for answers to run out. */
async function runScript(win: Record<string, unknown>) {
  new Function(script)()
  const until = Date.now() + 100
  while (win[EARLY_WALLET_GLOBAL] === undefined && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
  return win[EARLY_WALLET_GLOBAL]
}

const canReconnect = (c: Case) =>
  c.devnetFlag || (c.injectedFlag && c.ethereum === 'account') || c.announced === 'account'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the wallet known before the wallet layer is in (earlyWalletScript)', () => {
  it.each(cases)(
    'agrees with wagmi: devnet flag $devnetFlag, injected flag $injectedFlag, window.ethereum $ethereum, announced $announced',
    async (c) => {
      const { button, win } = setUp(c)
      const verdict = await runScript(win)
      // Certain only when no connector can reconnect, and every announced wallet answered in time.
      const certain =
        !c.devnetFlag && !(c.injectedFlag && c.ethereum !== 'absent') && ['absent', 'none'].includes(c.announced)
      expect(verdict).toBe(certain ? 'known' : undefined)
      expect(button.disabled).toBe(!certain)
      if (c.announced === 'never') return // wagmi would wait for that wallet for ever: nothing to compare
      const config = createWagmiConfig(MANIFEST)
      await reconnect(config)
      const status = getConnection(config).status
      expect(status).toBe(canReconnect(c) ? 'connected' : 'disconnected')
      if (verdict === 'known') expect(status).toBe('disconnected')
    },
    15_000,
  )

  it('keeps a click on Connect made before the wallet button is up, once', async () => {
    const { button, clicks, win, target, buttonUp } = setUp({
      devnetFlag: false,
      injectedFlag: false,
      ethereum: 'absent',
      announced: 'absent',
    })
    expect(await runScript(win)).toBe('known')
    // Not an element (the script checks first): nothing kept.
    for (const f of clicks) f({ target: { closest: () => button } })
    expect(win[EARLY_WALLET_GLOBAL]).toBe('known')
    for (const f of clicks) f({ target })
    expect(button.attributes.get('aria-busy')).toBe('true')
    expect(win[EARLY_WALLET_GLOBAL]).toBe('clicked')
    // Handed over to the wallet button's root: a click is still kept until that button is up (React holds the
    // hydrated button disabled until its first render after hydration).
    handOverEarlyConnect()
    expect(win[EARLY_WALLET_HANDED]).toBe(true)
    expect(win[EARLY_WALLET_GLOBAL]).toBe('clicked')
    buttonUp()
    expect(takeEarlyConnect()).toBe(true)
    expect(takeEarlyConnect()).toBe(false)
    expect(button.attributes.has('aria-busy')).toBe(false)
    // Clicks after the button is up are its own.
    for (const f of clicks) f({ target })
    expect(win[EARLY_WALLET_GLOBAL]).toBe('up')
  })

  it('keeps a click made after the hand-over, until the wallet button is up', async () => {
    const { clicks, win, target, buttonUp } = setUp({
      devnetFlag: false,
      injectedFlag: false,
      ethereum: 'absent',
      announced: 'absent',
    })
    expect(await runScript(win)).toBe('known')
    handOverEarlyConnect()
    for (const f of clicks) f({ target })
    expect(win[EARLY_WALLET_GLOBAL]).toBe('clicked')
    buttonUp()
    expect(takeEarlyConnect()).toBe(true)
  })

  it('leaves the button to its own code when that took it over before the wallets answered, and tells the wallet layer', async () => {
    const { button, clicks, win } = setUp({
      devnetFlag: false,
      injectedFlag: false,
      ethereum: 'absent',
      announced: 'none',
    })
    performance.clearMarks(EARLY_WALLET_SETTINGS.mark)
    let told = 0
    win.addEventListener(EARLY_WALLET_EVENT, () => told++)
    new Function(script)()
    handOverEarlyConnect() // handed over first: the answers come after
    await new Promise((r) => setTimeout(r, 20))
    expect(win[EARLY_WALLET_GLOBAL]).toBeUndefined()
    // Before, the script enabled the button here while its code still held it disabled: a click went to neither.
    expect(button.disabled).toBe(true)
    expect(clicks).toHaveLength(0)
    expect(performance.getEntriesByName(EARLY_WALLET_SETTINGS.mark)).toHaveLength(0)
    expect(told).toBe(1)
  })

  it.each(['walletConnect', 'metaMaskSDK', 'coinbaseWalletSDK'])(
    'waits for wagmi when %s was the last wallet: its session is in its SDK, read only once that loads',
    async (id) => {
      const { button, win } = setUp({ devnetFlag: false, injectedFlag: false, ethereum: 'absent', announced: 'absent' })
      ;(window.localStorage as Storage).setItem(`${WAGMI_STORAGE_KEY}.recentConnectorId`, JSON.stringify(id))
      expect(await runScript(win)).toBeUndefined()
      expect(button.disabled).toBe(true)
    },
  )

  it('waits for wagmi in a frame: a Safe{Wallet} frame connects its Safe once the wallet layer asks it', async () => {
    const { button, win } = setUp({ devnetFlag: false, injectedFlag: false, ethereum: 'absent', announced: 'absent' })
    win.parent = {}
    expect(await runScript(win)).toBeUndefined()
    expect(button.disabled).toBe(true)
  })

  it('waits for wagmi when storage cannot be read', async () => {
    stubBrowser({ storage: 'disabled' })
    const win = window as unknown as Record<string, unknown>
    new Function(script)()
    await new Promise((r) => setTimeout(r, 100))
    expect(win[EARLY_WALLET_GLOBAL]).toBeUndefined()
  })
})
