import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  keccak256,
  parseAbi,
  stringToHex,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_ACCOUNT, FIXTURE_DEPOSIT_TX, FIXTURE_FILL_TX } from '../../../test/fixtures/index.ts'
import { type ProductionTestbed, startProductionTestbed } from '../../../test/support/productionTestbed.ts'
import { applySwapEvent } from '../../records/swapMachine.ts'
import type { QuoteRequest, Route } from '../../routes/types.ts'
import { prepareDeposit } from '../../signing/checkDeposit.ts'
import { executeRoute } from '../../swaps/execute/executeRoute.ts'
import type { WalletAdapter } from '../../swaps/walletAdapter.ts'
import { RELAY_DEPOSITORY } from './relayConfig.ts'
import { relayDepositoryAbi } from './relayDeposit.ts'
import { relayFixtures } from './relayFixtures.ts'
import { relayOrderId } from './relayOrder.ts'
import type { RelayOrder } from './relaySchemas.ts'

/**
 * Hostile Relay answers, as a compromised API (or proxy, or plain-http URL) could send them: each one is refused
 * with its code by the adapter when it quotes, and by `executeRoute` before the wallet is asked for anything.
 * The contracts' own ABIs make the calldata: the depository (relay-depository RelayDepository.sol), the v3
 * approval proxy and router (relayprotocol/relay-periphery src/v3).
 */

const ATTACKER: Address = '0x000000000000000000000000000000000000bEEF'
const ARBITRUM_USDT: Address = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const BASE_WETH = '0x4200000000000000000000000000000000000006'
/** Relay's v3 approval proxy and router, and its solver, on every chain here (docs.relay.link, contract addresses). */
const V3_APPROVAL_PROXY: Address = '0xCcC88a9d1B4ED6b0EABA998850414b24f1c315bE'
const V3_ROUTER: Address = '0xb92fe925DC43a0ECdE6c8b1a2709c170Ec4fFf4f'
const SOLVER: Address = '0xf70da97812CB96acDF810712Aa562db8dfA3dbEF'
const USDC_AMOUNT = 100_000_000n
const ETH_AMOUNT = 10_000_000_000_000_000n

const relayRouterV3Abi = parseAbi([
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'function multicall(Call3Value[] calls, address refundTo, address nftRecipient, bytes metadata) payable',
  'function transferAndMulticall(address[] tokens, uint256[] amounts, Call3Value[] calls, address refundTo, address nftRecipient, bytes metadata) payable',
])
/** The depository's other `depositErc20`, which deposits the whole allowance. */
const allowanceDepositAbi = parseAbi(['function depositErc20(address depositor, address token, bytes32 id)'])

type Quote = typeof relayFixtures.quoteUsdc | typeof relayFixtures.quoteEth
type DepositTx = { to?: string; data?: Hex; value?: string }

let bed: ProductionTestbed
beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({
    'POST /relay/quote/v2': { body: relayFixtures.quoteUsdc },
    '/relay/intents/status/v3': { body: relayFixtures.status.pending },
  })
})

const usdc = (): QuoteRequest => bed.usdcRequest
const eth = (): QuoteRequest => ({
  ...bed.usdcRequest,
  origin: bed.token(42161, 'native'),
  destination: bed.token(8453, 'native'),
  amount: ETH_AMOUNT,
})
const orderOf = (quote: Quote) => quote.protocol.v2.orderData as RelayOrder
const orderIdOf = (quote: Quote) => quote.protocol.v2.orderId as Hex

/** The quote with its deposit transaction changed. */
function withDeposit<Q extends Quote>(quote: Q, change: DepositTx): Q {
  const steps = quote.steps.map((step) =>
    step.id === 'deposit'
      ? { ...step, items: step.items.map((item) => ({ ...item, data: { ...item.data, ...change } })) }
      : step,
  )
  return { ...quote, steps } as Q
}
/** The quote without its approve step. */
const withoutApproval = <Q extends Quote>(quote: Q): Q =>
  ({ ...quote, steps: quote.steps.filter((step) => step.id !== 'approve') }) as Q
