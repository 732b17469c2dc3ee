import {
  type Hex,
  HttpRequestError,
  InsufficientFundsError,
  TransactionExecutionError,
  UserRejectedRequestError,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { PERSON, POOL, replacedReceipt, USDC_A } from '../../test/support/poolDeposit.ts'
import { swapIn } from '../../test/support/swapRecords.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import { NotEnoughGasError } from '../errors/gasErrors.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { RefundableSwap } from '../records/types.ts'
import { TransactionNotConfirmedError, TransactionReplacedError } from '../routes/routeErrors.ts'
import { sendRefund } from './sendRefund.ts'

const record = swapIn<RefundableSwap>('refundable', { owner: PERSON, origin: { token: USDC_A, amount: '100000000' } })
const refund = { chainId: 1, to: POOL, data: '0x1234' as Hex, value: 0n }

/** A refund on chain 1 ("Local Chain A", ETH), whose wallet answers `send` with what it throws or returns. */
function setup(send: () => Promise<Hex>, estimateGas: () => Promise<bigint> = async () => 80_000n) {
  const provider = { planRefund: async () => ({ transaction: refund }) } as unknown as RouteProvider
  const client = {
    chain: { id: 1, name: 'Local Chain A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    getBlock: async () => ({ baseFeePerGas: null }),
    getGasPrice: async () => 5n,
    estimateGas: vi.fn(estimateGas),
    waitForTransactionReceipt: async ({ hash }: { hash: string }) => ({ status: 'success', transactionHash: hash }),
  }
  const wallet = {
    account: PERSON,
    getChainId: async () => 1,
    switchChain: async () => {},
    sendTransaction: vi.fn(send),
  }
  const run = () => sendRefund({ record, provider, wallet, clients: new Map([[1, client]]) as unknown as ChainClients })
  return { client, wallet, run }
}

describe('sendRefund: a balance that cannot pay the gas', () => {
  it("names the origin network and its coin, and about how much is needed, for the wallet's insufficient funds", async () => {
    // What wagmi hands back: viem's error for "total cost … exceeds the balance", wrapped.
    const insufficient = new TransactionExecutionError(new InsufficientFundsError(), { account: null })
    const { client, run } = setup(async () => {
      throw insufficient
    })
    const error = await run().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotEnoughGasError)
    // The refund's own gas (80,000, as the node estimates it) at the most a wallet offers per gas (5 wei legacy: 6).
    expect(error).toMatchObject({ chainId: 1, network: 'Local Chain A', coin: 'ETH', decimals: 18, needed: 480_000n })
    expect((error as NotEnoughGasError).cause).toBe(insufficient)
    expect(client.estimateGas).toHaveBeenCalledWith({ account: PERSON, to: POOL, data: '0x1234', value: 0n })
  })

  it('still names the network when the gas cannot be estimated', async () => {
    const { run } = setup(
      async () => {
        throw new Error('insufficient funds for gas * price + value')
      },
      async () => {
        throw new Error('execution reverted')
      },
    )
    const error = await run().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotEnoughGasError)
    expect(error).toMatchObject({ network: 'Local Chain A', coin: 'ETH', needed: undefined })
  })

  it("passes the wallet's other failures on as they are, and returns the refund's hash when it goes through", async () => {
    const rejected = new UserRejectedRequestError(new Error('User rejected the request.'))
    await expect(
      setup(async () => {
        throw rejected
      }).run(),
    ).rejects.toBe(rejected)
    const hash = `0x${'33'.repeat(32)}` as Hex
    await expect(setup(async () => hash).run()).resolves.toEqual({ refundTx: hash })
  })
})

describe('sendRefund: the wallet replaces the sent refund', () => {
  const SENT = `0x${'aa'.repeat(32)}` as Hex
  const REPLACEMENT = `0x${'bb'.repeat(32)}` as Hex

  it.each(['cancelled', 'replaced'] as const)('is no refund when it was %s in the wallet', async (reason) => {
    // viem hands back the replacement's receipt, mined fine: the escrow still holds the funds.
    const { client, run } = setup(async () => SENT)
    client.waitForTransactionReceipt = replacedReceipt(reason, REPLACEMENT) as typeof client.waitForTransactionReceipt
    await expect(run()).rejects.toBeInstanceOf(TransactionReplacedError)
  })

  it('is the refund under its new hash when it was sped up', async () => {
    const { client, run } = setup(async () => SENT)
    client.waitForTransactionReceipt = replacedReceipt(
      'repriced',
      REPLACEMENT,
    ) as typeof client.waitForTransactionReceipt
    await expect(run()).resolves.toEqual({ refundTx: REPLACEMENT })
  })
})

describe('sendRefund: a refund sent whose receipt does not come', () => {
  it.each([
    ["viem's time-out on a slow chain", new WaitForTransactionReceiptTimeoutError({ hash: `0x${'aa'.repeat(32)}` })],
    [
      'the origin RPC stops answering during the wait',
      new HttpRequestError({ url: 'http://127.0.0.1:1', status: 502 }),
    ],
  ])('is "sent, not confirmed" on its network (%s), never a failure', async (_name, failure) => {
    const { client, run } = setup(async () => `0x${'aa'.repeat(32)}` as Hex)
    client.waitForTransactionReceipt = async () => {
      throw failure
    }
    const error = await run().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TransactionNotConfirmedError)
    expect(error).toMatchObject({ chainName: 'Local Chain A', hash: `0x${'aa'.repeat(32)}`, cause: failure })
  })
})
