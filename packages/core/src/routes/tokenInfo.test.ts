import type { Address, PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { readTokenInfo } from './tokenInfo.ts'

const TOKEN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const ACCOUNT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type Answer = { status: 'success'; result: unknown } | { status: 'failure'; error: Error }
const ok = (result: unknown): Answer => ({ status: 'success', result })
const failed: Answer = { status: 'failure', error: new Error('execution reverted') }

/** A client whose multicall answers name, symbol, decimals and balanceOf as given. */
function clientAnswering(answers: [Answer, Answer, Answer, Answer]) {
  const calls: unknown[] = []
  const client = {
    multicall: async (parameters: unknown) => {
      calls.push(parameters)
      return answers
    },
  } as unknown as PublicClient
  return { client, calls }
}

describe('readTokenInfo', () => {
  it('reads name, symbol, decimals and the balance in one multicall through the given Multicall3', async () => {
    const { client, calls } = clientAnswering([ok('Tether USD'), ok('USDT'), ok(6), ok(1_500_000n)])
    expect(await readTokenInfo(client, { address: TOKEN, multicall3: MULTICALL3, account: ACCOUNT })).toEqual({
      symbol: 'USDT',
      name: 'Tether USD',
      decimals: 6,
      balance: 1_500_000n,
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ multicallAddress: MULTICALL3, allowFailure: true })
  })

  it('leaves the balance out without an account, and uses the symbol for a missing name', async () => {
    const { client } = clientAnswering([failed, ok('ABC'), ok(18), ok(7n)])
    expect(await readTokenInfo(client, { address: TOKEN, multicall3: MULTICALL3 })).toEqual({
      symbol: 'ABC',
      name: 'ABC',
      decimals: 18,
      balance: undefined,
    })
  })

  it('shows what a contract returns without control characters, trimmed and within the manifest bounds', async () => {
    const { client } = clientAnswering([ok(`  ${'N'.repeat(100)}`), ok(' U\u202eSD\u0000C\n '), ok(6), failed])
    const info = await readTokenInfo(client, { address: TOKEN, multicall3: MULTICALL3 })
    expect(info?.symbol).toBe('USDC')
    expect(info?.name).toBe('N'.repeat(80))
  })

  it.each([
    ['no symbol', [ok('A'), failed, ok(18), failed]],
    ['no decimals', [ok('A'), ok('A'), failed, failed]],
    ['an empty symbol', [ok('A'), ok(' \u0000 '), ok(18), failed]],
    ['decimals above 36', [ok('A'), ok('A'), ok(77), failed]],
  ] as const)('is null for a contract with %s', async (_, answers) => {
    const { client } = clientAnswering([...answers] as [Answer, Answer, Answer, Answer])
    expect(await readTokenInfo(client, { address: TOKEN, multicall3: MULTICALL3 })).toBeNull()
  })

  it('throws when the chain cannot be read', async () => {
    const client = {
      multicall: async () => {
        throw new Error('fetch failed')
      },
    } as unknown as PublicClient
    await expect(readTokenInfo(client, { address: TOKEN, multicall3: MULTICALL3 })).rejects.toThrow('fetch failed')
  })
})
