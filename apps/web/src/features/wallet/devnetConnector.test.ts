import type { LocalWalletProvider } from '@multi-bridge/core'
import { defineChain } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage, stubBrowser } from '../../test/browserGlobals.ts'
import { devnetWallet } from './devnetConnector.ts'

// anvil's well-known test mnemonic; nothing here talks to a chain.
const MNEMONIC = 'test test test test test test test test test test test junk'
const chains = [1001, 1002].map((id) =>
  defineChain({
    id,
    name: `Local ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
  }),
)

function setup() {
  const emitter = { emit: vi.fn() }
  const connector = devnetWallet({ mnemonic: MNEMONIC, addressIndex: 0, chains })({
    chains,
    emitter,
    storage: null,
    transports: {},
  } as never)
  const events = () => emitter.emit.mock.calls.map(([name, data]) => (data ? `${name} ${JSON.stringify(data)}` : name))
  return { connector, emitter, events }
}

beforeEach(() => {
  stubBrowser({ storage: new MemoryStorage() })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the devnet wallet connector', () => {
  it('connects, and reports each wallet event once, however often it reconnects', async () => {
    const { connector, emitter, events } = setup()
    for (let round = 0; round < 3; round++) {
      await connector.connect()
      if (round < 2) await connector.disconnect()
    }
    const wallet = (await connector.getProvider()) as LocalWalletProvider
    emitter.emit.mockClear()
    wallet.emit('chainChanged', '0x3ea')
    wallet.emit('accountsChanged', ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'])
    expect(events()).toEqual([
      'change {"chainId":1002}',
      'change {"accounts":["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]}',
    ])
  })

  it('stops listening to the wallet once disconnected', async () => {
    const { connector, emitter } = setup()
    await connector.connect()
    const wallet = (await connector.getProvider()) as LocalWalletProvider
    await connector.disconnect()
    emitter.emit.mockClear()
    wallet.emit('chainChanged', '0x3ea')
    wallet.emit('accountsChanged', [])
    expect(emitter.emit).not.toHaveBeenCalled()
    expect(await connector.isAuthorized()).toBe(false)
  })

  it('reports a lock or an EIP-1193 disconnect once, and listens again after the next connect', async () => {
    const { connector, emitter, events } = setup()
    const { accounts } = await connector.connect()
    const wallet = (await connector.getProvider()) as LocalWalletProvider
    emitter.emit.mockClear()
    wallet.emit('accountsChanged', []) // locked
    wallet.emit('accountsChanged', [])
    expect(events()).toEqual(['disconnect'])

    await connector.connect()
    emitter.emit.mockClear()
    wallet.emit('disconnect', { code: 4900, message: 'Disconnected' })
    wallet.emit('chainChanged', '0x3ea')
    expect(events()).toEqual(['disconnect'])

    await connector.connect()
    emitter.emit.mockClear()
    wallet.emit('accountsChanged', accounts)
    expect(events()).toHaveLength(1)
  })

  it('switches to the chain asked for when connecting', async () => {
    const { connector } = setup()
    const { chainId } = await connector.connect({ chainId: 1002 })
    expect(chainId).toBe(1002)
  })
})