/** The quote with its approve step naming another spender. */
function approving<Q extends Quote>(quote: Q, spender: Address): Q {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, USDC_AMOUNT] })
  const steps = quote.steps.map((step) =>
    step.id === 'approve'
      ? { ...step, items: step.items.map((item) => ({ ...item, data: { ...item.data, data } })) }
      : step,
  )
  return { ...quote, steps } as Q
}

const depositErc20 = (depositor: Address, token: Address, amount: bigint, id: Hex) =>
  encodeFunctionData({ abi: relayDepositoryAbi, functionName: 'depositErc20', args: [depositor, token, amount, id] })
const depositNative = (depositor: Address, id: Hex) =>
  encodeFunctionData({ abi: relayDepositoryAbi, functionName: 'depositNative', args: [depositor, id] })

/**
 * The quote with its order changed. `consistent`: the attacker also puts the new order's id in the protocol block
 * and in the deposit calldata (a well-made forgery); otherwise only the order changes.
 */
function withOrder<Q extends Quote>(quote: Q, change: (order: RelayOrder) => RelayOrder, consistent = true): Q {
  const order = change(structuredClone(orderOf(quote)))
  const changed = { ...quote, protocol: { v2: { ...quote.protocol.v2, orderData: order } } } as Q
  if (!consistent) return changed
  const id = relayOrderId(order)
  const deposit = quote.steps.find((step) => step.id === 'deposit')?.items[0]?.data as { data: Hex }
  const reId = { ...changed, protocol: { v2: { ...changed.protocol.v2, orderId: id } } } as Q
  return withDeposit(reId, { data: `${deposit.data.slice(0, -64)}${id.slice(2)}` as Hex })
}
const paying = (change: Partial<RelayOrder['output']['payments'][number]>) => (order: RelayOrder) => ({
  ...order,
  output: { ...order.output, payments: order.output.payments.map((payment) => ({ ...payment, ...change })) },
})

/** A worthless token, as a hostile order names it for the person's refund. */
const ATTACKER_TOKEN = '0x000000000000000000000000000000000000dead'
type Refund = RelayOrder['inputs'][number]['refunds'][number]
/** The order's refunds replaced with what `change` makes of the origin refund (the first) and all of them. */
const refunding = (change: (origin: Refund, all: Refund[]) => Refund[]) => (order: RelayOrder) => ({
  ...order,
  inputs: order.inputs.map((input) => ({ ...input, refunds: change(input.refunds[0] as Refund, input.refunds) })),
})
const fillBy = (deadline: () => number) => (order: RelayOrder) => ({
  ...order,
  output: { ...order.output, deadline: deadline() },
})

/**
 * Each attack: the request, the hostile answer, and the code it is refused with (`code/field` for a signed
 * mismatch whose field matters: the order is refused for that reason, not another).
 */
