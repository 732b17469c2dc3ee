/**
 * Measures what a chain whose state reads hang costs the other chains (issue 29, point 3): the time from an
 * A → B pool send to its finalize on A, first on a quiet network, then while a hundred orders to C are due and
 * every `eth_call` to C's settler hangs. A measurement, not a test: `npx tsx apps/services/test/measureDecisionLatency.ts`
 * (about three minutes; RUNS=<n> sends per phase, 3 by default). Timings are printed, never asserted.
 */
import { intentOriginSettlerAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import { type Address, type Hex, parseEventLogs, parseUnits } from 'viem'
import {
  advanceTime,
  approveExact,
  type ChainClients,
  chainTime,
  clientsFor,
  depositStatus,
  sendOpenIntent,
  sendPool,
  startTestNetwork,
  TEST_PRICING,
  user,
  waitFor,
} from './harness.ts'

const RUNS = Number(process.env.RUNS ?? 3)
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN

/** Seconds from an A → B pool send to its finalize on A, `RUNS` times. */
async function sendToFinalize(A: ChainClients, B: ChainClients): Promise<number[]> {
  const seconds: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now()
    const { transferId } = await sendPool({
      origin: A,
      destination: B,
      account: user(4),
      token: A.token('usdc'),
      amount: parseUnits('50', 6),
      recipient: user(4).address,
    })
    await waitFor(
      () => depositStatus(A, transferId),
      (status) => status === poolBridgeStatus.Finalized,
      'the finalize',
      600_000,
    )
    seconds.push((Date.now() - started) / 1000)
  }
  return seconds
}

/** A hundred dust orders A → C, which the solver declines: each needs a read of C once its deadline passed. */
async function hundredOrdersTo(A: ChainClients, C: ChainClients): Promise<Hex[]> {
  const sender = user(7)
  const deadline = (await chainTime(C)) + 20
  await approveExact(A, sender, A.token('usdc'), A.config.contracts.intentOriginSettler as Address, 100n)
  const hashes: Hex[] = []
  for (let i = 0; i < 100; i++) {
    hashes.push(
      await sendOpenIntent({
        origin: A,
        destination: C,
        account: sender,
        inputToken: A.token('usdc'),
        inputAmount: 1n,
        outputToken: C.token('usdc'),
        outputAmount: 1n,
        recipient: sender.address,
        fillDeadline: deadline,
        expires: deadline + TEST_PRICING.refundGraceSeconds,
        nonce: 5_000_000n + BigInt(i),
      }),
    )
  }
  const ids: Hex[] = []
  for (const hash of hashes) {
    const receipt = await A.public.waitForTransactionReceipt({ hash })
    ids.push(parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: receipt.logs })[0]!.args.orderId)
  }
  return ids
}

const network = await startTestNetwork({ rpcProxies: true })
try {
  const [A, B, C] = [0, 1, 2].map((i) => clientsFor(network.manifest, i)) as [ChainClients, ChainClients, ChainClients]
  const quiet = await sendToFinalize(A, B)
  await hundredOrdersTo(A, C)
  await new Promise((resolve) => setTimeout(resolve, 5_000)) // indexed at A's final head
  const proxy = network.rpc.get(C.config.id)!
  proxy.holdCalls(C.config.contracts.intentDestinationSettler as Address)
  await advanceTime([A, B, C], 30)
  const hanging = await sendToFinalize(A, B)
  console.log(
    JSON.stringify({
      sendToFinalizeSeconds: { quiet, whileCHangs: hanging },
      median: { quiet: median(quiet), whileCHangs: median(hanging) },
      heldCallsToC: proxy.held(),
    }),
  )
  proxy.up()
} finally {
  await network.stop()
}
