/**
 * One slow chain stalls no other (red-team review of the services): a destination whose state reads hang must not hold
 * up the solver's reading of new orders on their origin. Before, the `Open` poller waited for every order of a batch
 * to be decided before moving its cursor; an order to a hung destination took its reads' time-outs (about 30 s), and
 * an order to a healthy chain opened just after it was seen only then, past a short fill window: not filled, its user
 * left waiting for the refund. Real chains and services; the services reach chain C through a proxy that holds every
 * `eth_call` (block numbers and logs still answered, as from a node whose state reads hang).
 */
import type { Address, Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChainClients,
  clientsFor,
  crashService,
  fillsOf,
  getJson,
  openIntent,
  serviceUrl,
  solverQuote,
  startTestNetwork,
  type TestNetwork,
  user,
  waitFor,
} from './harness.ts'

/**
 * Shorter than the ~30 s a hung read takes to fail (three tries of 10 s): an order seen only then is not filled. As long
 * as that allows: a restart of the solver on a busy machine takes part of it.
 */
const FILL_WINDOW_SECONDS = 28

let network: TestNetwork
let A: ChainClients
let B: ChainClients
let C: ChainClients

beforeAll(async () => {
  network = await startTestNetwork({ rpcProxies: true, pricing: { fillWindowSeconds: FILL_WINDOW_SECONDS } })
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
})
afterAll(async () => {
  await network?.stop()
})
afterEach(() => {
  network.rpc.get(C.config.id)?.up()
  expect(network.unexpectedExits).toEqual([])
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const solverOrder = async (orderId: Hex) =>
  (await getJson<{ status: string; reason?: string }>(`${serviceUrl(network, 'solver')}/v1/orders/${orderId}`)).body

type Quote = Awaited<ReturnType<typeof solverQuote>>

/** The solver's quote for 50 USDC from A to `destination`, asked while every chain answers. */
const quoteTo = (destination: ChainClients) =>
  solverQuote(network, {
    origin: A,
    destination,
    inputToken: A.token('usdc'),
    outputToken: destination.token('usdc'),
    amount: 50_000_000n,
  })

/** Opens the quoted order from A to `destination` for `account`; gives its id. */
async function openQuoted(destination: ChainClients, quote: Quote, account: number): Promise<Hex> {
  const { orderId } = await openIntent({
    origin: A,
    destination,
    account: user(account),
    inputToken: A.token('usdc'),
    inputAmount: 50_000_000n,
    outputToken: destination.token('usdc'),
    outputAmount: BigInt(quote.outputAmount),
    recipient: user(account).address as Address,
    fillDeadline: quote.fillDeadline,
    expires: quote.expires,
  })
  return orderId
}

const filledOn = (destination: ChainClients, orderId: Hex, what: string) =>
  waitFor(
    () => fillsOf(destination, orderId),
    (fills) => fills.length > 0,
    what,
    (FILL_WINDOW_SECONDS + 15) * 1000,
  )

describe('solver: a destination whose reads hang', () => {
  it('holds up no order to another chain opened after one to it, and the order to it is admitted once it answers', {
    timeout: 180_000,
  }, async () => {
    const proxy = network.rpc.get(C.config.id)!
    const [toC, toB] = [await quoteTo(C), await quoteTo(B)]
    proxy.holdCalls('*')
    const orderToC = await openQuoted(C, toC, 6)
    // The solver polls A every 100 ms: by now it has seen the order to C, and its admission waits on C's reads.
    await sleep(1_500)
    const orderToB = await openQuoted(B, toB, 7)
    const fills = await filledOn(B, orderToB, 'the order to B filled while C hangs')
    expect(fills[0]?.args.orderId).toBe(orderToB)
    // C hung all along: its reads are still held, and the order to it is not decided.
    expect(proxy.held().total).toBeGreaterThan(0)
    expect((await fillsOf(C, orderToC)).length).toBe(0)
    // C answers again: the order to it is admitted and filled within its window.
    proxy.up()
    await filledOn(C, orderToC, 'the order to C filled once C answers')
    expect((await solverOrder(orderToB)).status).toMatch(/^(filled|claimed)$/)
  })

  it('admits, after a restart, an order seen before it whose admission was waiting on the hung destination', {
    timeout: 180_000,
  }, async () => {
    const proxy = network.rpc.get(C.config.id)!
    const toC = await quoteTo(C)
    proxy.holdCalls('*')
    const orderToC = await openQuoted(C, toC, 8)
    await sleep(1_500) // seen, and waiting on C's reads
    await crashService(network, 'solver')
    proxy.up()
    await network.startService('solver')
    await filledOn(C, orderToC, 'the order to C filled after the restart')
  })
})
