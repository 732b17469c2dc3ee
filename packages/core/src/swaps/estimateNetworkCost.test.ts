import {
  type Address,
  decodeFunctionData,
  ExecutionRevertedError,
  erc20Abi,
  type Hex,
  HttpRequestError,
  InsufficientFundsError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainClients } from '../chains/chainClients.ts'
import type { DepositPlan, TokenRef } from '../routes/types.ts'
import { estimateDepositReserve, estimateNetworkCost, FALLBACK_GAS, GAS_MARGIN_BPS } from './estimateNetworkCost.ts'

const CHAIN_ID = 1337001
const ACCOUNT: Address = '0x00000000000000000000000000000000000000a1'
const SETTLER: Address = '0x00000000000000000000000000000000000000b2'
const USDC: TokenRef = {
  chainId: CHAIN_ID,
  address: '0x00000000000000000000000000000000000000c3',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}
const USDT: TokenRef = { ...USDC, address: '0x00000000000000000000000000000000000000d4', symbol: 'USDT', kind: 'usdt' }
const DEPOSIT_DATA: Hex = '0xdeadbeef'
/** The devnet's block: a base fee of 2,021 wei and a tip of 1 gwei. */
const BASE_FEE = 2_021n
const TIP = 1_000_000_000n
const FEE = BASE_FEE + TIP
/** What a wallet may offer: 1.2 × (2 × base fee + tip), rounded up. */
const MAX_FEE = (12n * (2n * BASE_FEE + TIP) + 9n) / 10n

type EstimateCall = { account: Address; to: Address; data: Hex; value: bigint }

/** A chain's read client as the estimate uses it: fees, allowance, and an `eth_estimateGas` the test scripts. */
function fakeClients(options: {
  allowance?: bigint
  estimate: (call: EstimateCall) => bigint | Error
  /** A chain without EIP-1559: its blocks have no base fee. */
  legacy?: boolean
}) {
  const calls: EstimateCall[] = []
  const client = {
    getBlock: async () => ({ baseFeePerGas: options.legacy ? null : BASE_FEE }),
    estimateMaxPriorityFeePerGas: async () => TIP,
    getGasPrice: async () => 10n,
    readContract: async ({ functionName, args }: { functionName: string; args: [Address, Address] }) => {
      expect(functionName).toBe('allowance')
      expect(args).toEqual([ACCOUNT, SETTLER])
      return options.allowance ?? 0n
    },
    estimateGas: async (call: EstimateCall) => {
      calls.push(call)
      const answer = options.estimate(call)
      if (answer instanceof Error) throw answer
      return answer
    },
  }
  return { clients: new Map([[CHAIN_ID, client]]) as unknown as ChainClients, calls }
}

const tokenPlan = (token: TokenRef, amount = 100_000_000n): DepositPlan => ({
  transaction: { chainId: CHAIN_ID, to: SETTLER, data: DEPOSIT_DATA, value: 0n },
  approval: { token, spender: SETTLER, amount },
})
const nativePlan = (value: bigint): DepositPlan => ({
  transaction: { chainId: CHAIN_ID, to: SETTLER, data: DEPOSIT_DATA, value },
})
const withMargin = (gas: bigint) => gas + (gas * GAS_MARGIN_BPS + 9_999n) / 10_000n
const isApproval = (call: EstimateCall) => call.data.startsWith('0x095ea7b3')
const approvedAmount = (call: EstimateCall) =>
  decodeFunctionData({ abi: erc20Abi, data: call.data }).args?.[1] as bigint

