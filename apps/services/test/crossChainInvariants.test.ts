/**
 * Randomized runs of the whole bridge: opens, pool sends, the services' fills, releases, claims and
 * finalizes, user refunds, service crashes, an RPC cut off from the services, and reorgs shallower
 * than each chain's finality, interleaved on the three chains in real time. After the run, every
 * deadline is passed and everything settled; then, for every order and transfer: delivered or
 * refunded, never both; nobody paid for a deposit that was refunded or that a reorg took back; every
 * pool's books balance and nothing is left in escrow. The seed is printed; rerun a failure with
 * CROSSCHAIN_SEED=<seed> (and CROSSCHAIN_STEPS=<n>).
 */
import {
  poolBridgeStatus as DepositStatus,
  intentOriginSettlerStatus as EscrowStatus,
  intentOriginSettlerAbi,
  poolBridgeAbi,
  tetherLikeTokenAbi,
} from '@multi-bridge/contracts'
import { createRandom, testSeed } from '@multi-bridge/devnet'
import {
  type Account,
  type Address,
  createTestClient,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ServiceName } from '../src/process.ts'
import {
  type AttesterIntent,
  advanceTime,
  balanceOf,
  type ChainClients,
  clientsFor,
  crashService,
  depositStatus,
  escrowStatus,
  fillsOf,
  getJson,
  releasesOf,
  sendOpenIntent,
  sendPoolTx,
  serviceUrl,
  solverQuote,
  startTestNetwork,
  type TestNetwork,
  user,
  waitFor,
} from './harness.ts'

const SEED = testSeed('CROSSCHAIN_SEED')
const STEPS = Number(process.env.CROSSCHAIN_STEPS ?? 30)
const USERS = [4, 5, 6, 7, 8, 9].map(user)
const TOKENS = ['usdc', 'usdt'] as const
const SERVICES: readonly ServiceName[] = ['solver', 'attester', 'relayer']

let network: TestNetwork
let chains: ChainClients[]

beforeAll(async () => {
  // The solver fills nothing before its open is final, so no reorg can make it pay for a vanished deposit.
  network = await startTestNetwork({ rpcProxies: true, pricing: { maxUnconfirmedUsd: '0' } })
  chains = [0, 1, 2].map((i) => clientsFor(network.manifest, i))
})
afterAll(async () => {
  await network?.stop()
})

type Intent = { orderId: Hex; origin: ChainClients; destination: ChainClients; greedy: boolean }
type Transfer = { transferId: Hex; origin: ChainClients; destination: ChainClients }

/** The exact allowance, through zero first where a reorg left one behind (USDT refuses non-zero to non-zero). */
async function approve(chain: ChainClients, account: Account, token: Address, spender: Address, amount: bigint) {
  const wallet = chain.wallet(account)
  const allowance = await chain.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [account.address, spender],
  })
  const set = async (value: bigint) =>
    chain.public.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: token,
        abi: tetherLikeTokenAbi,
        functionName: 'approve',
        args: [spender, value],
      }),
    })
  if (allowance !== 0n) await set(0n)
  await set(amount)
}

