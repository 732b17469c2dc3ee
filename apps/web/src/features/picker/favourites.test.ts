import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage, stubBrowser } from '../../test/browserGlobals.ts'

let storage: MemoryStorage

beforeEach(() => {
  storage = new MemoryStorage()
  stubBrowser({ storage })
  vi.resetModules()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const load = () => import('./favourites.ts')

describe('favouritesFirst', () => {
  it('puts the favourites first in the order they were chosen, the rest in the order given', async () => {
    const { favouritesFirst } = await load()
    const tokens = ['ETH', 'USDC', 'USDT', 'WETH', 'DAI']
    expect(favouritesFirst(tokens, ['WETH', 'USDC'], (t) => t)).toEqual(['WETH', 'USDC', 'ETH', 'USDT', 'DAI'])
    // A favourite that is not in the list (another chain's, a token a list dropped) changes nothing.
    expect(favouritesFirst(tokens, ['GONE'], (t) => t)).toEqual(tokens)
    expect(favouritesFirst(tokens, [], (t) => t)).toEqual(tokens)
  })
})

describe('favouritesStore', () => {
  it('pins by chain and address in any letter case, unpins on a second toggle, and keeps them in this browser', async () => {
    const { favouritesStore, pinKey } = await load()
    const usdc = { chainId: 8453, address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }
    favouritesStore.getState().toggleToken(pinKey(usdc))
    favouritesStore.getState().toggleNetwork(10)
    favouritesStore.getState().toggleNetwork(8453)
    favouritesStore.getState().toggleNetwork(10)
    expect(favouritesStore.getState().tokens).toEqual(['8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'])
    expect(pinKey({ ...usdc, address: usdc.address.toLowerCase() })).toBe(favouritesStore.getState().tokens[0])
    expect(favouritesStore.getState().networks).toEqual([8453])

    vi.resetModules()
    const again = await load()
    expect(again.favouritesStore.getState().tokens).toEqual([pinKey(usdc)])
    expect(again.favouritesStore.getState().networks).toEqual([8453])
  })

  it('ignores a saved value of the wrong shape, and starts with none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    storage.setItem(
      '__persist__pickerFavourites',
      JSON.stringify({ state: { tokens: [1], networks: 'x' }, version: 1 }),
    )
    const { favouritesStore } = await load()
    expect(favouritesStore.getState()).toMatchObject({ tokens: [], networks: [] })
    vi.restoreAllMocks()
  })
})
