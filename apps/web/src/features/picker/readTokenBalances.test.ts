import {
  type Address,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  multicall3Abi,
  type PublicClient,
  padHex,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { isNativeToken, readTokenBalances } from './readTokenBalances.ts'
import { makeToken, makeTokenList } from './testTokens.ts'

const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const ACCOUNT: Address = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

type Answer = { success: boolean; returnData: Hex }

/**
 * A chain that answers `aggregate3` like Multicall3: each inner call is decoded and answered by `answer`, so the
 * test sees exactly which calls were made.
 */
function fakeChain(answer: (target: Address, callData: Hex) => Answer) {
  const requests: { target: Address; callData: Hex }[][] = []
  const client = {
    call: async ({ to, data }: { to: Address; data: Hex }) => {
      expect(to).toBe(MULTICALL3)
      const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data })
      expect(functionName).toBe('aggregate3')
      const calls = (args as unknown as [{ target: Address; callData: Hex; allowFailure: boolean }[]])[0]
      expect(calls.every((call) => call.allowFailure)).toBe(true)
      requests.push(calls.map(({ target, callData }) => ({ target: target.toLowerCase() as Address, callData })))
      const results = calls.map((call) => answer(call.target.toLowerCase() as Address, call.callData))
      return { data: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results }) }
    },
  } as unknown as PublicClient
  return { client, requests }
}

const word = (value: bigint): Hex => padHex(toHex(value), { size: 32 })

describe('readTokenBalances', () => {
  it('reads ERC-20 balances with balanceOf and the native coin with getEthBalance, in one call', async () => {
    const native = makeToken(0, { address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', kind: 'native' })
    const usdc = makeToken(1)
    const { client, requests } = fakeChain((target, callData) => {
      const { functionName, args } = decodeFunctionData({
        abi: target === MULTICALL3.toLowerCase() ? multicall3Abi : erc20Abi,
        data: callData,
      })
      expect(args).toEqual([ACCOUNT])
      return { success: true, returnData: word(functionName === 'getEthBalance' ? 5n * 10n ** 18n : 42n) }
    })
    const balances = await readTokenBalances(client, {
      account: ACCOUNT,
      multicall3: MULTICALL3,
      tokens: [native, usdc],
    })
    expect(requests).toHaveLength(1)
    expect(requests[0]?.map((call) => call.target)).toEqual([MULTICALL3.toLowerCase(), usdc.address.toLowerCase()])
    expect(balances).toEqual(
      new Map([
        [native.address.toLowerCase(), 5n * 10n ** 18n],
        [usdc.address.toLowerCase(), 42n],
      ]),
    )
    expect(isNativeToken(native)).toBe(true)
  })

  it('leaves out tokens that revert, have no code or answer something other than one word', async () => {
    const [good, reverted, codeless, odd] = makeTokenList(4)
    const { client } = fakeChain((target) => {
      if (target === good?.address) return { success: true, returnData: word(7n) }
      if (target === reverted?.address) return { success: false, returnData: '0x' }
      if (target === codeless?.address) return { success: true, returnData: '0x' }
      return { success: true, returnData: `${word(1n)}${word(2n).slice(2)}` as Hex }
    })
    const balances = await readTokenBalances(client, {
      account: ACCOUNT,
      multicall3: MULTICALL3,
      tokens: [good!, reverted!, codeless!, odd!],
    })
    expect(balances).toEqual(new Map([[good!.address.toLowerCase(), 7n]]))
  })

  it('splits a long list into calls of 1,000 tokens, in order', async () => {
    const tokens = makeTokenList(2_500)
    const { client, requests } = fakeChain((target) => ({ success: true, returnData: word(BigInt(target)) }))
    const balances = await readTokenBalances(client, { account: ACCOUNT, multicall3: MULTICALL3, tokens })
    expect(requests.map((calls) => calls.length)).toEqual([1_000, 1_000, 500])
    expect(requests.flat().map((call) => call.target)).toEqual(tokens.map((token) => token.address.toLowerCase()))
    expect(balances.size).toBe(2_500)
    expect(balances.get(tokens[1_234]!.address.toLowerCase())).toBe(BigInt(tokens[1_234]!.address))
  })

  it('fails when no token at all could be read, so the query retries', async () => {
    const { client } = fakeChain(() => ({ success: false, returnData: '0x' }))
    await expect(
      readTokenBalances(client, { account: ACCOUNT, multicall3: MULTICALL3, tokens: makeTokenList(3) }),
    ).rejects.toMatchObject({ code: 'balanceRead', details: expect.stringMatching(/no balance could be read/) })
  })

  it('asks nothing for an empty list', async () => {
    const { client, requests } = fakeChain(() => ({ success: true, returnData: word(0n) }))
    expect(await readTokenBalances(client, { account: ACCOUNT, multicall3: MULTICALL3, tokens: [] })).toEqual(new Map())
    expect(requests).toEqual([])
  })
})
