import {
  devTokenAbi,
  MULTICALL3_ADDRESS,
  multicall3Abi,
  multicall3DeployedBytecode,
  tetherLikeTokenAbi,
  wrappedNativeAbi,
} from '@multi-bridge/contracts'
import { receiptOf } from '@multi-bridge/devnet'
import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256, parseEther, parseEventLogs } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  accounts,
  balanceOf,
  expectRevert,
  gasCost,
  NATIVE,
  TOKEN_FUNDING,
  useChains,
  WETH_FUNDING,
  write,
} from './fixture.ts'

const chainList = useChains([31001])
const chain = () => chainList[0]!

/** The raw return data of an eth_call, without viem's decoding (which would hide an empty result). */
async function rawCall(from: Address, to: Address, data: Hex): Promise<Hex> {
  const response = await fetch(chain().anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ from, to, data }, 'latest'] }),
  })
  const body = (await response.json()) as { result?: Hex; error?: unknown }
  if (body.result === undefined) throw new Error(`eth_call failed: ${JSON.stringify(body.error)}`)
  return body.result
}

describe('TetherLikeToken', () => {
  test('transfer, transferFrom and approve return no data, yet move balances and allowances', async () => {
    const { client, contracts: d } = chain()
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [accounts.recipient, 1n] })
    expect(await rawCall(accounts.user, d.usdt, transfer)).toBe('0x')
    // A standard ERC-20 answers the same call with an encoded `true`.
    expect(await rawCall(accounts.user, d.usdc, transfer)).toBe(`0x${'0'.repeat(63)}1`)
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [accounts.stranger, 1n] })
    expect(await rawCall(accounts.recipient, d.usdt, approve)).toBe('0x')
    const transferFrom = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [accounts.user, accounts.recipient, 1n],
    })
    // `user` approved the pool without limit in the fixture.
    expect(await rawCall(d.pool, d.usdt, transferFrom)).toBe('0x')

    const recipientBefore = await balanceOf(client, d.usdt, accounts.recipient)
    await write(client, {
      address: d.usdt,
      abi: tetherLikeTokenAbi,
      functionName: 'transfer',
      args: [accounts.recipient, 7n],
      account: accounts.user,
    })
    expect(await balanceOf(client, d.usdt, accounts.recipient)).toBe(recipientBefore + 7n)
    expect(await balanceOf(client, d.usdt, accounts.user)).toBe(TOKEN_FUNDING - 7n)
    expect(await client.readContract({ address: d.usdt, abi: tetherLikeTokenAbi, functionName: 'decimals' })).toBe(6)
  })

  test('approve from non-zero to non-zero reverts; through zero it works', async () => {
    const { client, contracts: d } = chain()
    const approve = (value: bigint) =>
      ({
        address: d.usdt,
        abi: tetherLikeTokenAbi,
        functionName: 'approve',
        args: [accounts.recipient, value],
        account: accounts.stranger,
      }) as const
    const allowance = () =>
      client.readContract({
        address: d.usdt,
        abi: tetherLikeTokenAbi,
        functionName: 'allowance',
        args: [accounts.stranger, accounts.recipient],
      })
    await write(client, approve(100n))
    expect(await expectRevert(client, approve(200n), 'Error')).toEqual(['reset allowance to zero first'])
    expect(await allowance()).toBe(100n)
    // The same amount again is still non-zero to non-zero.
    await expectRevert(client, approve(100n), 'Error')
    await write(client, approve(0n))
    expect(await allowance()).toBe(0n)
    await write(client, approve(200n))
    expect(await allowance()).toBe(200n)

    await write(client, {
      address: d.usdt,
      abi: tetherLikeTokenAbi,
      functionName: 'transferFrom',
      args: [accounts.stranger, accounts.recipient, 150n],
      account: accounts.recipient,
    })
    expect(await allowance()).toBe(50n)
    expect(
      await expectRevert(
        client,
        {
          address: d.usdt,
          abi: tetherLikeTokenAbi,
          functionName: 'transferFrom',
          args: [accounts.stranger, accounts.recipient, 51n],
          account: accounts.recipient,
        },
        'Error',
      ),
    ).toEqual(['allowance'])
  })

  test('only its owner mints', async () => {
    const { client, contracts: d } = chain()
    const mint = { address: d.usdt, abi: tetherLikeTokenAbi, functionName: 'mint', args: [accounts.user, 1n] } as const
    expect(await expectRevert(client, { ...mint, account: accounts.user }, 'Error')).toEqual(['owner'])
    await write(client, { ...mint, account: accounts.deployer })
    expect(await balanceOf(client, d.usdt, accounts.user)).toBe(TOKEN_FUNDING + 1n)
  })
})

describe('DevToken', () => {
  test('has 6 decimals and only its owner mints', async () => {
    const { client, contracts: d } = chain()
    expect(await client.readContract({ address: d.usdc, abi: devTokenAbi, functionName: 'decimals' })).toBe(6)
    const mint = { address: d.usdc, abi: devTokenAbi, functionName: 'mint', args: [accounts.user, 5n] } as const
    expect(await expectRevert(client, { ...mint, account: accounts.user }, 'OwnableUnauthorizedAccount')).toEqual([
      accounts.user,
    ])
    await write(client, { ...mint, account: accounts.deployer })
    expect(await balanceOf(client, d.usdc, accounts.user)).toBe(TOKEN_FUNDING + 5n)
  })
})

