import { poolBridgeAbi } from '@multi-bridge/contracts'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import type { ChainClients } from '../../src/chains/chainClients.ts'
import { NATIVE_TOKEN_ADDRESS } from '../../src/config/manifest.ts'
import { decodePoolSend } from '../../src/providers/pool/poolCalldata.ts'
import type { RouteProvider } from '../../src/providers/types.ts'
import type { DepositPlan, Route, TokenRef, TransactionRequest } from '../../src/routes/types.ts'

/**
 * A pool-bridge route and its `send` deposit, with no chain behind them: what the shared signing check and the
 * executor are attacked with in unit tests (the pool's real ABI encodes and decodes the calls).
 */
export const PERSON: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
export const POOL: Address = '0x1111111111111111111111111111111111111111'
const token = (chainId: number, address: Address, symbol: string, kind: TokenRef['kind']): TokenRef => ({
  chainId,
  address,
  symbol,
  decimals: kind === 'native' ? 18 : 6,
  kind,
})
export const USDC_A = token(1, '0x2222222222222222222222222222222222222222', 'USDC', 'usdc')
export const USDC_B = token(2, '0x3333333333333333333333333333333333333333', 'USDC', 'usdc')
export const ETH_A = token(1, NATIVE_TOKEN_ADDRESS, 'ETH', 'native')
export const ETH_B = token(2, NATIVE_TOKEN_ADDRESS, 'ETH', 'native')

/** 100 USDC from chain 1 to the person on chain 2 through the pool, at least 99.7 out, valid a minute. */
export const poolRoute = (change: Partial<Route> = {}): Route => ({
  id: 'pool:1',
  providerId: 'pool',
  providerName: 'Pool',
  request: { origin: USDC_A, destination: USDC_B, amount: 100_000_000n, sender: PERSON, recipient: PERSON },
  outputAmount: 99_700_000n,
  minOutputAmount: 99_700_000n,
  slippageBps: 0,
  slippageMode: 'auto',
  fees: [],
  estimatedSeconds: 10,
  quotedAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  depositAddress: POOL,
  data: {},
  ...change,
})

/** The arguments of `PoolBridge.send`. */
export type PoolSend = { token: Address; amount: bigint; chain: bigint; recipient: Address; out: Address; min: bigint }

/** The pool deposit the route asks for (with `send` changed where given), and its exact approval to the pool. */
export function poolSendPlan(route: Route, send: Partial<PoolSend> = {}): DepositPlan {
  const { origin, destination, amount, recipient } = route.request
  const args = {
    token: origin.address,
    amount,
    chain: BigInt(destination.chainId),
    recipient,
    out: destination.address,
    min: route.minOutputAmount,
    ...send,
  }
  return {
    transaction: {
      chainId: origin.chainId,
      to: POOL,
      data: encodeFunctionData({
        abi: poolBridgeAbi,
        functionName: 'send',
        args: [args.token, args.amount, args.chain, args.recipient, args.out, args.min],
      }),
      value: 0n,
    },
    approval: { token: origin, spender: POOL, amount },
  }
}

/**
 * A chain's `waitForTransactionReceipt` as viem answers it when the wallet replaced the sent transaction at its
 * nonce: `onReplaced` told why (`repriced`: sped up, the same call; `cancelled`; `replaced`: another call), and the
 * receipt of `replacement`, which is mined.
 */
export const replacedReceipt =
  (reason: 'repriced' | 'cancelled' | 'replaced', replacement: Hex) =>
  async (args: { hash: Hex; onReplaced?: (replacement: unknown) => void }) => {
    const receipt = { status: 'success', transactionHash: replacement, blockNumber: 10n, logs: [] }
    args.onReplaced?.({
      reason,
      replacedTransaction: { hash: args.hash },
      transaction: { hash: replacement },
      transactionReceipt: receipt,
    })
    return receipt
  }

/** The pool bridge as the executor sees it: it plans a `send`, decodes it with the pool's ABI, knows only the pool. */
export const poolProvider = (change: Partial<RouteProvider> = {}): RouteProvider =>
  ({
    id: 'pool',
    name: 'Pool',
    planDeposit: async (route: Route) => poolSendPlan(route),
    decodeDeposit: (transaction: TransactionRequest) => decodePoolSend(transaction),
    knownContracts: () => [POOL],
    onDepositMined: async () => ({ type: 'depositMined', id: `0x${'01'.repeat(32)}`, depositedAt: 1 }),
    ...change,
  }) as RouteProvider

/**
 * Local Chain A's client as the executor reads it, as one `ChainClients`: no allowance, a legacy gas price of 5 wei,
 * 50,000 gas per call, 1 ETH, and every transaction mined under its own hash; `change` replaces any of these.
 */
export const chainAClients = (change: Record<string, unknown> = {}): ChainClients =>
  new Map([
    [
      1,
      {
        chain: { id: 1, name: 'Local Chain A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
        readContract: async () => 0n,
        getBlock: async () => ({ baseFeePerGas: null }),
        getGasPrice: async () => 5n,
        estimateGas: async () => 50_000n,
        getBalance: async () => 10n ** 18n,
        waitForTransactionReceipt: async ({ hash }: { hash: Hex }) => ({ status: 'success', transactionHash: hash }),
        ...change,
      },
    ],
  ]) as unknown as ChainClients
