import { parseManifest } from '@multi-bridge/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage, stubBrowser } from '../../test/browserGlobals.ts'
import { WAGMI_STORAGE_KEY } from './earlyWallet.ts'
import { EARLY_WALLET_EVENT, EARLY_WALLET_GLOBAL, handOverEarlyConnect } from './earlyWalletState.ts'
import { type WalletConnection, walletLayer } from './walletLayer.ts'
import { startWalletLayer } from './walletRuntime.ts'

/**
 * How long the wallet layer may take to settle: it loads wagmi (and an SDK wallet's code) the first time, which on a
 * 2-core machine running the browser tests beside these takes more than `vi.waitFor`'s default second.
 */
const SETTLED = { timeout: 10_000 }

const manifest = parseManifest({
  version: 1,
  mode: 'production',
  generatedAt: '2026-01-01T00:00:00.000Z',
  chains: [
    {
      id: 31337,
      name: 'Local',
      shortName: 'local',
      rpcUrls: ['http://127.0.0.1:9/'],
      blockTime: 2,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      testnet: true,
      contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' },
      tokens: [],
    },
  ],
  services: {},
})

beforeEach(() => {
  stubBrowser({ storage: new MemoryStorage() })
  walletLayer.setState(walletLayer.getInitialState())
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the wallet layer', () => {
  it('reads "not known yet" until it has loaded: what the prerendered page and the first render show', () => {
    expect(walletLayer.getState().config).toBeUndefined()
    expect(walletLayer.getState().connection.status).toBe('connecting')
  })

  it('never reads "disconnected" before wagmi has tried to reconnect, and does once it found no wallet', async () => {
    const seen: WalletConnection['status'][] = []
    const stop = walletLayer.subscribe(({ connection }) => seen.push(connection.status))
    startWalletLayer(manifest)
    expect(walletLayer.getState().config?.chains.map((chain) => chain.id)).toEqual([31337])
    await vi.waitFor(() => expect(walletLayer.getState().connection.status).toBe('disconnected'), SETTLED)
    stop()
    // A "disconnected" before the reconnect would enable the Connect button and mark the form interactive too soon.
    expect(seen[0]).not.toBe('disconnected')
    expect(seen.at(-1)).toBe('disconnected')
    expect(seen.indexOf('disconnected')).toBe(seen.length - 1)
  })

  it('reads "disconnected" throughout when the inline script found nothing that could reconnect (earlyWallet.ts)', async () => {
    ;(window as unknown as Record<string, unknown>)[EARLY_WALLET_GLOBAL] = 'known'
    const seen: WalletConnection['status'][] = []
    const stop = walletLayer.subscribe(({ connection }) => seen.push(connection.status))
    startWalletLayer(manifest)
    const config = walletLayer.getState().config
    await vi.waitFor(() => expect(config?.state.status).toBe('disconnected'), SETTLED)
    stop()
    // The button the inline script enabled never waits again while wagmi makes sure.
    expect(seen.length).toBeGreaterThan(0)
    expect(new Set(seen)).toEqual(new Set(['disconnected']))
  })

  it.each([
    ['the last wallet and still offered', '"coinbaseWalletSDK"', ['coinbaseWallet'], true],
    ['the last wallet but no longer offered', '"coinbaseWalletSDK"', [], false],
    ['offered but not the last wallet', '"dev.multibridge.testwallet"', ['coinbaseWallet'], false],
  ] as const)('loads an SDK wallet to restore its session only when it was %s', async (_, recent, sdks, loads) => {
    window.localStorage.setItem(`${WAGMI_STORAGE_KEY}.recentConnectorId`, recent)
    startWalletLayer({ ...manifest, wallets: { sdks: [...sdks] } })
    const config = walletLayer.getState().config
    await vi.waitFor(() => expect(config?.state.status).toBe('disconnected'), SETTLED)
    expect(config?.connectors.some((connector) => connector.id === 'coinbaseWalletSDK')).toBe(loads)
  })

  /** A wallet that announces itself (EIP-6963) and answers "which accounts?" after `ms` with `accounts`. */
  function announce(accounts: string[], ms: number) {
    const provider = {
      request: ({ method }: { method: string }) => {
        if (method === 'eth_accounts') return new Promise((resolve) => setTimeout(() => resolve(accounts), ms))
        if (method === 'eth_chainId') return Promise.resolve('0x7a69')
        return Promise.reject(new Error(`not in this test: ${method}`))
      },
      on: () => {},
      removeListener: () => {},
    }
    const info = {
      uuid: '350670db-19fa-4704-a166-e52e178b59d1',
      name: 'Slow',
      icon: 'data:,',
      rdns: 'org.example.slow',
    }
    window.addEventListener('eip6963:requestProvider', () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } })),
    )
  }

  it('reads "disconnected" as soon as the inline script finds it after the button was handed over, not after wagmi', async () => {
    announce([], 400)
    handOverEarlyConnect() // before the script's answer: it has nothing to say yet
    startWalletLayer(manifest)
    const config = walletLayer.getState().config
    expect(walletLayer.getState().connection.status).toBe('connecting')
    // The script's own question was answered late: it says so to the wallet layer (earlyWallet.ts).
    window.dispatchEvent(new Event(EARLY_WALLET_EVENT))
    expect(walletLayer.getState().connection.status).toBe('disconnected')
    expect(config?.state.status).not.toBe('disconnected') // wagmi has not answered yet
    await vi.waitFor(() => expect(config?.state.status).toBe('disconnected'), SETTLED)
    expect(walletLayer.getState().connection.status).toBe('disconnected')
  })

  it("keeps the inline script's verdict when the button was handed over before the wallet layer started", async () => {
    announce([], 200)
    ;(window as unknown as Record<string, unknown>)[EARLY_WALLET_GLOBAL] = 'known'
    handOverEarlyConnect()
    startWalletLayer(manifest)
    expect(walletLayer.getState().connection.status).toBe('disconnected')
    const config = walletLayer.getState().config
    await vi.waitFor(() => expect(config?.state.status).toBe('disconnected'), SETTLED)
    expect(walletLayer.getState().connection.status).toBe('disconnected')
  })

  it('never takes a late word for it once wagmi has reconnected a wallet', async () => {
    announce(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], 10)
    startWalletLayer(manifest)
    await vi.waitFor(() => expect(walletLayer.getState().connection.status).toBe('connected'), SETTLED)
    window.dispatchEvent(new Event(EARLY_WALLET_EVENT))
    expect(walletLayer.getState().connection.status).toBe('connected')
  })
})