describe('estimateNetworkCost', () => {
  it('counts the approval the allowance needs, estimated, and the deposit it unlocks at its fallback', async () => {
    const { clients, calls } = fakeClients({ estimate: (call) => (isApproval(call) ? 46_318n : new Error('no')) })
    const cost = await estimateNetworkCost({ clients, account: ACCOUNT, plan: tokenPlan(USDC) })
    expect(cost.steps).toEqual([
      { kind: 'approval', gas: withMargin(46_318n), least: 46_318n, estimated: true },
      { kind: 'deposit', gas: FALLBACK_GAS.deposit, least: FALLBACK_GAS.deposit, estimated: false },
    ])
    // The deposit is not even asked: without the allowance the node can only say it reverts.
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ account: ACCOUNT, to: USDC.address, value: 0n })
    expect(approvedAmount(calls[0]!)).toBe(100_000_000n)
    const gas = withMargin(46_318n) + FALLBACK_GAS.deposit
    // Shown: what it pays at today's fee; kept and checked: what a wallet may ask at most.
    expect(cost).toMatchObject({ gas, feePerGas: FEE, fee: gas * FEE, maxFeePerGas: MAX_FEE, value: 0n })
    expect(cost).toMatchObject({ maxFee: gas * MAX_FEE, total: gas * MAX_FEE, approximate: true })
    expect(cost.required).toBe((46_318n + FALLBACK_GAS.deposit) * MAX_FEE)
  })

  it('estimates the deposit itself when the allowance already covers the amount', async () => {
    const { clients, calls } = fakeClients({ allowance: 100_000_000n, estimate: () => 208_909n })
    const cost = await estimateNetworkCost({ clients, account: ACCOUNT, plan: tokenPlan(USDC) })
    expect(cost.steps).toEqual([{ kind: 'deposit', gas: withMargin(208_909n), least: 208_909n, estimated: true }])
    expect(calls).toEqual([{ account: ACCOUNT, to: SETTLER, data: DEPOSIT_DATA, value: 0n }])
    expect(cost.approximate).toBe(false)
    expect(cost.fee).toBe(withMargin(208_909n) * FEE)
  })

  it("adds USDT's reset to zero before changing a non-zero allowance", async () => {
    const { clients, calls } = fakeClients({ allowance: 5n, estimate: () => 28_927n })
    const cost = await estimateNetworkCost({ clients, account: ACCOUNT, plan: tokenPlan(USDT) })
    expect(cost.steps.map((step) => [step.kind, step.estimated])).toEqual([
      ['resetApproval', true],
      ['approval', false], // reverts until the reset is mined
      ['deposit', false],
    ])
    expect(calls.map(approvedAmount)).toEqual([0n])
    expect(cost.gas).toBe(withMargin(28_927n) + FALLBACK_GAS.approval + FALLBACK_GAS.deposit)
  })

  it('changes any other token’s short allowance in one approval', async () => {
    const { clients } = fakeClients({ allowance: 5n, estimate: (call) => (isApproval(call) ? 46_000n : 1n) })
    const cost = await estimateNetworkCost({ clients, account: ACCOUNT, plan: tokenPlan(USDC) })
    expect(cost.steps.map((step) => step.kind)).toEqual(['approval', 'deposit'])
  })

  it('adds the native amount the deposit sends to what the balance needs', async () => {
    const value = 10n ** 17n
    const { clients, calls } = fakeClients({ estimate: () => 147_952n })
    const cost = await estimateNetworkCost({ clients, account: ACCOUNT, plan: nativePlan(value) })
    expect(calls).toEqual([{ account: ACCOUNT, to: SETTLER, data: DEPOSIT_DATA, value }])
    expect(cost.fee).toBe(withMargin(147_952n) * FEE)
    expect(cost.value).toBe(value)
    expect(cost.total).toBe(withMargin(147_952n) * MAX_FEE + value)
    // Max keeps `total`; a deposit estimated a few gas higher for the new amount still fits within the margin.
    expect(cost.required).toBe(147_952n * MAX_FEE + value)
    expect(cost.required).toBeLessThan(cost.total)
  })

  it('falls back to the step’s ceiling when the node refuses to estimate it (a revert, a value above the balance)', async () => {
    for (const error of [new ExecutionRevertedError(), new InsufficientFundsError()]) {
      const { clients } = fakeClients({ estimate: () => error })
      const cost = await estimateNetworkCost({ clients, account: ACCOUNT, plan: nativePlan(1n) })
      expect(cost.steps).toEqual([
        { kind: 'deposit', gas: FALLBACK_GAS.deposit, least: FALLBACK_GAS.deposit, estimated: false },
      ])
      expect(cost.approximate).toBe(true)
    }
  })

  it('fails when the RPC does not answer, rather than guess', async () => {
    const { clients } = fakeClients({
      estimate: () => new HttpRequestError({ url: 'http://127.0.0.1:8545', details: 'fetch failed' }),
    })
    await expect(estimateNetworkCost({ clients, account: ACCOUNT, plan: nativePlan(1n) })).rejects.toBeInstanceOf(
      HttpRequestError,
    )
  })

  it('uses the legacy gas price on a chain without EIP-1559', async () => {
    const { clients } = fakeClients({ estimate: () => 100_000n, legacy: true })
    const cost = await estimateNetworkCost({ clients, account: ACCOUNT, plan: nativePlan(0n) })
    expect(cost).toMatchObject({ feePerGas: 10n, maxFeePerGas: 12n })
    expect(cost.fee).toBe(withMargin(100_000n) * 10n)
  })
})

describe('estimateDepositReserve', () => {
  it('keeps one deposit at its fallback gas and the current fee, as an estimate', async () => {
    const { clients } = fakeClients({ estimate: () => 1n })
    const reserve = await estimateDepositReserve({ clients, chainId: CHAIN_ID })
    expect(reserve).toMatchObject({ fee: FALLBACK_GAS.deposit * FEE, value: 0n, approximate: true })
    expect(reserve.total).toBe(FALLBACK_GAS.deposit * MAX_FEE)
  })

  it('needs a client for the chain', async () => {
    const { clients } = fakeClients({ estimate: () => 1n })
    await expect(estimateDepositReserve({ clients, chainId: 1 })).rejects.toThrow()
  })
})