const attacks: [string, string, () => { request: QuoteRequest; quote: Quote }][] = [
  [
    'depositErc20 crediting another depositor',
    'signedMismatch',
    () => {
      const q = relayFixtures.quoteUsdc
      const data = depositErc20(ATTACKER, bed.usdcRequest.origin.address, USDC_AMOUNT, orderIdOf(q))
      return { request: usdc(), quote: withDeposit(q, { data }) }
    },
  ],
  [
    'depositNative crediting another depositor',
    'signedMismatch',
    () => {
      const q = relayFixtures.quoteEth
      return { request: eth(), quote: withDeposit(q, { data: depositNative(ATTACKER, orderIdOf(q)) }) }
    },
  ],
  [
    'depositErc20 of another token',
    'signedMismatch',
    () => {
      const q = relayFixtures.quoteUsdc
      return {
        request: usdc(),
        quote: withDeposit(q, { data: depositErc20(FIXTURE_ACCOUNT, ARBITRUM_USDT, USDC_AMOUNT, orderIdOf(q)) }),
      }
    },
  ],
  [
    'depositErc20 of another amount',
    'signedMismatch',
    () => {
      const q = relayFixtures.quoteUsdc
      const data = depositErc20(FIXTURE_ACCOUNT, bed.usdcRequest.origin.address, 1n, orderIdOf(q))
      return { request: usdc(), quote: withDeposit(q, { data }) }
    },
  ],
  [
    'depositErc20 under another order id (a real order paying someone else)',
    'signedMismatch',
    () => {
      const q = relayFixtures.quoteUsdc
      const other = keccak256(stringToHex('an order that pays the attacker'))
      const data = depositErc20(FIXTURE_ACCOUNT, bed.usdcRequest.origin.address, USDC_AMOUNT, other)
      return { request: usdc(), quote: withDeposit(q, { data }) }
    },
  ],
  [
    'an order paying another recipient, its id forged to match',
    'signedMismatch',
    () => ({ request: usdc(), quote: withOrder(relayFixtures.quoteUsdc, paying({ recipient: ATTACKER })) }),
  ],
  [
    'an order paying another recipient, the deposit keeping the real id',
    'signedMismatch',
    () => ({ request: usdc(), quote: withOrder(relayFixtures.quoteUsdc, paying({ recipient: ATTACKER }), false) }),
  ],
  [
    'an order paying another currency',
    'signedMismatch',
    () => ({ request: usdc(), quote: withOrder(relayFixtures.quoteUsdc, paying({ currency: BASE_WETH })) }),
  ],
  [
    'an order delivering on another chain',
    'signedMismatch',
    () => ({
      request: usdc(),
      quote: withOrder(relayFixtures.quoteUsdc, (order) => ({
        ...order,
        output: { ...order.output, chainId: 'optimism' },
      })),
    }),
  ],
  [
    'an order paying less than the route shows',
    'signedMismatch',
    () => ({ request: usdc(), quote: withOrder(relayFixtures.quoteUsdc, paying({ minimumAmount: '1' })) }),
  ],
  [
    'an order with a call on the destination',
    'signedMismatch',
    () => ({
      request: usdc(),
      quote: withOrder(relayFixtures.quoteUsdc, (order) => ({
        ...order,
        output: {
          ...order.output,
          calls: [encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, 1n] })],
        },
      })),
    }),
  ],
  [
    'an order refunding someone else',
    'signedMismatch',
    () => ({
      request: usdc(),
      quote: withOrder(relayFixtures.quoteUsdc, (order) => ({
        ...order,
        inputs: order.inputs.map((input) => ({
          ...input,
          refunds: input.refunds.map((refund) => ({ ...refund, recipient: ATTACKER })),
        })),
      })),
    }),
  ],
  [
    'an order whose only refund pays the person 1 wei of another token on the origin',
    'signedMismatch/refund',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        refunding((refund) => [{ ...refund, currency: ATTACKER_TOKEN }]),
      ),
    }),
  ],
  [
    'an order refunding in another token on the destination',
    'signedMismatch/refund',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        refunding((refund) => [refund, { ...refund, chainId: 'base', currency: ATTACKER_TOKEN }]),
      ),
    }),
  ],
  [
    'an order with no refund at all',
    'signedMismatch/refund',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        refunding(() => []),
      ),
    }),
  ],
  [
    'an order refunding only on the destination (no way back on the origin)',
    'signedMismatch/refund',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        refunding((refund, all) => all.filter((one) => one.chainId !== refund.chainId)),
      ),
    }),
  ],
  [
    'an order whose fill deadline has passed (only a refund is left)',
    'signedMismatch/deadline',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        fillBy(() => 1),
      ),
    }),
  ],
  [
    'an order whose fill deadline passed ten minutes ago (more than any clock difference)',
    'signedMismatch/deadline',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        fillBy(() => Math.floor(Date.now() / 1000) - 600),
      ),
    }),
  ],
  [
    "an order whose origin refund's deadline has passed",
    'signedMismatch/deadline',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        refunding((refund, all) => all.map((one) => (one === refund ? { ...one, deadline: 1 } : one))),
      ),
    }),
  ],
  [
    // The review's shape: the attacker's own solver, the refund floors at "0" as Relay's real orders carry them, and
    // the attacker's fill contract. By Relay's oracle that solver may "refund" nothing and be credited the deposit.
    "an order settled by the attacker's own solver, through the attacker's fill contract",
    'signedMismatch/settler',
    () => ({
      request: usdc(),
      quote: withOrder(relayFixtures.quoteUsdc, (order) => ({
        ...order,
        solver: ATTACKER.toLowerCase(),
        output: { ...order.output, extraData: `0x${ATTACKER.slice(2).toLowerCase().padStart(64, '0')}` },
      })),
    }),
  ],
  [
    "an order naming Relay's solver, accounted on another chain",
    'signedMismatch/settler',
    () => ({
      request: usdc(),
      quote: withOrder(relayFixtures.quoteUsdc, (order) => ({ ...order, solverChainId: 'optimism' })),
    }),
  ],
  [
    'an order naming another solver, everything else as Relay makes it',
    'signedMismatch/settler',
    () => ({ request: usdc(), quote: withOrder(relayFixtures.quoteUsdc, (order) => ({ ...order, solver: ATTACKER })) }),
  ],
  [
    "an order filled through the attacker's contract (output extraData)",
    'signedMismatch/settler',
    () => ({
      request: usdc(),
      quote: withOrder(relayFixtures.quoteUsdc, (order) => ({
        ...order,
        output: { ...order.output, extraData: `0x${ATTACKER.slice(2).padStart(64, '0')}` },
      })),
    }),
  ],
  [
    "an order refunded through the attacker's contract (refund extraData)",
    'signedMismatch/settler',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        refunding((refund, all) => all.map((one) => (one === refund ? { ...one, extraData: '0x' } : one))),
      ),
    }),
  ],
  [
    'an order paying the attacker a protocol fee out of the deposit',
    'signedMismatch/settler',
    () => ({
      request: usdc(),
      quote: withOrder(relayFixtures.quoteUsdc, (order) => ({
        ...order,
        fees: [
          {
            recipientChainId: 'base',
            recipient: ATTACKER.toLowerCase(),
            currencyChainId: 'arbitrum',
            currency: bed.usdcRequest.origin.address.toLowerCase(),
            amount: USDC_AMOUNT.toString(),
          },
        ],
      })),
    }),
  ],
  [
    'an order whose fill deadline is thirty days out (the deposit held for a month)',
    'signedMismatch/deadline',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        fillBy(() => Math.floor(Date.now() / 1000) + 30 * 86_400),
      ),
    }),
  ],
  [
    'an order whose origin refund opens only in 2100',
    'signedMismatch/deadline',
    () => ({
      request: usdc(),
      quote: withOrder(
        relayFixtures.quoteUsdc,
        refunding((refund, all) => all.map((one) => (one === refund ? { ...one, deadline: 4_102_444_800 } : one))),
      ),
    }),
  ],
  [
    'a depository deposit without its protocol order',
    'invalidQuote',
    () => {
      const { protocol: _p, ...q } = relayFixtures.quoteUsdc
      return { request: usdc(), quote: q as Quote }
    },
  ],
  [
    'ApprovalProxy.transferAndMulticall moving the approved USDC to another address',
    'unknownContract',
    () => {
      const token = bed.usdcRequest.origin.address
      const data = encodeFunctionData({
        abi: relayRouterV3Abi,
        functionName: 'transferAndMulticall',
        args: [
          [token],
          [USDC_AMOUNT],
          [
            {
              target: token,
              allowFailure: false,
              value: 0n,
              callData: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, USDC_AMOUNT] }),
            },
          ],
          FIXTURE_ACCOUNT,
          FIXTURE_ACCOUNT,
          '0x',
        ],
      })
      const q = approving(relayFixtures.quoteUsdc, V3_APPROVAL_PROXY)
      return { request: usdc(), quote: withDeposit(q, { to: V3_APPROVAL_PROXY, data }) }
    },
  ],
  [
    'RelayRouter.multicall sending the ETH to another address',
    'unknownContract',
    () => {
      const data = encodeFunctionData({
        abi: relayRouterV3Abi,
        functionName: 'multicall',
        args: [
          [{ target: ATTACKER, allowFailure: false, value: ETH_AMOUNT, callData: '0x' }],
          FIXTURE_ACCOUNT,
          FIXTURE_ACCOUNT,
          '0x',
        ],
      })
      return { request: eth(), quote: withDeposit(relayFixtures.quoteEth, { to: V3_ROUTER, data }) }
    },
  ],
  [
    'no approve step, the deposit to the approval proxy (the app would approve the proxy itself)',
    'unknownContract',
    () => {
      const q = withoutApproval(relayFixtures.quoteUsdc)
      const token = bed.usdcRequest.origin.address
      const data = encodeFunctionData({
        abi: relayRouterV3Abi,
        functionName: 'transferAndMulticall',
        args: [[token], [USDC_AMOUNT], [], ATTACKER, ATTACKER, '0x'],
      })
      return { request: usdc(), quote: withDeposit(q, { to: V3_APPROVAL_PROXY, data }) }
    },
  ],
  [
    'a plain native transfer to the solver carrying a request id',
    'unknownContract',
    () => {
      const q = relayFixtures.quoteEth
      return { request: eth(), quote: withDeposit(q, { to: SOLVER, data: q.steps[0]?.requestId as Hex }) }
    },
  ],
  [
    'the depository’s allowance-wide depositErc20 (another selector)',
    'unknownContract',
    () => {
      const q = relayFixtures.quoteUsdc
      const data = encodeFunctionData({
        abi: allowanceDepositAbi,
        functionName: 'depositErc20',
        args: [FIXTURE_ACCOUNT, bed.usdcRequest.origin.address, orderIdOf(q)],
      })
      return { request: usdc(), quote: withDeposit(q, { data }) }
    },
  ],
  [
    'an unknown selector on the depository',
    'unknownContract',
    () => ({ request: usdc(), quote: withDeposit(relayFixtures.quoteUsdc, { data: '0xdeadbeef' }) }),
  ],
]

