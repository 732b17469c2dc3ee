/**
 * Randomized sequences of intent-bridge actions over three chains, in every direction, checked against a
 * model after every step. Each chain's clock is driven explicitly (every block gets a chosen timestamp),
 * so the expected outcome of every action, success or the exact revert, is known in advance.
 * The seed is printed; rerun a failure with INVARIANT_SEED=<seed> (and INVARIANT_STEPS=<n>).
 */
import {
  escrowFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  tetherLikeTokenAbi,
} from '@multi-bridge/contracts'
import { encodeIntentOriginData, type IntentOriginData } from '@multi-bridge/core'
import { createRandom, testSeed } from '@multi-bridge/devnet'
import { type Address, erc20Abi, type Hex, keccak256, toHex } from 'viem'
import { expect, test } from 'vitest'
import {
  accounts,
  balanceOf,
  expectRevert,
  gasCost,
  impostor,
  MIN_REFUND_DELAY,
  NATIVE,
  setNextTimestamp,
  signFill,
  signNoFill,
  type TestChain,
  useChains,
  write,
} from './fixture.ts'
import { claimRequest, fillRequest, openCall, orderRequest, refundRequest, submitOrder } from './orders.ts'

const CHAIN_IDS = [31001, 31002, 31003] as const
const STEPS = Number(process.env.INVARIANT_STEPS ?? 300)
const SEED = testSeed('INVARIANT_SEED')
const REPAY = '0x000000000000000000000000000000000000bEEF' as const

const chainList = useChains(CHAIN_IDS)

type Status = (typeof intentOriginSettlerStatus)[keyof typeof intentOriginSettlerStatus]

type Order = {
  orderId: Hex
  originData: Hex
  data: IntentOriginData
  origin: number
  dest: number
  status: Status
  fill?: { solver: Address; fillTime: number }
}

/** A chain and its clock: the timestamp of its latest block, which only this test moves. */
type Lane = { chain: TestChain; clock: number; checkedBlock: bigint }

