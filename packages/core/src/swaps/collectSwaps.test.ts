import type { Address } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Manifest } from '../config/manifest.ts'
import { ChainUnreachableError, ProviderTimeoutError } from '../errors/unreachableErrors.ts'
import type { FoundSwap, RouteProvider } from '../providers/types.ts'
import type { DepositedSwap } from '../records/types.ts'
import { collectSwaps, RESTORE_CHAIN_TIMEOUT_MS } from './collectSwaps.ts'

const OWNER: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const A = 1337001
const B = 1337002
const C = 1337003
const manifest = {
  chains: [
    { id: A, name: 'Local Chain A' },
    { id: B, name: 'Local Chain B' },
    { id: C, name: 'Local Chain C' },
  ],
} as unknown as Manifest

const swap = (key: string): FoundSwap => ({ record: { key, id: key } as unknown as DepositedSwap })
const hang = () => new Promise<never>(() => undefined)

/** An on-chain provider whose reads of each chain answer what `byChain` says (a hang when it says so). */
function chainProvider(id: string, byChain: Record<number, FoundSwap[] | 'hang' | Error>) {
  const findSwapsOnChain = vi.fn(async (_owner: Address, chainId: number) => {
    const answer = byChain[chainId]
    if (answer === 'hang') return hang()
    if (answer instanceof Error) throw answer
    return answer ?? []
  })
  const provider = {
    id,
    name: id === 'intent' ? 'Intent Bridge' : 'Liquidity Pool Bridge',
    findSwaps: vi.fn(),
    restoreChains: () => Object.keys(byChain).map(Number),
    findSwapsOnChain,
  } as unknown as RouteProvider
  return { provider, findSwapsOnChain }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('collectSwaps: chain by chain', () => {
  it('restores what the chains that answer hold and names the one that hangs, within its time bound', async () => {
    const intent = chainProvider('intent', { [A]: [swap('i-a')], [B]: [swap('i-b')], [C]: 'hang' })
    const pool = chainProvider('pool', { [A]: [swap('p-a')], [B]: [], [C]: 'hang' })
    const restored = collectSwaps({ owner: OWNER, manifest, providers: [intent.provider, pool.provider] })
    await vi.advanceTimersByTimeAsync(RESTORE_CHAIN_TIMEOUT_MS)
    const result = await restored
    expect(result.records.map((record) => record.key).sort()).toEqual(['i-a', 'i-b', 'p-a'])
    expect(result.unreadChains).toEqual([{ id: C, name: 'Local Chain C', error: expect.any(ChainUnreachableError) }])
    expect(result.readChains.sort()).toEqual([A, B])
    // The chain is named once, not again as each bridge on it.
    expect(result.failedProviders).toEqual([])
  })

  it('names a bridge that failed on chains that answered the other bridge (its API, its contract reads)', async () => {
    const limited = new Error('429')
    const intent = chainProvider('intent', { [A]: [swap('i-a')], [B]: [] })
    const pool = chainProvider('pool', { [A]: limited, [B]: limited })
    const result = await collectSwaps({ owner: OWNER, manifest, providers: [intent.provider, pool.provider] })
    expect(result.records.map((record) => record.key)).toEqual(['i-a'])
    expect(result.unreadChains).toEqual([])
    expect(result.failedProviders).toEqual([
      { id: 'pool', name: 'Liquidity Pool Bridge', error: limited, chainIds: [A, B] },
    ])
  })

  it('reads only the chains asked for again, and leaves the API providers out of such a retry', async () => {
    const intent = chainProvider('intent', { [A]: [swap('i-a')], [C]: [swap('i-c')] })
    const api = { id: 'relay', name: 'Relay', findSwaps: vi.fn(async () => [swap('r')]) } as unknown as RouteProvider
    const result = await collectSwaps({ owner: OWNER, manifest, providers: [intent.provider, api], chainIds: [C] })
    expect(result.records.map((record) => record.key)).toEqual(['i-c'])
    expect(intent.findSwapsOnChain).toHaveBeenCalledTimes(1)
    expect(intent.findSwapsOnChain).toHaveBeenCalledWith(OWNER, C)
    expect(api.findSwaps).not.toHaveBeenCalled()
  })

  it('bounds a provider API that does not answer, and keeps the chains’ swaps', async () => {
    const intent = chainProvider('intent', { [A]: [swap('i-a')] })
    const api = { id: 'relay', name: 'Relay', findSwaps: vi.fn(hang) } as unknown as RouteProvider
    const restored = collectSwaps({ owner: OWNER, manifest, providers: [intent.provider, api], apiTimeoutMs: 5_000 })
    await vi.advanceTimersByTimeAsync(5_000)
    const result = await restored
    expect(result.records.map((record) => record.key)).toEqual(['i-a'])
    expect(result.failedProviders).toEqual([
      { id: 'relay', name: 'Relay', error: expect.any(ProviderTimeoutError), chainIds: [] },
    ])
  })
})