/** A wallet that records what it would be asked to sign. */
const recordingWallet = (): WalletAdapter & { sendTransaction: ReturnType<typeof vi.fn> } => ({
  account: FIXTURE_ACCOUNT,
  getChainId: async () => 42161,
  switchChain: async () => {},
  sendTransaction: vi.fn(async () => FIXTURE_DEPOSIT_TX),
})

/**
 * The honest route with the hostile deposit in its data, as an adapter that skipped the quote-time check would
 * have carried it to `executeRoute`.
 */
function carrying(route: Route, quote: Quote): Route {
  const deposit = quote.steps.find((step) => step.id === 'deposit')?.items[0]?.data as DepositTx
  const v2 = (quote as { protocol?: { v2?: { orderData?: unknown; orderId?: string } } }).protocol?.v2
  const { order: _o, orderId: _i, ...data } = route.data
  return {
    ...route,
    depositAddress: getAddress(deposit.to as string),
    data: {
      ...data,
      transaction: { to: deposit.to, data: deposit.data, value: deposit.value ?? '0' },
      ...(v2?.orderData ? { order: v2.orderData, orderId: v2.orderId } : {}),
    },
  }
}

describe('hostile Relay quotes', () => {
  it.each(attacks)('%s: refused (%s) by the adapter and by executeRoute, nothing signed', async (_name, code, make) => {
    const { request, quote } = make()
    const honest = request.origin.kind === 'native' ? relayFixtures.quoteEth : relayFixtures.quoteUsdc
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: honest } })
    const route = (await bed.relay.getQuote(request)) as Route
    expect(route).toBeDefined()

    const [errorCode, field] = code.split('/')
    const refusal = { code: errorCode, ...(field ? { field } : {}) }
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: quote } })
    await expect(bed.relay.getQuote(request)).rejects.toMatchObject(refusal)

    // executeRoute: a route that carries the hostile deposit, and a stale route refreshed into the hostile quote.
    for (const [reviewed, refresh] of [
      [carrying(route, quote), async () => undefined],
      [{ ...route, expiresAt: Date.now() - 1 }, () => bed.relay.getQuote(request)],
    ] as const) {
      const wallet = recordingWallet()
      const onUpdate = vi.fn()
      const error = await executeRoute({
        route: reviewed,
        provider: bed.relay,
        wallet,
        clients: bed.clients,
        refreshRoute: refresh,
        onUpdate,
      }).catch((e: unknown) => e)
      expect(error).toMatchObject(refusal)
      expect(wallet.sendTransaction).not.toHaveBeenCalled()
      expect(onUpdate).not.toHaveBeenCalled()
    }
  })

  it("still takes an honest order on a device whose clock is minutes ahead of Relay's", async () => {
    // By this device's clock the order's deadline passed two minutes ago: Relay's clock is behind, not the order.
    const skewed = withOrder(
      relayFixtures.quoteUsdc,
      fillBy(() => Math.floor(Date.now() / 1000) - 120),
    )
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: skewed } })
    await expect(bed.relay.getQuote(usdc())).resolves.toMatchObject({ providerId: 'relay' })
  })

  it('still takes the honest answers: a zero depositor is the sender, and the ETH deposit is signed as quoted', async () => {
    const zero = withDeposit(relayFixtures.quoteUsdc, {
      data: depositErc20(zeroAddress, bed.usdcRequest.origin.address, USDC_AMOUNT, orderIdOf(relayFixtures.quoteUsdc)),
    })
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: zero } })
    const route = (await bed.relay.getQuote(usdc())) as Route
    const { plan, decoded } = await prepareDeposit(bed.relay, route)
    expect(plan.approval).toMatchObject({ spender: RELAY_DEPOSITORY, amount: USDC_AMOUNT })
    expect(decoded).toMatchObject({
      contract: RELAY_DEPOSITORY,
      contractName: 'Relay Depository',
      functionName: 'depositErc20',
      recipient: getAddress(FIXTURE_ACCOUNT),
      destinationChainId: 8453,
      inputAmount: USDC_AMOUNT,
      refundTo: FIXTURE_ACCOUNT,
      output: { token: getAddress(bed.usdcRequest.destination.address), amount: route.minOutputAmount },
      destinationCall: false,
    })

    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: relayFixtures.quoteEth } })
    const wallet = recordingWallet()
    const ethRoute = (await bed.relay.getQuote(eth())) as Route
    await executeRoute({
      route: ethRoute,
      provider: bed.relay,
      wallet,
      clients: bed.clients,
      refreshRoute: async () => undefined,
      onUpdate: () => {},
    })
    const deposit = relayFixtures.quoteEth.steps[0]?.items[0]?.data
    expect(wallet.sendTransaction).toHaveBeenCalledTimes(1)
    expect(wallet.sendTransaction).toHaveBeenCalledWith({
      chainId: 42161,
      to: RELAY_DEPOSITORY,
      data: deposit?.data,
      value: ETH_AMOUNT,
    })
  })
})

