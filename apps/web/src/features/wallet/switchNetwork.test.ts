import {
  AddChainError,
  type Manifest,
  MissingChainInfoError,
  UserRejectedError,
  WalletPluginNotFoundError,
  WalletSwitchChainError,
} from '@multi-bridge/core'
import { type Chain, defineChain, type EIP1193Provider, numberToHex } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Config, createConfig, http, injected } from 'wagmi'
import { connect } from 'wagmi/actions'
import { toUserMessage } from '../../lib/errorMessages.ts'
import { MemoryStorage, stubBrowser } from '../../test/browserGlobals.ts'
import { switchNetwork, toSwitchError } from './switchNetwork.ts'

const chain = (id: number): Chain =>
  defineChain({
    id,
    name: `Local ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
  })
const chains = [chain(1001), chain(1002), chain(1003)] as const
const manifest = {
  chains: chains.map((c) => ({
    id: c.id,
    name: c.name,
    nativeCurrency: c.nativeCurrency,
    rpcUrls: [`http://127.0.0.1:8545/${c.id}`],
    blockExplorerUrl: `https://explorer.test/${c.id}`,
  })),
} as unknown as Manifest

type Failure = { code: number; message: string }

/**
 * A wallet as a browser extension answers: EIP-1193 requests with errors as plain `{ code, message }` objects,
 * `chainChanged` on a switch. `known` are the chains it has; `fail` makes a method fail; `addSwitches` says
 * whether adding a chain also switches to it (MetaMask does, some wallets don't).
 */
function scriptedWallet(options: { known: number[]; fail?: Record<string, Failure>; addSwitches?: boolean }) {
  const known = new Set(options.known)
  let current = options.known[0]!
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const calls: string[] = []
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(value)
  }
  const setChain = (id: number) => {
    if (id === current) return
    current = id
    emit('chainChanged', numberToHex(id))
  }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      calls.push(method)
      const failure = options.fail?.[method]
      if (failure) throw failure
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']
        case 'eth_chainId':
          return numberToHex(current)
        case 'wallet_requestPermissions':
          return [{ parentCapability: 'eth_accounts' }]
        case 'wallet_switchEthereumChain': {
          const id = Number((params as [{ chainId: string }])[0].chainId)
          if (!known.has(id)) throw { code: 4902, message: `Unrecognized chain ID ${numberToHex(id)}` }
          setChain(id)
          return null
        }
        case 'wallet_addEthereumChain': {
          const id = Number((params as [{ chainId: string }])[0].chainId)
          known.add(id)
          if (options.addSwitches !== false) setChain(id)
          return null
        }
        default:
          throw { code: 4200, message: `unsupported ${method}` }
      }
    },
    on(event: string, listener: (value: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
  }
  return { provider: provider as unknown as EIP1193Provider, calls, chainId: () => current }
}

async function connected(wallet: ReturnType<typeof scriptedWallet>) {
  const config: Config = createConfig({
    chains,
    connectors: [injected({ target: { id: 'scripted', name: 'Scripted', provider: wallet.provider } })],
    transports: Object.fromEntries(chains.map((c) => [c.id, http()])),
    multiInjectedProviderDiscovery: false,
  })
  const connector = config.connectors[0]!
  await connect(config, { connector })
  return { config, connector }
}

const attempt = async (wallet: ReturnType<typeof scriptedWallet>, chainId: number) => {
  const { config, connector } = await connected(wallet)
  return switchNetwork({ config, connector, chainId, manifest }).then(
    () => undefined,
    (error: unknown) => error,
  )
}

beforeEach(() => {
  stubBrowser({ storage: new MemoryStorage() })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('switching networks through wagmi', () => {
  it('switches to a chain the wallet knows, without adding it', async () => {
    const wallet = scriptedWallet({ known: [1001, 1002] })
    expect(await attempt(wallet, 1002)).toBeUndefined()
    expect(wallet.chainId()).toBe(1002)
    expect(wallet.calls).not.toContain('wallet_addEthereumChain')
  })

  it('adds a chain the wallet does not know (4902) and ends on it', async () => {
    const wallet = scriptedWallet({ known: [1001] })
    expect(await attempt(wallet, 1003)).toBeUndefined()
    expect(wallet.chainId()).toBe(1003)
    expect(wallet.calls.filter((m) => m === 'wallet_addEthereumChain')).toHaveLength(1)
  })

  it('switches once more when the wallet adds the chain but stays where it was', async () => {
    const wallet = scriptedWallet({ known: [1001], addSwitches: false })
    expect(await attempt(wallet, 1003)).toBeUndefined()
    expect(wallet.chainId()).toBe(1003)
  })

  it('says the chain could not be added when adding fails for any reason but a refusal', async () => {
    const wallet = scriptedWallet({ known: [1001], fail: { wallet_addEthereumChain: { code: -32603, message: 'x' } } })
    const error = await attempt(wallet, 1003)
    expect(error).toBeInstanceOf(AddChainError)
    expect(toUserMessage(error).message).toBe("Couldn't add the chain automatically. Please add it yourself")
    expect(wallet.chainId()).toBe(1001)
  })

  it('says the person refused, whether they refused the switch or the new chain', async () => {
    for (const method of ['wallet_switchEthereumChain', 'wallet_addEthereumChain']) {
      const wallet = scriptedWallet({ known: [1001], fail: { [method]: { code: 4001, message: 'User rejected' } } })
      const error = await attempt(wallet, 1003)
      expect(error, method).toBeInstanceOf(UserRejectedError)
      expect(toUserMessage(error).message).toBe('The request was rejected in the wallet')
    }
  })

  it('says the switch failed when the wallet fails it', async () => {
    const wallet = scriptedWallet({
      known: [1001, 1002],
      fail: { wallet_switchEthereumChain: { code: -32603, message: 'x' } },
    })
    const error = await attempt(wallet, 1002)
    expect(error).toBeInstanceOf(WalletSwitchChainError)
    expect(toUserMessage(error).message).toBe('Failed to switch networks')
  })

  it('names a chain the manifest does not have, before asking the wallet anything', async () => {
    const wallet = scriptedWallet({ known: [1001] })
    const before = wallet.calls.length
    const { config, connector } = await connected(wallet)
    const connectCalls = wallet.calls.length - before
    const error = await switchNetwork({ config, connector, chainId: 4242, manifest }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingChainInfoError)
    expect(toUserMessage(error)).toEqual({
      message: 'Missing chain info for {{id}}. Please add it manually',
      values: { id: 4242 },
    })
    expect(wallet.calls.length - before).toBe(connectCalls)
  })
})

describe('wagmi errors as SPEC §6 says them', () => {
  it('maps wagmi’s own classes, however deeply wrapped', async () => {
    const { ChainNotConfiguredError, ProviderNotFoundError } = await import('wagmi')
    const { SwitchChainError: ViemSwitchChainError } = await import('viem')
    expect(toSwitchError(new ViemSwitchChainError(new ChainNotConfiguredError()), 7)).toBeInstanceOf(
      MissingChainInfoError,
    )
    expect(toSwitchError(new Error('outer', { cause: new ProviderNotFoundError() }), 7)).toBeInstanceOf(
      WalletPluginNotFoundError,
    )
    expect(toSwitchError(new TypeError('boom'), 7)).toBeInstanceOf(WalletSwitchChainError)
  })
})
