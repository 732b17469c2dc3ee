import {
  createLocalWalletProvider,
  type LocalWalletProvider,
  type Manifest,
  PROVIDER_ERROR,
  WalletRpcError,
} from '@multi-bridge/core'
import type { Page } from '@playwright/test'
import { type Chain, defineChain, type Hex } from 'viem'
import { type LocalAccount, mnemonicToAccount } from 'viem/accounts'

export const TEST_WALLET_NAME = 'Test Wallet'

const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f59e0b"/><circle cx="16" cy="16" r="7" fill="#fff"/></svg>',
)}`

export type TestWalletOptions = {
  manifest: Manifest
  /** Devnet account index whose key signs (devnet manifests). */
  accountIndex?: number
  /** The account instead of a devnet key: production-shaped manifests have no mnemonic. */
  account?: LocalAccount
  /** Chains the wallet knows from the start (others answer 4902 until added). Default: all. */
  knownChainIds?: number[]
  initialChainId?: number
  /** Also set `window.ethereum` (plain injected), besides announcing through EIP-6963. */
  injectWindowEthereum?: boolean
  /** Announce through EIP-6963 (default). Off with `injectWindowEthereum`: an older wallet that only injects. */
  announce?: boolean
  /** How it announces itself (EIP-6963): default the Test Wallet; e.g. MetaMask's extension, by its name and rdns. */
  announceAs?: { name: string; rdns: string }
  /** Answer EIP-5792 (`wallet_sendCalls`…): a batch for one confirmation. Off by default, as in most wallets today. */
  sendCalls?: boolean
  /** Refuse typed data for another chain than the wallet's, as MetaMask does ("Provided chainId … must match…"). */
  typedDataOnActiveChainOnly?: boolean
}

export type TestWallet = {
  provider: LocalWalletProvider
  address: `0x${string}`
  /** Methods the "person" rejects (4001) until cleared. */
  reject: Set<string>
  /** Methods that fail with a wallet error (not a rejection). */
  fail: Map<string, { code: number; message: string }>
  /**
   * Awaited before each transaction the page asks the wallet to send (`eth_sendTransaction`, with its request), as
   * a person who has not pressed Confirm yet: a test orders what happens on chain before it. Unset: sent at once.
   */
  beforeSend: ((transaction: { to?: Hex; data?: Hex }) => Promise<void>) | undefined
  /** Every request the page made, in order. */
  requests: string[]
  /** The same requests with their parameters, as the page sent them. */
  calls: { method: string; params: unknown }[]
  /** Emits a provider event in the page, as a wallet does when it locks or the person switches. */
  emit: (event: string, ...args: unknown[]) => Promise<void>
  /**
   * The wallet loses its connection (EIP-1193): the page gets a `disconnect` event with a 4900 error, and
   * every request fails with 4900 from then on.
   */
  disconnect: () => Promise<void>
}

/** A manifest chain as viem's, with its RPC URLs. */
export const toChain = (chain: Manifest['chains'][number]): Chain =>
  defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: chain.rpcUrls } },
  })

/**
 * Installs an EIP-1193 wallet in the page that announces itself by EIP-6963 and signs in node
 * with a devnet key or the given account (so the page never holds the key). Call before `page.goto`.
 */
export async function installTestWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  const mnemonic = options.manifest.devnet?.mnemonic
  if (!options.account && (!mnemonic || options.accountIndex === undefined)) {
    throw new Error('the test wallet needs an account, or a devnet manifest and an account index')
  }
  const known = options.manifest.chains.filter(
    (chain) => !options.knownChainIds || options.knownChainIds.includes(chain.id),
  )
  const reject = new Set<string>()
  const fail = new Map<string, { code: number; message: string }>()
  const requests: string[] = []
  const calls: { method: string; params: unknown }[] = []
  let disconnected = false
  const account = options.account ?? mnemonicToAccount(mnemonic as string, { addressIndex: options.accountIndex })
  const provider = createLocalWalletProvider({
    account,
    chains: known.map(toChain),
    ...(options.initialChainId === undefined ? {} : { initialChainId: options.initialChainId }),
    sendCalls: options.sendCalls ?? false,
    typedDataOnActiveChainOnly: options.typedDataOnActiveChainOnly ?? false,
    intercept: async ({ method, params }) => {
      requests.push(method)
      calls.push({ method, params })
      if (disconnected) throw new WalletRpcError(PROVIDER_ERROR.disconnected, 'Disconnected')
      if (reject.has(method)) throw new WalletRpcError(PROVIDER_ERROR.userRejected, 'User rejected the request.')
      const failure = fail.get(method)
      if (failure) throw new WalletRpcError(failure.code, failure.message)
      if (method === 'eth_sendTransaction') await wallet.beforeSend?.((params as [{ to?: Hex; data?: Hex }])[0])
    },
  })
  const emit = async (event: string, ...args: unknown[]) => {
    await page.evaluate(
      ([name, values]) => {
        ;(window as unknown as { __testWalletEmit: (e: string, ...a: unknown[]) => void }).__testWalletEmit(
          name as string,
          ...(values as unknown[]),
        )
      },
      [event, args] as const,
    )
  }
  for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
    provider.on(event as 'connect', (...args: unknown[]) => {
      void emit(event, ...args).catch(() => undefined)
    })
  }
  await page.exposeBinding('__testWalletRequest', async (_source, method: string, params: string) => {
    try {
      const result = await provider.request({ method, params: JSON.parse(params) } as never)
      return { ok: true, result }
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string }
      return { ok: false, error: { code: code ?? -32603, message: message ?? 'Internal error' } }
    }
  })
  await page.addInitScript(
    ({ name, rdns, icon, injectWindowEthereum, announceEip6963 }) => {
      type Listener = (...args: unknown[]) => void
      const listeners = new Map<string, Set<Listener>>()
      const call = (window as unknown as { __testWalletRequest: (m: string, p: string) => Promise<unknown> })
        .__testWalletRequest
      const provider = {
        isTestWallet: true,
        async request({ method, params }: { method: string; params?: unknown }) {
          const answer = (await call(method, JSON.stringify(params ?? []))) as
            | { ok: true; result: unknown }
            | { ok: false; error: { code: number; message: string } }
          if (answer.ok) return answer.result
          throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set())
          listeners.get(event)?.add(listener)
          return provider
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener)
          return provider
        },
      }
      ;(window as unknown as { __testWalletEmit: unknown }).__testWalletEmit = (event: string, ...args: unknown[]) => {
        for (const listener of listeners.get(event) ?? []) listener(...args)
      }
      const info = { uuid: '6b1f1b8e-3c2a-4c3e-9c56-2f0f4f6d9a11', name, icon, rdns }
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
      if (announceEip6963) {
        window.addEventListener('eip6963:requestProvider', announce)
        announce()
      }
      if (injectWindowEthereum) (window as unknown as { ethereum: unknown }).ethereum = provider
    },
    {
      name: options.announceAs?.name ?? TEST_WALLET_NAME,
      rdns: options.announceAs?.rdns ?? 'dev.multibridge.testwallet',
      icon: ICON,
      injectWindowEthereum: options.injectWindowEthereum ?? false,
      announceEip6963: options.announce ?? true,
    },
  )
  const disconnect = async () => {
    disconnected = true
    await emit('disconnect', { code: PROVIDER_ERROR.disconnected, message: 'Disconnected' })
  }
  // The provider's intercept reads `beforeSend` from here, as a test sets it.
  const wallet: TestWallet = {
    provider,
    address: account.address,
    reject,
    fail,
    requests,
    calls,
    emit,
    disconnect,
    beforeSend: undefined,
  }
  return wallet
}
