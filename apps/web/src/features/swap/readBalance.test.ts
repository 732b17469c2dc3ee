import { ChainUnreachableError, NATIVE_TOKEN_ADDRESS, type TokenRef } from '@multi-bridge/core'
import { createClient, custom } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readBalanceInTime } from './readBalance.ts'

const owner = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const usdc: TokenRef = {
  chainId: 1337001,
  address: '0x00000000000000000000000000000000000000a1',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}
const eth: TokenRef = { ...usdc, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', decimals: 18, kind: 'native' }
const chainA = { id: 1337001, name: 'Local Chain A' }

/** A client whose RPC accepts every request and never answers, as a paused node does. */
const hangingClient = () => createClient({ transport: custom({ request: () => new Promise(() => undefined) }) })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('readBalanceInTime', () => {
  it('says the chain does not answer once its time is up, not minutes of retries later', async () => {
    for (const token of [usdc, eth]) {
      const read = readBalanceInTime(hangingClient(), token, owner, chainA, 4_000).catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(4_000)
      expect(await read).toMatchObject({ chainId: 1337001, chainName: 'Local Chain A' })
      expect(await read).toBeInstanceOf(ChainUnreachableError)
    }
  })

  it('gives the balance the chain answers', async () => {
    const client = createClient({
      transport: custom({ request: async () => `0x${1_500_000n.toString(16).padStart(64, '0')}` }),
    })
    await expect(readBalanceInTime(client, usdc, owner, chainA, 4_000)).resolves.toBe(1_500_000n)
  })
})