test(`random cross-chain runs: delivered or refunded, never both (seed ${SEED})`, { timeout: 600_000 }, async () => {
  console.log(`cross-chain invariants: seed ${SEED}, ${STEPS} steps (rerun with CROSSCHAIN_SEED=${SEED})`)
  const random = createRandom(SEED)
  const intents: Intent[] = []
  const transfers: Transfer[] = []
  const history: string[] = []
  const note = (entry: string) => history.push(entry)
  const attesterUrl = serviceUrl(network, 'attester')

  const route = () => {
    const origin = random.int(0, 2)
    const destination = (origin + random.int(1, 2)) % 3
    return { origin: chains[origin]!, destination: chains[destination]! }
  }

  async function open() {
    const { origin, destination } = route()
    const account = random.pick(USERS)
    const kind = random.pick(TOKENS)
    const amount = parseUnits(String(random.int(10, 400)), 6)
    const inputToken = origin.token(kind)
    const outputToken = destination.token(random.pick(TOKENS))
    const q = await solverQuote(network, { origin, destination, inputToken, outputToken, amount })
    // Some ask 2 % more than the solver pays (the first always): declined, then refunded with the no-fill attestation.
    const greedy = intents.length === 0 || random.chance(0.2)
    const outputAmount = greedy ? (BigInt(q.outputAmount) * 102n) / 100n : BigInt(q.outputAmount)
    await approve(origin, account, inputToken, origin.config.contracts.intentOriginSettler as Address, amount)
    const hash = await sendOpenIntent({
      origin,
      destination,
      account,
      inputToken,
      inputAmount: amount,
      outputToken,
      outputAmount,
      recipient: random.pick(USERS).address,
      fillDeadline: q.fillDeadline,
      expires: q.expires,
    })
    const receipt = await origin.public.waitForTransactionReceipt({ hash })
    const [opened] = parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: receipt.logs })
    intents.push({ orderId: opened!.args.orderId, origin, destination, greedy })
    note(`open ${origin.config.shortName}→${destination.config.shortName}${greedy ? ' (greedy)' : ''}`)
  }

  async function send() {
    const { origin, destination } = route()
    const account = random.pick(USERS)
    const kind = random.pick(TOKENS)
    const amount = parseUnits(String(random.int(10, 400)), 6)
    await approve(origin, account, origin.token(kind), origin.config.contracts.poolBridge as Address, amount)
    const hash = await sendPoolTx({
      origin,
      destination,
      account,
      token: origin.token(kind),
      amount,
      recipient: random.pick(USERS).address,
    })
    const receipt = await origin.public.waitForTransactionReceipt({ hash })
    const [sent] = parseEventLogs({ abi: poolBridgeAbi, eventName: 'Sent', logs: receipt.logs })
    transfers.push({ transferId: sent!.args.transferId, origin, destination })
    note(`send ${origin.config.shortName}→${destination.config.shortName}`)
  }

  async function restart() {
    const name = random.pick(SERVICES)
    await crashService(network, name)
    await new Promise((resolve) => setTimeout(resolve, random.int(0, 3_000)))
    await network.startService(name)
    note(`restart ${name}`)
  }

  async function outage() {
    const chain = random.pick(chains)
    const proxy = network.rpc.get(chain.config.id)!
    proxy.down()
    await new Promise((resolve) => setTimeout(resolve, random.int(2_000, 6_000)))
    proxy.up()
    note(`outage ${chain.config.shortName}`)
  }

  async function reorg() {
    const chain = random.pick(chains)
    const depth = random.int(1, chain.config.confirmations! - 1)
    const test = createTestClient({ mode: 'anvil', chain: chain.chain, transport: http(chain.config.rpcUrls[0]) })
    await test.request({ method: 'anvil_reorg' as never, params: [depth, []] as never })
    note(`reorg ${chain.config.shortName} ${depth}`)
  }

  /** Refunds whatever the attester already says was not delivered, as a user would. */
  async function refundDue() {
    await refundAll(false)
    note('refunds')
  }

  async function refundAll(strict: boolean) {
    for (const { orderId, origin } of intents) {
      const answer = await getJson<AttesterIntent>(`${attesterUrl}/v1/intents/${orderId}`)
      if (answer.body.status !== 'not-filled' || (await escrowStatus(origin, orderId)) !== EscrowStatus.Open) continue
      await submit(origin, intentOriginSettlerAbi, orderId, answer.body.attestation!.signatures, strict)
    }
    for (const { transferId, origin } of transfers) {
      const answer = await getJson<AttesterIntent>(`${attesterUrl}/v1/transfers/${transferId}`)
      if (answer.body.status !== 'not-released' || (await depositStatus(origin, transferId)) !== DepositStatus.Pending)
        continue
      await submit(origin, poolBridgeAbi, transferId, answer.body.attestation!.signatures, strict)
    }
  }

  async function submit(
    origin: ChainClients,
    abi: typeof intentOriginSettlerAbi | typeof poolBridgeAbi,
    id: Hex,
    signatures: Hex,
    strict: boolean,
  ) {
    const address = (
      abi === poolBridgeAbi ? origin.config.contracts.poolBridge : origin.config.contracts.intentOriginSettler
    ) as Address
    const hash = await origin
      .wallet(USERS[0]!)
      .writeContract({ address, abi, functionName: 'refund', args: [id, signatures] } as never)
    const receipt = await origin.public.waitForTransactionReceipt({ hash })
    if (strict) expect(receipt.status, `refund of ${id}`).toBe('success')
  }

  const actions: [number, () => Promise<void>][] = [
    [30, open],
    [25, send],
    [10, refundDue],
    [10, restart],
    [10, outage],
    [15, reorg],
  ]
  // Every kind of action at least once, in a random order among the others.
  const mustRun = new Set(actions.map(([, action]) => action))
  for (let step = 0; step < STEPS; step++) {
    let action = random.weighted(actions)
    if (STEPS - step <= mustRun.size && !mustRun.has(action)) action = [...mustRun][0]!
    mustRun.delete(action)
    await action()
    await new Promise((resolve) => setTimeout(resolve, random.int(0, 2_000)))
  }

  // ---- settle: every deadline passed, every decision made, every refund taken ----
  await advanceTime(chains, 400)
  const decided = async () => {
    const pending: string[] = []
    for (const { orderId, origin } of intents) {
      const escrow = await escrowStatus(origin, orderId)
      if (escrow === EscrowStatus.None || escrow === EscrowStatus.Refunded) continue
      const answer = await getJson<AttesterIntent>(`${attesterUrl}/v1/intents/${orderId}`)
      if (answer.body.status === 'not-filled') continue
      if (escrow !== EscrowStatus.Claimed) pending.push(`intent ${orderId} (${answer.body.status}, escrow ${escrow})`)
    }
    for (const { transferId, origin } of transfers) {
      const deposit = await depositStatus(origin, transferId)
      if (deposit === DepositStatus.None || deposit === DepositStatus.Refunded) continue
      const answer = await getJson<AttesterIntent>(`${attesterUrl}/v1/transfers/${transferId}`)
      if (answer.body.status === 'not-released') continue
      if (deposit !== DepositStatus.Finalized)
        pending.push(`transfer ${transferId} (${answer.body.status}, deposit ${deposit})`)
    }
    return pending
  }
  await waitFor(decided, (pending) => pending.length === 0, 'every order and transfer decided and settled', 240_000)
  await refundAll(true)

  // ---- the invariants ----
  const intentOutcome: Record<number, string> = {
    [EscrowStatus.None]: 'taken back by a reorg',
    [EscrowStatus.Open]: 'open',
    [EscrowStatus.Claimed]: 'claimed',
    [EscrowStatus.Refunded]: 'refunded',
  }
  const transferOutcome: Record<number, string> = {
    [DepositStatus.None]: 'taken back by a reorg',
    [DepositStatus.Pending]: 'pending',
    [DepositStatus.Finalized]: 'finalized',
    [DepositStatus.Refunded]: 'refunded',
  }
  const problems: string[] = []
  const outcomes = new Map<string, number>()
  const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
  for (const { orderId, origin, destination, greedy } of intents) {
    const delivered = (await fillsOf(destination, orderId)).length
    const escrow = await escrowStatus(origin, orderId)
    const outcome = intentOutcome[escrow]
    count(`intent ${outcome}${delivered ? ', delivered' : ''}`)
    if (delivered > 1) problems.push(`intent ${orderId} delivered ${delivered} times`)
    if (escrow === EscrowStatus.Open) problems.push(`intent ${orderId} was neither claimed nor refunded`)
    if (escrow === EscrowStatus.Claimed && delivered !== 1)
      problems.push(`intent ${orderId} claimed without a delivery`)
    if (escrow === EscrowStatus.Refunded && delivered) problems.push(`intent ${orderId} delivered AND refunded`)
    if (escrow === EscrowStatus.None && delivered)
      problems.push(`intent ${orderId} delivered for an open a reorg took back`)
    if (greedy && escrow !== EscrowStatus.Refunded && escrow !== EscrowStatus.None)
      problems.push(`intent ${orderId} above the solver's price was not refunded`)
  }
  for (const { transferId, origin, destination } of transfers) {
    const released = (await releasesOf(destination, transferId)).length
    const deposit = await depositStatus(origin, transferId)
    const outcome = transferOutcome[deposit]
    count(`transfer ${outcome}${released ? ', released' : ''}`)
    if (released > 1) problems.push(`transfer ${transferId} released ${released} times`)
    if (deposit === DepositStatus.Pending) problems.push(`transfer ${transferId} was neither finalized nor refunded`)
    if (deposit === DepositStatus.Finalized && released !== 1)
      problems.push(`transfer ${transferId} finalized without a release`)
    if (deposit === DepositStatus.Refunded && released) problems.push(`transfer ${transferId} released AND refunded`)
    if (deposit === DepositStatus.None && released)
      problems.push(`transfer ${transferId} released for a deposit a reorg took back`)
  }
  for (const chain of chains) {
    const pool = chain.config.contracts.poolBridge as Address
    const settler = chain.config.contracts.intentOriginSettler as Address
    for (const kind of TOKENS) {
      const token = chain.token(kind)
      const read = (functionName: 'liquidity' | 'escrowed') =>
        chain.public.readContract({ address: pool, abi: poolBridgeAbi, functionName, args: [token] })
      const [held, free, escrowed] = await Promise.all([
        balanceOf(chain, token, pool),
        read('liquidity'),
        read('escrowed'),
      ])
      if (held !== free + escrowed)
        problems.push(`${chain.config.shortName} pool ${kind}: holds ${held}, books ${free} + ${escrowed}`)
      if (escrowed !== 0n) problems.push(`${chain.config.shortName} pool ${kind}: ${escrowed} still in escrow`)
      const inSettler = await balanceOf(chain, token, settler)
      if (inSettler !== 0n) problems.push(`${chain.config.shortName} settler ${kind}: ${inSettler} still in escrow`)
    }
  }
  console.log('cross-chain invariants:', Object.fromEntries(outcomes), '\n', history.join(' · '))
  expect(problems, `seed ${SEED}: ${history.join(' · ')}`).toEqual([])
  expect(network.unexpectedExits).toEqual([])
  // Guard against a run that proves nothing: both bridges delivered something.
  expect([...outcomes.keys()].some((o) => o.startsWith('intent claimed'))).toBe(true)
  expect([...outcomes.keys()].some((o) => o.startsWith('transfer finalized'))).toBe(true)
})