describe('hostile Relay status answers', () => {
  const success = (change: { inTxHashes?: string[]; txHashes?: string[]; originChainId?: number }) => ({
    ...relayFixtures.status.success,
    inTxHashes: [FIXTURE_DEPOSIT_TX],
    txHashes: [FIXTURE_FILL_TX],
    ...change,
  })

  it.each([
    ['names another deposit in inTxHashes', { inTxHashes: [`0x${'ab'.repeat(32)}`] }],
    ['names no deposit at all', { inTxHashes: [] }],
    ['is about another origin chain', { originChainId: 10 }],
  ])('a success that %s is refused (invalidResponse), and the swap is not Completed', async (_case, change) => {
    bed.server.setRoutes({ '/relay/intents/status/v3': { body: success(change) } })
    const record = bed.depositedRecord('relay')
    await expect(bed.relay.track(record)).rejects.toMatchObject({ code: 'invalidResponse' })
    await expect(bed.trackOnce('relay')).rejects.toMatchObject({ code: 'invalidResponse' })
  })

  it('a success whose fill is not on the destination chain stays Swapping, with the words why', async () => {
    // The "fill" is the deposit itself: a transaction on Arbitrum, not on Base.
    bed.server.setRoutes({ '/relay/intents/status/v3': { body: success({ txHashes: [FIXTURE_DEPOSIT_TX] }) } })
    expect(await bed.relay.track(bed.depositedRecord('relay'))).toEqual({
      type: 'pending',
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
    expect((await bed.trackOnce('relay')).status).toBe('deposited')
  })

  it('a success about this deposit, its fill on Base paying the recipient, is Completed', async () => {
    bed.server.setRoutes({ '/relay/intents/status/v3': { body: success({}) } })
    const record = bed.depositedRecord('relay')
    const event = await bed.relay.track(record)
    expect(event).toMatchObject({ type: 'delivered', deliveryTx: FIXTURE_FILL_TX })
    expect(applySwapEvent(record, event)).toMatchObject({ status: 'completed', deliveryTx: FIXTURE_FILL_TX })
  })
})