test(`random intent sequences keep escrows solvent and orders consistent (seed ${SEED})`, {
  // A hang guard, not a bound: 12 s alone, and past 120 s once under the whole of `npm test` on 2 cores.
  timeout: 600_000,
}, async () => {
  console.log(`invariants: seed ${SEED}, ${STEPS} steps (rerun with INVARIANT_SEED=${SEED})`)
  const random = createRandom(SEED)
  const d = chainList[0]!.contracts
  const tokens: readonly Address[] = [NATIVE, d.usdc, d.usdt, d.weth]
  const users = [accounts.user, accounts.user2] as const
  const recipients = [accounts.recipient, accounts.user2, REPAY] as const
  const fillers = [accounts.solver, accounts.stranger] as const
  const submitters = [accounts.stranger, accounts.solver, accounts.user] as const

  const lanes: Lane[] = await Promise.all(
    chainList.map(async (chain) => {
      const block = await chain.client.getBlock()
      return { chain, clock: Number(block.timestamp), checkedBlock: block.number }
    }),
  )
  const orders: Order[] = []
  const nonces = new Map<string, bigint>()
  // Tokens sent straight to a settler, outside any order: the only reason its balance may exceed the escrows.
  const donations = lanes.map(() => new Map<Address, bigint>(tokens.map((t) => [t, 0n])))
  const fillEvents = new Map<Hex, number>()
  const observed = new Map<Hex, number>()
  const outcomes = new Map<string, number>()
  const history: string[] = []
  const note = (outcome: string) => {
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    history.push(outcome)
  }

  /** Gives the next block of `lane` the timestamp clock + 1, or `at` when that is later. */
  async function tick(lane: Lane, at = 0) {
    lane.clock = Math.max(lane.clock + 1, at)
    await setNextTimestamp(lane.chain.client, lane.clock)
  }

  async function warp(lane: Lane, seconds: number) {
    await tick(lane, lane.clock + seconds)
    await lane.chain.client.mine({ blocks: 1 })
  }

  const amountOf = (token: Address) =>
    token === NATIVE || token === d.weth
      ? BigInt(random.int(1, 1_000_000)) * 10n ** 12n
      : BigInt(random.int(1, 1_000_000_000))

  /** Runs `act` and checks that `payee`'s balance of `token` on `lane` grew by exactly `amount`. */
  async function expectPaid(
    lane: Lane,
    token: Address,
    payee: Address,
    amount: bigint,
    sender: Address,
    act: () => Promise<Awaited<ReturnType<typeof write>>>,
  ) {
    const before = await balanceOf(lane.chain.client, token, payee)
    const receipt = await act()
    const gas = token === NATIVE && sender === payee ? gasCost(receipt) : 0n
    expect(await balanceOf(lane.chain.client, token, payee), 'payee balance').toBe(before + amount - gas)
  }

  // ---- actions ----

  async function open() {
    const origin = random.int(0, lanes.length - 1)
    const dest = (origin + random.int(1, lanes.length - 1)) % lanes.length
    const [o, t] = [lanes[origin]!, lanes[dest]!]
    const user = random.pick(users)
    const inputToken = random.pick(tokens)
    const inputAmount = amountOf(inputToken)
    const outputToken = random.pick(tokens)
    await tick(o)
    // Deadlines are drawn around the later of both clocks, so some orders are born barely fillable.
    const fillDeadline = Math.max(o.clock + 1, Math.max(o.clock, t.clock) + random.int(-60, 1800))
    // At the settler's least refund delay, or up to 15 minutes more.
    const expires = fillDeadline + MIN_REFUND_DELAY + random.int(0, 900)
    const key = `${origin}:${user}`
    const previous = orders.filter((x) => x.origin === origin && x.data.user === user)
    const reuse = previous.length > 0 && random.chance(0.08)
    const nonce = reuse ? random.pick(previous).data.nonce : (nonces.get(key) ?? 0n) + 1n
    const parameters = {
      user,
      inputToken,
      inputAmount,
      outputToken,
      outputAmount: amountOf(outputToken),
      recipient: random.pick(recipients),
      nonce,
      fillDeadline,
      expires,
    }
    if (reuse) {
      await expectRevert(o.chain.client, openCall(await orderRequest(o.chain, t.chain, parameters)), 'NonceAlreadyUsed')
      return note('open: nonce reused')
    }
    if (inputToken === NATIVE && random.chance(0.1)) {
      const request = await orderRequest(o.chain, t.chain, { ...parameters, value: inputAmount + 1n })
      await expectRevert(o.chain.client, openCall(request), 'NativeAmountMismatch')
      return note('open: native amount mismatch')
    }
    nonces.set(key, nonce)
    const opened = await submitOrder(o.chain, await orderRequest(o.chain, t.chain, parameters))
    expect(keccak256(opened.originData)).toBe(opened.orderId)
    orders.push({
      orderId: opened.orderId,
      originData: opened.originData,
      data: opened.data,
      origin,
      dest,
      status: intentOriginSettlerStatus.Open,
    })
    note('open')
  }

  async function fill() {
    // Mostly fills that can still land, some duplicates, and some of anything (often too late).
    const beforeDeadline = (o: Order) => lanes[o.dest]!.clock < o.data.fillDeadline
    const kind = random.int(0, 9)
    let pool =
      kind < 6
        ? orders.filter((o) => !o.fill && beforeDeadline(o))
        : kind < 8
          ? orders.filter((o) => o.fill && beforeDeadline(o))
          : orders
    if (pool.length === 0) pool = orders.filter((o) => !o.fill)
    if (pool.length === 0) return open()
    const order = random.pick(pool)
    const lane = lanes[order.dest]!
    const deadline = order.data.fillDeadline
    const nudge = random.int(0, 9)
    // Sometimes land exactly on the deadline or one second after it.
    await tick(lane, nudge === 0 ? deadline : nudge === 1 ? deadline + 1 : 0)
    const filler = random.pick(fillers)
    const repayTo = random.pick([undefined, REPAY, accounts.solver])
    const request = fillRequest(lane.chain, order, { solver: filler, repayTo })
    if (lane.clock > deadline) {
      await expectRevert(lane.chain.client, request, 'FillDeadlinePassed')
      return note(order.fill ? 'fill: duplicate after deadline' : 'fill: after deadline')
    }
    if (order.fill) {
      await expectRevert(lane.chain.client, request, 'AlreadyFilled')
      return note('fill: duplicate')
    }
    const { outputToken, outputAmount, recipient } = order.data
    await expectPaid(lane, outputToken, recipient, outputAmount, filler, () => write(lane.chain.client, request))
    order.fill = { solver: repayTo ?? filler, fillTime: lane.clock }
    note(lane.clock === deadline ? 'fill: at the deadline' : 'fill')
  }

  async function claim() {
    const claimable = orders.filter((o) => o.fill && o.status === intentOriginSettlerStatus.Open)
    if (claimable.length === 0 || random.chance(0.2)) return invalidClaim()
    const order = random.pick(claimable)
    const lane = lanes[order.origin]!
    const { solver, fillTime } = order.fill!
    const signatures = await signFill(lane.chain.chainId, d.origin, { orderId: order.orderId, solver, fillTime })
    const submitter = random.pick(submitters)
    await tick(lane)
    const request = claimRequest(lane.chain, order.orderId, solver, fillTime, signatures, { account: submitter })
    await expectPaid(lane, order.data.inputToken, solver, order.data.inputAmount, submitter, () =>
      write(lane.chain.client, request),
    )
    order.status = intentOriginSettlerStatus.Claimed
    note('claim')
  }

  async function invalidClaim() {
    if (orders.length === 0) return open()
    const order = random.pick(orders)
    const lane = lanes[order.origin]!
    const solver = order.fill?.solver ?? accounts.solver
    const fillTime = order.fill?.fillTime ?? order.data.fillDeadline
    const message = { orderId: order.orderId, solver, fillTime }
    const chainId = lane.chain.chainId
    await tick(lane)
    if (order.status !== intentOriginSettlerStatus.Open) {
      const signatures = await signFill(chainId, d.origin, message)
      await expectRevert(
        lane.chain.client,
        claimRequest(lane.chain, order.orderId, solver, fillTime, signatures),
        'OrderNotOpen',
      )
      return note('claim: order settled')
    }
    const variant = random.int(0, 3)
    if (variant === 0) {
      const late = order.data.fillDeadline + 1
      const signatures = await signFill(chainId, d.origin, { ...message, fillTime: late })
      await expectRevert(
        lane.chain.client,
        claimRequest(lane.chain, order.orderId, solver, late, signatures),
        'FillAfterDeadline',
      )
      return note('claim: fill after deadline')
    }
    const otherChain = lanes[(order.origin + 1) % lanes.length]!.chain.chainId
    const forged = [
      () => signFill(chainId, d.origin, message, [impostor]),
      () => signFill(otherChain, d.origin, message),
      () => signNoFill(chainId, d.origin, order.orderId),
    ][variant - 1]!
    const signatures = await forged()
    await expectRevert(
      lane.chain.client,
      claimRequest(lane.chain, order.orderId, solver, fillTime, signatures),
      'InvalidAttestation',
    )
    note('claim: invalid attestation')
  }

  async function refundAttested() {
    // The attester signs no-fill only for an unfilled order whose deadline has passed on its destination.
    const candidates = orders.filter((o) => !o.fill && o.status === intentOriginSettlerStatus.Open)
    if (candidates.length === 0) return open()
    const order = random.pick(candidates)
    const target = lanes[order.dest]!
    if (target.clock <= order.data.fillDeadline)
      await warp(target, order.data.fillDeadline - target.clock + random.int(1, 60))
    const lane = lanes[order.origin]!
    const nudge = random.int(0, 5)
    await tick(lane, nudge === 0 ? order.data.fillDeadline : nudge === 1 ? order.data.fillDeadline + 1 : 0)
    const signatures = await signNoFill(lane.chain.chainId, d.origin, order.orderId)
    const submitter = random.pick(submitters)
    const request = refundRequest(lane.chain, order.orderId, signatures, { account: submitter })
    if (lane.clock <= order.data.fillDeadline) {
      await expectRevert(lane.chain.client, request, 'RefundNotYetAvailable')
      return note('refund: attested too early')
    }
    await expectPaid(lane, order.data.inputToken, order.data.user, order.data.inputAmount, submitter, () =>
      write(lane.chain.client, request),
    )
    order.status = intentOriginSettlerStatus.Refunded
    note('refund: attested')
  }

  async function refundExpired() {
    const candidates = orders.filter((o) => o.status === intentOriginSettlerStatus.Open)
    if (candidates.length === 0) return open()
    const order = random.pick(candidates)
    const lane = lanes[order.origin]!
    const nudge = random.int(0, 5)
    const { expires } = order.data
    await tick(lane, nudge === 0 ? expires : nudge === 1 ? expires + 1 : nudge === 2 ? expires + random.int(1, 600) : 0)
    const submitter = random.pick(submitters)
    const request = refundRequest(lane.chain, order.orderId, '0x', { account: submitter })
    if (lane.clock <= expires) {
      await expectRevert(lane.chain.client, request, 'RefundNotYetAvailable')
      return note('refund: before expires')
    }
    await expectPaid(lane, order.data.inputToken, order.data.user, order.data.inputAmount, submitter, () =>
      write(lane.chain.client, request),
    )
    order.status = intentOriginSettlerStatus.Refunded
    note(order.fill ? 'refund: expired after an unclaimed fill' : 'refund: expired')
  }

  async function invalidFill() {
    if (orders.length === 0) return open()
    const order = random.pick(orders)
    if (random.chance(0.5)) {
      const wrong = lanes.filter((_, i) => i !== order.dest)
      const lane = random.pick(wrong)
      await tick(lane)
      await expectRevert(lane.chain.client, fillRequest(lane.chain, order), 'WrongDestinationChain')
      return note('fill: wrong chain')
    }
    const lane = lanes[order.dest]!
    await tick(lane)
    const originData = encodeIntentOriginData({ ...order.data, outputAmount: order.data.outputAmount - 1n })
    await expectRevert(
      lane.chain.client,
      fillRequest(lane.chain, { orderId: order.orderId, originData }),
      'OrderIdMismatch',
    )
    note('fill: tampered originData')
  }

  async function settleUnknownOrSettled() {
    const lane = random.pick(lanes)
    const settled = orders.filter((o) => o.status !== intentOriginSettlerStatus.Open && lanes[o.origin] === lane)
    const id =
      settled.length > 0 && random.chance(0.7) ? random.pick(settled).orderId : keccak256(toHex(random.int(0, 1e9)))
    await tick(lane)
    await expectRevert(lane.chain.client, refundRequest(lane.chain, id, '0x'), 'OrderNotOpen')
    note('refund: not open')
  }

  async function donate() {
    const index = random.int(0, lanes.length - 1)
    const lane = lanes[index]!
    const token = random.pick([d.usdc, d.usdt, d.weth])
    const amount = amountOf(token)
    await tick(lane)
    await write(lane.chain.client, {
      address: token,
      abi: tetherLikeTokenAbi,
      functionName: 'transfer',
      args: [d.origin, amount],
      account: accounts.stranger,
    })
    const map = donations[index]!
    map.set(token, map.get(token)! + amount)
    note('donate')
  }

  async function timeWarp() {
    await warp(random.pick(lanes), random.int(1, 600))
    note('warp')
  }

  const actions: [number, () => Promise<void>][] = [
    [6, open],
    [6, fill],
    [4, claim],
    [2, refundAttested],
    [2, refundExpired],
    [3, timeWarp],
    [1, invalidFill],
    [1, settleUnknownOrSettled],
    [0.5, donate],
  ]
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0)
  const pickAction = () => {
    let x = (random.int(0, 1_000_000) / 1_000_001) * totalWeight
    for (const [weight, action] of actions) {
      if (x < weight) return action
      x -= weight
    }
    return open
  }

  // ---- invariants ----

  async function checkLane(index: number) {
    const lane = lanes[index]!
    const { client } = lane.chain
    const mine = orders.filter((o) => o.origin === index)
    const incoming = orders.filter((o) => o.dest === index)
    const erc20s = tokens.filter((t) => t !== NATIVE)
    const [escrows, fills, tokenBalances, originNative, destNative, latest] = await Promise.all([
      client.multicall({
        allowFailure: false,
        contracts: mine.map(
          (o) =>
            ({
              address: d.origin,
              abi: intentOriginSettlerAbi,
              functionName: 'escrows',
              args: [o.orderId],
            }) as const,
        ),
      }),
      client.multicall({
        allowFailure: false,
        contracts: incoming.map(
          (o) =>
            ({
              address: d.destination,
              abi: intentDestinationSettlerAbi,
              functionName: 'fills',
              args: [o.orderId],
            }) as const,
        ),
      }),
      client.multicall({
        allowFailure: false,
        contracts: [d.origin, d.destination].flatMap((holder) =>
          erc20s.map(
            (token) => ({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }) as const,
          ),
        ),
      }),
      client.getBalance({ address: d.origin }),
      client.getBalance({ address: d.destination }),
      client.getBlockNumber(),
    ])

    // Escrow solvency, per token: what the settler holds covers every open order, and is exactly that
    // plus what was sent to it outside any order.
    const held = new Map<Address, bigint>([[NATIVE, originNative]])
    erc20s.forEach((token, i) => {
      held.set(token, tokenBalances[i]!)
    })
    for (const token of tokens) {
      const owed = mine
        .filter((o) => o.status === intentOriginSettlerStatus.Open && o.data.inputToken === token)
        .reduce((sum, o) => sum + o.data.inputAmount, 0n)
      const balance = held.get(token)!
      expect(balance >= owed, `settler on ${lane.chain.chainId} is short of ${token}`).toBe(true)
      expect(balance, `settler balance of ${token} on ${lane.chain.chainId}`).toBe(owed + donations[index]!.get(token)!)
    }
    // The destination settler only forwards: it never keeps anything.
    expect([destNative, ...tokenBalances.slice(erc20s.length)]).toEqual(tokens.map(() => 0n))

    mine.forEach((order, i) => {
      const { status } = escrowFromTuple(escrows[i]!)
      expect([
        intentOriginSettlerStatus.Open,
        intentOriginSettlerStatus.Claimed,
        intentOriginSettlerStatus.Refunded,
      ]).toContain(status)
      expect(status, `status of ${order.orderId}`).toBe(order.status)
      const before = observed.get(order.orderId)
      if (before === intentOriginSettlerStatus.Claimed || before === intentOriginSettlerStatus.Refunded)
        expect(status).toBe(before)
      observed.set(order.orderId, status)
    })
    incoming.forEach((order, i) => {
      const [solver, fillTime] = fills[i]!
      expect(fillTime === 0 ? undefined : { solver, fillTime }, `fill of ${order.orderId}`).toEqual(order.fill)
    })

    if (latest === lane.checkedBlock) return
    const events = await client.getContractEvents({
      address: d.destination,
      abi: intentDestinationSettlerAbi,
      eventName: 'Filled',
      fromBlock: lane.checkedBlock + 1n,
      toBlock: latest,
    })
    lane.checkedBlock = latest
    for (const event of events) {
      const id = event.args.orderId!
      fillEvents.set(id, (fillEvents.get(id) ?? 0) + 1)
      expect(fillEvents.get(id), `fills of ${id}`).toBe(1)
    }
  }

  async function checkInvariants() {
    await Promise.all(lanes.map((_, i) => checkLane(i)))
    for (const order of orders) {
      // Claimed only if filled: the destination's own record, read above, matches order.fill.
      if (order.status === intentOriginSettlerStatus.Claimed)
        expect(order.fill, `claimed ${order.orderId} was filled`).toBeDefined()
      expect(fillEvents.get(order.orderId) ?? 0).toBe(order.fill ? 1 : 0)
    }
  }

  for (let step = 0; step < STEPS; step++) {
    const action = pickAction()
    try {
      await action()
      await checkInvariants()
    } catch (error) {
      const recent = history.slice(-15).join(' | ')
      throw new Error(`seed ${SEED}, step ${step} (${action.name}); recent: ${recent}`, { cause: error })
    }
  }

  const summary = Object.fromEntries([...outcomes].sort(([x], [y]) => x.localeCompare(y)))
  console.log(`invariants: ${orders.length} orders`, summary)
  // The run must have exercised the paths the invariants are about.
  for (const outcome of ['open', 'fill', 'fill: duplicate', 'claim', 'refund: attested', 'refund: expired']) {
    expect(outcomes.get(outcome) ?? 0, `never saw "${outcome}"`).toBeGreaterThan(0)
  }
})