describe('WrappedNative', () => {
  test('wraps by deposit() and by a plain transfer, and unwraps by withdraw', async () => {
    const { client, contracts: d } = chain()
    const account = accounts.stranger
    const supplyBefore = await client.readContract({
      address: d.weth,
      abi: wrappedNativeAbi,
      functionName: 'totalSupply',
    })
    const nativeBefore = await balanceOf(client, NATIVE, account)

    const deposit = await write(client, {
      address: d.weth,
      abi: wrappedNativeAbi,
      functionName: 'deposit',
      args: [],
      account,
      value: parseEther('2'),
    })
    const [event] = parseEventLogs({ abi: wrappedNativeAbi, logs: deposit.logs, eventName: 'Deposit' })
    expect(event?.args).toEqual({ account, amount: parseEther('2') })
    const plainHash = await client.sendTransaction({ account, to: d.weth, value: parseEther('1'), chain: null })
    const plain = await receiptOf(client, plainHash)
    expect(plain.status).toBe('success')
    expect(await balanceOf(client, d.weth, account)).toBe(WETH_FUNDING + parseEther('3'))

    const withdraw = await write(client, {
      address: d.weth,
      abi: wrappedNativeAbi,
      functionName: 'withdraw',
      args: [parseEther('2.5')],
      account,
    })
    expect(await balanceOf(client, d.weth, account)).toBe(WETH_FUNDING + parseEther('0.5'))
    expect(await client.readContract({ address: d.weth, abi: wrappedNativeAbi, functionName: 'totalSupply' })).toBe(
      supplyBefore + parseEther('0.5'),
    )
    const gas = gasCost(deposit) + gasCost(plain) + gasCost(withdraw)
    expect(await balanceOf(client, NATIVE, account)).toBe(nativeBefore - parseEther('0.5') - gas)
    expect(await client.getBalance({ address: d.weth })).toBe(supplyBefore + parseEther('0.5'))

    await expectRevert(
      client,
      {
        address: d.weth,
        abi: wrappedNativeAbi,
        functionName: 'withdraw',
        args: [WETH_FUNDING + parseEther('0.5') + 1n],
        account,
      },
      'ERC20InsufficientBalance',
    )
  })
})

describe('Multicall3', () => {
  test('aggregate3 returns each result and honours allowFailure', async () => {
    const { client, contracts: d } = chain()
    const balanceCall = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [accounts.user] })
    const ethCall = encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [accounts.user] })
    const failing = encodeFunctionData({ abi: wrappedNativeAbi, functionName: 'withdraw', args: [maxUint256] })
    // aggregate3 is not a view function, so it is simulated.
    const aggregate = async (allowFailure: boolean) => {
      const { result } = await client.simulateContract({
        account: accounts.user,
        address: d.multicall,
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [
          [
            { target: d.usdc, allowFailure: false, callData: balanceCall },
            { target: d.multicall, allowFailure: false, callData: ethCall },
            { target: d.weth, allowFailure, callData: failing },
          ],
        ],
      })
      return result
    }
    const [usdc, eth, failed] = await aggregate(true)
    expect(usdc).toEqual({ success: true, returnData: `0x${TOKEN_FUNDING.toString(16).padStart(64, '0')}` })
    expect(BigInt(eth!.returnData)).toBe(await client.getBalance({ address: accounts.user }))
    expect(failed?.success).toBe(false)

    await expectRevert(
      client,
      {
        address: d.multicall,
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [[{ target: d.weth, allowFailure: false, callData: failing }]],
        account: accounts.user,
      },
      'CallFailed',
    )
  })

  test('sits at its canonical address, where viem multicall batches reads through it', async () => {
    const { client, contracts: d } = chain()
    const canonical = await client.getCode({ address: MULTICALL3_ADDRESS })
    expect(canonical).toBe(multicall3DeployedBytecode)
    expect(canonical).toBe(await client.getCode({ address: d.multicall }))

    const results = await client.multicall({
      contracts: [
        { address: d.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [accounts.user] },
        { address: d.usdt, abi: tetherLikeTokenAbi, functionName: 'balanceOf', args: [accounts.user] },
        { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getEthBalance', args: [accounts.solver] },
        { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getChainId' },
        { address: d.weth, abi: wrappedNativeAbi, functionName: 'withdraw', args: [maxUint256] },
      ],
    })
    expect(results.slice(0, 4)).toEqual([
      { status: 'success', result: TOKEN_FUNDING },
      { status: 'success', result: TOKEN_FUNDING },
      { status: 'success', result: await client.getBalance({ address: accounts.solver }) },
      { status: 'success', result: BigInt(chain().chainId) },
    ])
    expect(results[4]?.status).toBe('failure')
  })
})
