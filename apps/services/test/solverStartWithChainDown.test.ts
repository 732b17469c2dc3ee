/**
 * One unreachable chain does not stop the solver serving the other routes. A restart (crash, deploy, OOM) while one
 * chain's RPC is down starts the solver all the same: its API and pollers come first, and each chain's setup (its
 * approvals, its refund delay) is tried in the background until that chain answers (solver/chainSetup.ts), so A ↔ B is
 * quoted and filled while C is down (C's routes answer 503 CHAIN_UNAVAILABLE meanwhile).
 * Fresh devnet, the services as `npm start` runs them, each chain behind a proxy the test can cut.
 */
import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChainClients,
  clientsFor,
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

let network: TestNetwork
let A: ChainClients
let B: ChainClients
let C: ChainClients
const usdc = (whole: string) => parseUnits(whole, 6)

beforeAll(async () => {
  network = await startTestNetwork({ rpcProxies: true })
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
})
afterAll(async () => {
  await network?.stop()
})

describe('the solver and one unreachable chain', () => {
  it('a solver restarted while chain C is unreachable starts, and fills A → B meanwhile', async () => {
    const proxyC = network.rpc.get(C.config.id)!
    await network.services.get('solver')!.stop('SIGKILL')
    proxyC.down()
    let started: unknown
    try {
      started = await network.startService('solver').then(
        () => 'started',
        (error: Error) => error.message.split('\n').slice(0, 3).join(' | '),
      )
      console.log(`solver start with C down: ${String(started)}`)
      // Safe: the solver serves A ↔ B while C is down (it cannot serve C, and its quotes say so with a 503).
      expect(started, 'the solver started with chain C unreachable').toBe('started')
      const account = user(8)
      const amount = usdc('100')
      const q = await solverQuote(network, {
        origin: A,
        destination: B,
        inputToken: A.token('usdc'),
        outputToken: B.token('usdc'),
        amount,
      })
      const { orderId } = await openIntent({
        origin: A,
        destination: B,
        account,
        inputToken: A.token('usdc'),
        inputAmount: amount,
        outputToken: B.token('usdc'),
        outputAmount: BigInt(q.outputAmount),
        recipient: account.address,
        fillDeadline: q.fillDeadline,
        expires: q.expires,
      })
      await waitFor(
        () => fillsOf(B, orderId),
        (fills) => fills.length === 1,
        'the A → B fill while C is down',
        30_000,
      )
      // A route to C is refused, naming C.
      const toC = await getJson<{ error?: { code: string; chainId?: number } }>(
        `${serviceUrl(network, 'solver')}/v1/quote?${new URLSearchParams({
          originChainId: String(A.config.id),
          destinationChainId: String(C.config.id),
          inputToken: A.token('usdc'),
          outputToken: C.token('usdc'),
          amount: amount.toString(),
        })}`,
      )
      expect(toC).toMatchObject({ status: 503, body: { error: { code: 'CHAIN_UNAVAILABLE', chainId: C.config.id } } })
    } finally {
      proxyC.up()
      if (started !== 'started') await network.startService('solver').catch(() => undefined)
    }
    expect((await fetch(`${serviceUrl(network, 'solver')}/health`)).status).toBe(200)
    // C answers again: the solver sets itself up there and quotes its routes (solverQuote waits out the 503s).
    const toC = await solverQuote(network, {
      origin: A,
      destination: C,
      inputToken: A.token('usdc'),
      outputToken: C.token('usdc'),
      amount: usdc('100'),
    })
    expect(BigInt(toC.outputAmount)).toBeGreaterThan(0n)
  })
})
