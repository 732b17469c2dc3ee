import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devTokenAbi, intentOriginSettlerAbi, poolBridgeAbi, poolBridgeBytecode } from '@multi-bridge/contracts'
import { DEVNET_ACCOUNTS, devnetAccount, POOL_PARAMETERS, SAFETY_DELAYS } from '@multi-bridge/devnet'
import { ATTESTER_NAMES, type Network, startNetwork } from '@multi-bridge/services'
import {
  type Address,
  createTestClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  isAddressEqual,
  keccak256,
  parseUnits,
  publicActions,
  TransactionReceiptNotFoundError,
  toHex,
  walletActions,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applySwapEvent,
  BatchIncompleteError,
  type ChainClients,
  createChainClients,
  createLocalWalletProvider,
  createProviders,
  createSwapClient,
  createSwapStore,
  createSwapTracker,
  createTokenRefResolver,
  DepositWouldRevertError,
  decodeIntentOrderData,
  type ExecuteRouteParameters,
  executeRoute,
  fetchRoutes,
  findSwap,
  GaslessRefusedError,
  HttpAbortError,
  INTENT_PROVIDER_ID,
  isGaslessSwap,
  isUserRejection,
  type Manifest,
  manifestChainToViem,
  NATIVE_TOKEN_ADDRESS,
  NotSwapOwnerError,
  POOL_PROVIDER_ID,
  prepareDeposit,
  QuoteChangedError,
  QuoteExpiredError,
  type QuoteRequest,
  RefundNotAvailableError,
  ReviewMismatchError,
  type Route,
  type RouteProvider,
  RouteUnavailableError,
  requoteRoute,
  SenderMismatchError,
  ServiceUnreachableError,
  SignedMismatchError,
  type SwapRecord,
  sendRefund,
  simulateDeposit,
  type TokenRef,
  UnknownContractError,
  WrongChainError,
} from '../src/index.ts'
import { encodeIntentOrderData } from '../src/protocols/intent.ts'
import { eip1193WalletAdapter } from './eip1193Wallet.ts'
import { createNodeWallet } from './nodeWallet.ts'
import { startLimitedNode } from './support/limitedNode.ts'
import { restoreWith } from './support/restoreWith.ts'
import { storedExecution } from './support/storedExecution.ts'

let network: Network
let stateDir: string
let manifest: Manifest
let clients: ChainClients
let providers: Map<string, RouteProvider>

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'multibridge-core-'))
  network = await startNetwork({ stateDir })
  manifest = network.manifest
  clients = createChainClients(manifest)
  providers = await createProviders({ manifest, clients })
})
afterAll(async () => {
  await network?.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

const chain = (i: number) => manifest.chains[i]!
const token = (i: number, kind: TokenRef['kind']): TokenRef => {
  const t = chain(i).tokens.find((x) => x.kind === kind)!
  return { chainId: chain(i).id, address: t.address, symbol: t.symbol, decimals: t.decimals, kind: t.kind }
}
const provider = (id: string) => providers.get(id)!
const usdc = (whole: string) => parseUnits(whole, 6)

async function balance(t: TokenRef, owner: Address): Promise<bigint> {
  const client = clients.get(t.chainId)!
  if (isAddressEqual(t.address, NATIVE_TOKEN_ADDRESS)) return client.getBalance({ address: owner })
  return client.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/** Executes the route once, without tracking: its provider, no updates, and the route itself when re-quoted. */
const execute = (
  route: Route,
  wallet: ReturnType<typeof createNodeWallet>['wallet'],
  overrides: Partial<ExecuteRouteParameters> = {},
) =>
  executeRoute({
    route,
    provider: provider(route.providerId),
    wallet,
    clients,
    refreshRoute: async () => route,
    onUpdate: () => undefined,
    ...overrides,
  })

/** Executes the route (through `executing`: its provider unless said), then tracks it until `until` holds. */
async function runSwap(
  route: Route,
  wallet: ExecuteRouteParameters['wallet'],
  until: SwapRecord['status'] | SwapRecord['status'][],
  executing: RouteProvider = provider(route.providerId),
) {
  const store = createSwapStore()
  const updates: SwapRecord[] = []
  const record = await executeRoute({
    route,
    ...storedExecution(store, route, wallet.account),
    provider: executing,
    wallet,
    clients,
    refreshRoute: () => requoteRoute(provider(route.providerId), route),
    onUpdate: (r) => updates.push(r),
  })
  const tracker = createSwapTracker({ store, providers, manifest })
  tracker.track(record.key)
  const deadline = Date.now() + 90_000
  const done = (status: SwapRecord['status'] | undefined) => status !== undefined && [until].flat().includes(status)
  while (!done(store.getState().swaps[record.key]?.status)) {
    if (Date.now() > deadline) throw new Error(`swap stuck at ${store.getState().swaps[record.key]?.status}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  tracker.stop()
  return { record: store.getState().swaps[record.key]!, updates, store }
}

/** The quote as an order above the solver's inventory on the destination: nobody fills it. */
const unfillable = (quoted: Route, recipient: Address, times: { fillDeadline: number; expires: number }): Route => ({
  ...quoted,
  request: { ...quoted.request, amount: usdc('300000'), recipient },
  outputAmount: usdc('299000'),
  minOutputAmount: usdc('299000'),
  data: times,
})

/** Moves every chain's clock forward by the same amount and mines past its finality depth. */
async function advanceClocks(seconds: number) {
  await Promise.all(
    manifest.chains.map(async (c) => {
      const client = clients.get(c.id)!
      await client.request({ method: 'evm_increaseTime' as never, params: [seconds] as never })
      await client.request({ method: 'anvil_mine' as never, params: [(c.confirmations ?? 0) + 1] as never })
    }),
  )
}

/** The pool owner's scheduled change of fee and windows on chain `i`, applied after the admin delay. */
async function changePoolFee(i: number, feeBps: number) {
  const owner = createNodeWallet(manifest, devnetAccount(DEVNET_ACCOUNTS.deployer), chain(i).id).wallet
  const pool = chain(i).contracts.poolBridge as Address
  const call = async (functionName: 'scheduleParameters' | 'setParameters') => {
    const hash = await owner.sendTransaction({
      chainId: chain(i).id,
      to: pool,
      data: encodeFunctionData({
        abi: poolBridgeAbi,
        functionName,
        args: [feeBps, POOL_PARAMETERS.releaseWindow, POOL_PARAMETERS.refundDelay],
      }),
      value: 0n,
    })
    const receipt = await clients.get(chain(i).id)!.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
  }
  await call('scheduleParameters')
  await advanceClocks(SAFETY_DELAYS.adminDelay)
  await call('setParameters')
}

/** The chain clients with chain `i` behind a node that lacks `missing` (e.g. one that cannot simulate). */
async function clientsWithout(missing: string[], i: number) {
  const node = await startLimitedNode(chain(i).rpcUrls[0]!, missing)
  const limited = createChainClients({
    ...manifest,
    chains: manifest.chains.map((c, index) => (index === i ? { ...c, rpcUrls: [node.url] } : c)),
  })
  return { limited, stop: node.stop }
}

/** One look by the swap's provider, through the state machine (what the tracker does each time). */
async function lookOnce(record: SwapRecord): Promise<SwapRecord> {
  if (record.status === 'signing' || record.status === 'failed') throw new Error(`${record.status} is not tracked`)
  return applySwapEvent(record, await provider(record.providerId).track(record))
}

/** Asks for the refund until the provider allows it (within a minute), as the Refund button would. */
async function refundWhenAvailable(swap: SwapRecord, wallet: ReturnType<typeof createNodeWallet>['wallet']) {
  const deadline = Date.now() + 60_000
  let record = swap
  for (;;) {
    if (record.status !== 'refundable') record = await lookOnce(record)
    const refund = await sendRefund({ record, provider: provider(record.providerId), wallet, clients }).catch(
      (error) => {
        if (error instanceof RefundNotAvailableError && Date.now() < deadline) return undefined
        throw error
      },
    )
    if (refund) return refund
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

const request = (overrides: Partial<QuoteRequest> & Pick<QuoteRequest, 'origin' | 'destination' | 'amount'>) => ({
  sender: devnetAccount(5).address,
  recipient: devnetAccount(5).address,
  ...overrides,
})

describe('routes', () => {
  it('asks every provider at once and ranks routes by amount received, or by speed', async () => {
    const seen: string[] = []
    const { routes, outcomes } = await fetchRoutes({
      request: request({ origin: token(0, 'usdc'), destination: token(1, 'usdc'), amount: usdc('100') }),
      providers: [...providers.values()],
      onUpdate: (_ranked, outcome) => seen.push(outcome.providerId),
    })
    expect(new Set(seen)).toEqual(new Set([INTENT_PROVIDER_ID, POOL_PROVIDER_ID]))
    expect(outcomes.every((o) => o.status === 'route')).toBe(true)
    // USDC has EIP-3009: the intent quote also comes as a gasless route, for less (the open's fee).
    const [plain, gasless] = [routes.filter((r) => !r.gasless), routes.filter((r) => r.gasless)]
    expect(plain).toHaveLength(2)
    expect(gasless.map((r) => r.providerId)).toEqual([INTENT_PROVIDER_ID])
    const intent = plain.find((r) => r.providerId === INTENT_PROVIDER_ID)!
    expect(gasless[0]!.outputAmount).toBe(intent.outputAmount - gasless[0]!.gasless!.openFee)
    expect(routes[0]!.minOutputAmount >= routes[1]!.minOutputAmount).toBe(true)
    const fastest = await fetchRoutes({
      request: request({ origin: token(0, 'usdc'), destination: token(1, 'usdc'), amount: usdc('100') }),
      providers: [...providers.values()],
      preference: 'fastest',
    })
    expect(fastest.routes[0]!.estimatedSeconds <= fastest.routes[1]!.estimatedSeconds).toBe(true)
  })

  it('only the intent bridge changes the token; the pool bridge has no route for it', async () => {
    const { routes, outcomes } = await fetchRoutes({
      request: request({ origin: token(0, 'usdc'), destination: token(1, 'native'), amount: usdc('100') }),
      providers: [...providers.values()],
    })
    expect(routes.filter((r) => !r.gasless).map((r) => r.providerId)).toEqual([INTENT_PROVIDER_ID])
    expect(outcomes.find((o) => o.providerId === POOL_PROVIDER_ID)?.status).toBe('none')
  })

  it('gas on arrival: the intent route carries the gas and its fee, ranked at its value; the pool route says it has none', async () => {
    const { routes } = await fetchRoutes({
      request: request({
        origin: token(0, 'usdc'),
        destination: token(1, 'usdc'),
        amount: usdc('100'),
        gasOnArrival: true,
      }),
      providers: [...providers.values()],
    })
    // The gas counts at its value, never first by itself: 100 USDC gives about 96.4 USDC and $3 of ETH through the
    // solver (its fill's larger gas fee at the chain's price), worth less than the pool's 99.7 USDC.
    expect(routes.map((r) => [r.providerId, r.gasOnArrival?.status])).toEqual([
      [POOL_PROVIDER_ID, 'unavailable'],
      [INTENT_PROVIDER_ID, 'included'],
    ])
    const intent = routes.find((r) => r.providerId === INTENT_PROVIDER_ID)
    expect(intent?.gasOnArrival).toEqual({ status: 'included', token: token(1, 'native'), amount: 10n ** 15n })
    expect(intent?.fees.find((fee) => fee.label === 'Gas on arrival fee')?.amount).toBe(usdc('3'))
    // Not asked: no route mentions gas.
    const plain = await fetchRoutes({
      request: request({ origin: token(0, 'usdc'), destination: token(1, 'usdc'), amount: usdc('100') }),
      providers: [...providers.values()],
    })
    expect(plain.routes.every((r) => r.gasOnArrival === undefined)).toBe(true)
    // The gas is paid from the output: the same input gives that much less token, and the fill's larger gas too.
    const plainIntent = plain.routes.find((r) => r.providerId === INTENT_PROVIDER_ID)!
    const networkFee = (route: Route) => route.fees.find((fee) => fee.label === 'Solver gas fee')!.amount
    expect(networkFee(intent!)).toBeGreaterThan(networkFee(plainIntent))
    expect(intent!.outputAmount + networkFee(intent!)).toBe(
      plainIntent.outputAmount + networkFee(plainIntent) - usdc('3'),
    )
  })

  it('reports amounts beyond the limits as a reason, not a crash', async () => {
    const { outcomes } = await fetchRoutes({
      request: request({ origin: token(0, 'usdc'), destination: token(1, 'usdc'), amount: usdc('400000') }),
      providers: [...providers.values()],
    })
    const intent = outcomes.find((o) => o.providerId === INTENT_PROVIDER_ID)
    expect(intent?.status).toBe('error')
    const tooHigh = (intent as { error: unknown }).error
    expect(tooHigh).toBeInstanceOf(RouteUnavailableError)
    // The solver's maximum, in the sent token: the list names it.
    expect(tooHigh).toMatchObject({ reason: 'amountTooHigh', limit: { token: token(0, 'usdc') } })
    expect((tooHigh as RouteUnavailableError).limit?.amount).toBeLessThan(usdc('400000'))
    const low = await fetchRoutes({
      request: request({ origin: token(0, 'usdc'), destination: token(1, 'usdc'), amount: usdc('0.5') }),
      providers: [...providers.values()],
    })
    const tooLow = low.outcomes.find((o) => o.providerId === INTENT_PROVIDER_ID) as { error: unknown }
    // The solver's least order ($1 at $1 a USDC), more than its fees need.
    expect(tooLow.error).toMatchObject({
      reason: 'amountTooLow',
      limit: { amount: usdc('1'), token: token(0, 'usdc') },
    })
    // With gas on arrival ($3 of ETH paid from the output), 2 USDC does not cover the fees: the least that does is
    // named, and the route takes it (with 0.1 % for the destination's gas price, which may move between the quotes).
    const withGas = (amount: bigint) =>
      fetchRoutes({
        request: request({ origin: token(0, 'usdc'), destination: token(1, 'usdc'), amount, gasOnArrival: true }),
        providers: [...providers.values()],
      })
    const short = (await withGas(usdc('2'))).outcomes.find((o) => o.providerId === INTENT_PROVIDER_ID)
    const least = ((short as { error: unknown }).error as RouteUnavailableError).limit
    expect(least?.token).toEqual(token(0, 'usdc'))
    expect(least?.amount).toBeGreaterThan(usdc('3'))
    const enough = await withGas((least!.amount * 1001n) / 1000n)
    expect(enough.routes.find((r) => r.providerId === INTENT_PROVIDER_ID)?.outputAmount).toBeGreaterThan(0n)
  })

  it('cancels the requests of a stale input', async () => {
    const controller = new AbortController()
    const updates: unknown[] = []
    // Every provider is watched: it must get the signal, and stop once it is aborted.
    const asked: { id: string; signal: AbortSignal | undefined; ended?: 'answered' | 'aborted' | 'failed' }[] = []
    const watched = [...providers.values()].map(
      (provider): RouteProvider => ({
        ...provider,
        getQuote: async (quoteRequest, options) => {
          const call: (typeof asked)[number] = { id: provider.id, signal: options?.signal }
          asked.push(call)
          try {
            const route = await provider.getQuote(quoteRequest, options)
            call.ended = 'answered'
            return route
          } catch (error) {
            const aborted = error instanceof HttpAbortError || (error instanceof Error && error.name === 'AbortError')
            call.ended = aborted ? 'aborted' : 'failed'
            throw error
          }
        },
      }),
    )
    const pending = fetchRoutes({
      request: request({ origin: token(0, 'usdc'), destination: token(1, 'usdc'), amount: usdc('100') }),
      providers: watched,
      signal: controller.signal,
      onUpdate: (ranked) => updates.push(ranked),
    })
    expect(asked.map((call) => call.id).sort()).toEqual([...providers.keys()].sort()) // asked at once
    await Promise.resolve() // the requests are on their way
    controller.abort()
    const result = await pending
    expect(updates).toEqual([])
    expect(result.routes).toEqual([])
    for (const call of asked) {
      expect(call.signal?.aborted, call.id).toBe(true)
      expect(call.ended, call.id).toBe('aborted')
    }
  })
})

describe('gasless swaps (one signature, the solver opens)', () => {
  /** A person made for this file: USDC on C, never any native coin anywhere. */
  const person = privateKeyToAccount(keccak256(toHex('core gasless person')))
  const origin = () => token(2, 'usdc')
  const destination = () => token(1, 'usdc')
  const gaslessRoute = async (amount: bigint, signer: Address = person.address) => {
    // Asked up to three times: on a loaded machine (the whole suite at once) one quote can pass the providers' 20 s.
    const outcomes: unknown[] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      const { routes, outcomes: seen } = await fetchRoutes({
        request: request({
          origin: origin(),
          destination: destination(),
          amount,
          sender: signer,
          recipient: signer,
        }),
        providers: [...providers.values()],
      })
      const route = routes.find((r) => r.gasless)
      if (route) return route
      outcomes.push(seen)
    }
    throw new Error(
      `no gasless route: ${JSON.stringify(outcomes, (_key, value) => (typeof value === 'bigint' ? String(value) : value))}`,
    )
  }
  /** The person's wallet, on chain A (not the origin), noting every request it gets. */
  const personWallet = async ({
    account = person,
    ...options
  }: {
    typedDataOnActiveChainOnly?: boolean
    account?: typeof person
  } = {}) => {
    const asked: string[] = []
    const wallet = await eip1193WalletAdapter(
      createLocalWalletProvider({
        account,
        chains: manifest.chains.map(manifestChainToViem),
        initialChainId: chain(0).id,
        intercept: ({ method }) => void asked.push(method),
        ...options,
      }),
    )
    return { wallet, asked: () => asked.filter((method) => !READS.has(method)) }
  }
  const READS = new Set(['eth_requestAccounts', 'eth_accounts', 'eth_chainId'])

  beforeAll(async () => {
    const { wallet } = createNodeWallet(manifest, devnetAccount(4), origin().chainId)
    const hash = await wallet.sendTransaction({
      chainId: origin().chainId,
      to: origin().address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [person.address, usdc('1000')] }),
      value: 0n,
    })
    await clients.get(origin().chainId)!.waitForTransactionReceipt({ hash })
  })

  it('swaps USDC on C to B with one signature: no network switch, no transaction, no native coin, Completed', async () => {
    const route = await gaslessRoute(usdc('100'))
    expect(await clients.get(origin().chainId)!.getBalance({ address: person.address })).toBe(0n)
    const { wallet, asked } = await personWallet()
    const [sent, received] = [await balance(origin(), person.address), await balance(destination(), person.address)]
    const { record } = await runSwap(route, wallet, 'completed')
    expect(asked()).toEqual(['eth_signTypedData_v4'])
    // Completed may come before the open is mined (the solver fills at once): the input leaves with the open.
    const opened = await clients.get(origin().chainId)!.waitForTransactionReceipt({ hash: record.depositTx! })
    expect(opened.status).toBe('success')
    expect(await balance(origin(), person.address)).toBe(sent - usdc('100'))
    expect(await balance(destination(), person.address)).toBe(received + route.outputAmount)
    expect(record.depositTx).toBeDefined()
    expect(isGaslessSwap(record)).toBe(true)
    const open = await clients.get(origin().chainId)!.getTransaction({ hash: record.depositTx! })
    expect(isAddressEqual(open.from, person.address)).toBe(false) // the solver sent it
  })

  it('with a wallet that signs typed data only on the chain it names (MetaMask), switches to the origin and signs there: still no gas, no transaction', async () => {
    const route = await gaslessRoute(usdc('10'))
    const { wallet, asked } = await personWallet({ typedDataOnActiveChainOnly: true })
    const received = await balance(destination(), person.address)
    const { record } = await runSwap(route, wallet, 'completed')
    // Refused on A, switched, signed on C; nothing sent by the person.
    expect(asked()).toEqual(['eth_signTypedData_v4', 'wallet_switchEthereumChain', 'eth_signTypedData_v4'])
    expect(await wallet.getChainId()).toBe(origin().chainId)
    expect(await balance(destination(), person.address)).toBe(received + route.outputAmount)
    expect(isGaslessSwap(record)).toBe(true)
  })

  it('says Completed once the solver has delivered, before its open on C is even mined', async () => {
    const route = await gaslessRoute(usdc('20'))
    const { wallet } = await personWallet()
    const received = await balance(destination(), person.address)
    const originChain = chain(2)
    const test = createTestClient({
      mode: 'anvil',
      chain: manifestChainToViem(originChain),
      transport: http(originChain.rpcUrls[0]),
    })
    await test.setIntervalMining({ interval: 0 })
    let openTx: Hex | undefined
    try {
      const { record, updates } = await runSwap(route, wallet, 'completed')
      openTx = record.depositTx
      // C made no block: the open waits in its pool, and the person has the output.
      await expect(
        clients.get(origin().chainId)!.getTransactionReceipt({ hash: record.depositTx! }),
      ).rejects.toBeInstanceOf(TransactionReceiptNotFoundError)
      expect(await balance(destination(), person.address)).toBe(received + route.outputAmount)
      expect(record).toMatchObject({ status: 'completed', refundableAfter: Number(route.data.fillDeadline) })
      expect(updates.map((update) => update.status)).not.toContain('failed')
    } finally {
      await test.setIntervalMining({ interval: originChain.blockTime })
      // The open this test held back is mined before the next test reads the person's balance on C: mined later, it
      // took 20 USDC from the middle of another test's "nothing left the wallet".
      if (openTx) await clients.get(origin().chainId)!.waitForTransactionReceipt({ hash: openTx })
    }
  })

  it('asks the wallet nothing when the plan would pay anything else than the order shown', async () => {
    const route = await gaslessRoute(usdc('10'))
    const honest = provider(INTENT_PROVIDER_ID)
    const other = devnetAccount(7).address
    type Plan = Awaited<ReturnType<RouteProvider['planDeposit']>>
    const attacks: [string, (plan: Plan) => Plan][] = [
      ['payable to someone else', (p) => signedWith(p, { message: { ...p.gasless!.typedData.message, to: other } })],
      ['from someone else', (p) => signedWith(p, { message: { ...p.gasless!.typedData.message, from: other } })],
      [
        'more than the amount',
        (p) => signedWith(p, { message: { ...p.gasless!.typedData.message, value: usdc('11') } }),
      ],
      ['void later', (p) => signedWith(p, { message: { ...p.gasless!.typedData.message, validBefore: 2n ** 40n } })],
      [
        'another order (its nonce)',
        (p) => signedWith(p, { message: { ...p.gasless!.typedData.message, nonce: keccak256(toHex('x')) } }),
      ],
      [
        'another token',
        (p) =>
          signedWith(p, { domain: { ...p.gasless!.typedData.domain, verifyingContract: token(2, 'usdt').address } }),
      ],
      ['another chain', (p) => signedWith(p, { domain: { ...p.gasless!.typedData.domain, chainId: chain(0).id } })],
      ['a transfer, not a receive', (p) => signedWith(p, { primaryType: 'TransferWithAuthorization' })],
      [
        'an open for another recipient',
        (p) => ({ ...p, transaction: { ...p.transaction, data: withRecipient(p.transaction.data, other) } }),
      ],
      ['no signature but a transaction', ({ gasless: _gasless, ...p }) => p],
      // What the record follows: another order's delivery (one already made) would show Completed for this one.
      [
        'followed as another order',
        (p) => ({ ...p, gasless: { ...p.gasless!, tracking: { ...p.gasless!.tracking, orderId: keccak256('0x01') } } }),
      ],
      [
        'followed with a later refund',
        (p) => ({
          ...p,
          gasless: { ...p.gasless!, tracking: { ...p.gasless!.tracking, fillDeadline: 2 ** 40 } },
        }),
      ],
      [
        'an approval besides',
        (p) => ({ ...p, approval: { token: origin(), spender: p.transaction.to, amount: usdc('10') } }),
      ],
    ]
    for (const [name, attack] of attacks) {
      const hostile: RouteProvider = { ...honest, planDeposit: async (r) => attack(await honest.planDeposit(r)) }
      const { wallet, asked } = await personWallet()
      const error = await executeRoute({
        route,
        provider: hostile,
        wallet,
        clients,
        refreshRoute: async () => route,
        onUpdate: () => undefined,
      }).catch((e: unknown) => e)
      expect(error, name).toBeInstanceOf(SignedMismatchError)
      expect(asked(), name).toEqual([])
    }
  })

  it("says the solver's refusal, and nothing leaves the wallet, when the signed order asks more than it gives", async () => {
    const quoted = await gaslessRoute(usdc('10'))
    const greedy = {
      ...quoted,
      outputAmount: quoted.outputAmount + usdc('1'),
      minOutputAmount: quoted.outputAmount + usdc('1'),
    }
    const { wallet, asked } = await personWallet()
    const before = await balance(origin(), person.address)
    const records: SwapRecord[] = []
    const error = await executeRoute({
      route: greedy,
      provider: provider(INTENT_PROVIDER_ID),
      wallet,
      clients,
      refreshRoute: async () => greedy,
      onUpdate: (record) => void records.push(record),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GaslessRefusedError)
    expect((error as GaslessRefusedError).refusal).toBe('PRICE_NOT_ACCEPTABLE')
    expect(asked()).toEqual(['eth_signTypedData_v4'])
    expect(records.some((record) => record.depositTx)).toBe(false)
    expect(await balance(origin(), person.address)).toBe(before)
  })

  it("follows the order it signed when the solver answers with another swap's open: refundable when due, never that swap's Completed", async () => {
    // A person of its own: USDC on C, and native coin there only to send the refund (the swaps themselves need none).
    const signer = privateKeyToAccount(keccak256(toHex('core gasless person answered with another open')))
    const originClient = clients.get(origin().chainId)!
    const mined = async (hash: Hex) =>
      expect((await originClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    // Devnet account 4 funds the person, and plays the hostile solver's sender on C.
    const { wallet: account4 } = createNodeWallet(manifest, devnetAccount(4), origin().chainId)
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [signer.address, usdc('100')],
    })
    await mined(
      await account4.sendTransaction({ chainId: origin().chainId, to: origin().address, data: transfer, value: 0n }),
    )
    await mined(
      await account4.sendTransaction({ chainId: origin().chainId, to: signer.address, data: '0x', value: 10n ** 17n }),
    )
    const { wallet } = await personWallet({ account: signer })

    // The first swap, honest: opened and filled.
    const first = (await runSwap(await gaslessRoute(usdc('10'), signer.address), wallet, 'completed')).record
    // The second asks as much as it sends, more than the solver gives (so it never fills it); refundable 10 s on.
    const quoted = await gaslessRoute(usdc('10'), signer.address)
    const fillDeadline = Number((await originClient.getBlock()).timestamp) + 10
    const second: Route = {
      ...quoted,
      outputAmount: usdc('10'),
      minOutputAmount: usdc('10'),
      data: { ...quoted.data, fillDeadline, expires: fillDeadline + SAFETY_DELAYS.minRefundDelay },
    }
    // The hostile solver opens the signed order (anyone may send `openFor`), never fills it, and answers with the first
    // swap's open: an `Open` of the same owner, recipient and amount.
    const honest = provider(INTENT_PROVIDER_ID)
    let signed: Hex | undefined
    const hostile: RouteProvider = {
      ...honest,
      planDeposit: async (r) => {
        const plan = await honest.planDeposit(r)
        const gasless = plan.gasless!
        signed = gasless.tracking.orderId
        const submit = async (signature: Hex) => {
          const data = withSignature(plan.transaction.data, signature)
          await mined(await account4.sendTransaction({ ...plan.transaction, data }))
          return { openTx: first.depositTx! }
        }
        return { ...plan, gasless: { ...gasless, submit } }
      },
    }
    const { record } = await runSwap(second, wallet, ['completed', 'refundable'], hostile)
    // Before: Completed under the first swap's order id (its fill), while this order's 10 USDC stayed in escrow.
    expect(record).toMatchObject({ status: 'refundable', id: signed })
    expect(record.depositTx).not.toBe(first.depositTx)
    const before = await balance(origin(), signer.address)
    const refund = await refundWhenAvailable(record, wallet)
    expect(await balance(origin(), signer.address)).toBe(before + usdc('10'))
    expect(await lookOnce(record)).toMatchObject({ status: 'refunded', refundTx: refund.refundTx })
  })
})

/** The plan with its typed data changed (`change` replaces whole parts of it). */
function signedWith(
  plan: Awaited<ReturnType<RouteProvider['planDeposit']>>,
  change: Partial<NonNullable<Awaited<ReturnType<RouteProvider['planDeposit']>>['gasless']>['typedData']>,
) {
  const gasless = plan.gasless!
  return { ...plan, gasless: { ...gasless, typedData: { ...gasless.typedData, ...change } } }
}

/** The same `openFor` call with the person's signature in it. */
function withSignature(data: Hex, signature: Hex): Hex {
  const call = decodeFunctionData({ abi: intentOriginSettlerAbi, data })
  const [order, , fillerData] = call.args as unknown as [never, Hex, Hex]
  return encodeFunctionData({
    abi: intentOriginSettlerAbi,
    functionName: 'openFor',
    args: [order, signature, fillerData],
  })
}

/** The same `openFor` call with the order's recipient replaced. */
function withRecipient(data: Hex, recipient: Address): Hex {
  const call = decodeFunctionData({ abi: intentOriginSettlerAbi, data })
  const [order, signature, fillerData] = call.args as unknown as [{ orderData: Hex }, Hex, Hex]
  const orderData = encodeIntentOrderData({ ...decodeIntentOrderData(order.orderData), recipient })
  return encodeFunctionData({
    abi: intentOriginSettlerAbi,
    functionName: 'openFor',
    args: [{ ...order, orderData } as never, signature, fillerData],
  })
}

describe('swaps', () => {
  it('swaps USDC on A for the native coin on B to another recipient, tracked to Completed', async () => {
    const sender = devnetAccount(5)
    const recipient = devnetAccount(6).address
    const origin = token(0, 'usdc')
    const destination = token(1, 'native')
    const { routes } = await fetchRoutes({
      request: request({ origin, destination, amount: usdc('250'), recipient }),
      providers: [...providers.values()],
    })
    const route = routes[0]!
    const senderBefore = await balance(origin, sender.address)
    const recipientBefore = await balance(destination, recipient)
    const { wallet, state } = createNodeWallet(manifest, sender, chain(2).id)
    const { record, updates } = await runSwap(route, wallet, 'completed')
    expect(updates.map((u) => (u.status === 'signing' ? u.phase : u.status))).toEqual(
      expect.arrayContaining(['switching', 'approving', 'depositing', 'deposited']),
    )
    expect(state.sent).toHaveLength(2) // exact approval, then the deposit
    expect(await balance(origin, sender.address)).toBe(senderBefore - usdc('250'))
    expect(await balance(destination, recipient)).toBe(recipientBefore + route.minOutputAmount)
    if (record.status !== 'completed') throw new Error(record.status)
    expect(record.destination.receivedAmount).toBe(route.minOutputAmount.toString())
    expect(record.deliveredAt! >= record.depositedAt).toBe(true)
    const allowance = await clients.get(origin.chainId)!.readContract({
      address: origin.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [sender.address, route.depositAddress],
    })
    expect(allowance).toBe(0n) // exact amount only: nothing left approved
  })

  it('bridges USDT through the pool, resetting an existing allowance to zero first', async () => {
    const sender = devnetAccount(7)
    const origin = token(0, 'usdt')
    const destination = token(2, 'usdt')
    const amount = usdc('500')
    const route = await provider(POOL_PROVIDER_ID).getQuote(
      request({ origin, destination, amount, sender: sender.address, recipient: sender.address }),
    )
    expect(route).toBeDefined()
    const { wallet, state } = createNodeWallet(manifest, sender, origin.chainId)
    // A leftover non-zero allowance: USDT refuses non-zero → non-zero.
    await wallet.sendTransaction({
      chainId: origin.chainId,
      to: origin.address,
      data: (await import('viem')).encodeFunctionData({
        abi: devTokenAbi,
        functionName: 'approve',
        args: [route!.depositAddress, 1n],
      }),
      value: 0n,
    })
    await clients.get(origin.chainId)!.waitForTransactionReceipt({ hash: state.sent[0]! as `0x${string}` })
    const before = await balance(destination, sender.address)
    const { record } = await runSwap(route!, wallet, 'completed')
    expect(record.approveTxs).toHaveLength(2) // reset to zero, then the exact amount
    expect(await balance(destination, sender.address)).toBe(before + route!.outputAmount)
  })

  it('refuses the pool deposit, losing nothing, when the fee rose between the quote and the send', async () => {
    const sender = devnetAccount(6)
    const origin = token(0, 'usdc')
    const destination = token(1, 'usdc')
    const route = (await provider(POOL_PROVIDER_ID).getQuote(
      request({ origin, destination, amount: usdc('100'), sender: sender.address, recipient: sender.address }),
    ))!
    // While the person reads the quote, a scheduled 10 % fee comes due.
    await changePoolFee(0, 1000)
    try {
      const before = await balance(origin, sender.address)
      const { wallet } = createNodeWallet(manifest, sender, origin.chainId)
      const failure = await execute({ ...route, expiresAt: Date.now() + 60_000 }, wallet).catch((error: Error) => error)
      // The send names the least it accepts: the pool would refuse it rather than deliver 10 % less, and the
      // simulation before the wallet is asked says so by the pool's own error.
      expect(failure).toBeInstanceOf(DepositWouldRevertError)
      expect((failure as DepositWouldRevertError).revert).toMatchObject({
        kind: 'error',
        error: expect.stringMatching(/^AmountOutTooLow\(/),
      })
      expect(await balance(origin, sender.address)).toBe(before)
    } finally {
      await changePoolFee(0, POOL_PARAMETERS.feeBps)
    }
  })

  it('approves and deposits in one confirmation when the wallet takes a batch (EIP-5792), USDT reset included', async () => {
    const sender = devnetAccount(9)
    const origin = token(0, 'usdt')
    const destination = token(2, 'usdt')
    const route = (await provider(POOL_PROVIDER_ID).getQuote(
      request({ origin, destination, amount: usdc('300'), sender: sender.address, recipient: sender.address }),
    ))!
    // A leftover non-zero allowance, so the batch is reset, approve, deposit.
    const leftover = await createNodeWallet(manifest, sender, origin.chainId).wallet.sendTransaction({
      chainId: origin.chainId,
      to: origin.address,
      data: encodeFunctionData({ abi: devTokenAbi, functionName: 'approve', args: [route.depositAddress, 1n] }),
      value: 0n,
    })
    await clients.get(origin.chainId)!.waitForTransactionReceipt({ hash: leftover })
    const asked: string[] = []
    const wallet = await eip1193WalletAdapter(
      createLocalWalletProvider({
        account: sender,
        chains: manifest.chains.map(manifestChainToViem),
        initialChainId: origin.chainId,
        sendCalls: true,
        intercept: ({ method }) => void asked.push(method),
      }),
    )
    const before = await balance(destination, sender.address)
    const { record } = await runSwap(route, wallet, 'completed')
    expect(record.approveTxs).toHaveLength(2)
    expect(record.depositTx).toBeDefined()
    expect(await balance(destination, sender.address)).toBe(before + route.outputAmount)
    // One confirmation for all three: no transaction of its own.
    expect(asked.filter((method) => method === 'wallet_sendCalls')).toHaveLength(1)
    expect(asked).not.toContain('eth_sendTransaction')
  })

  it('says the batch stopped before the deposit when the pool refuses it, and deposits nothing', async () => {
    // The simulation before the wallet sees the pool's refusal first; a node that cannot simulate leaves it to the batch.
    const sender = devnetAccount(9)
    const origin = token(1, 'usdc')
    const destination = token(0, 'usdc')
    const route = (await provider(POOL_PROVIDER_ID).getQuote(
      request({ origin, destination, amount: usdc('40'), sender: sender.address, recipient: sender.address }),
    ))!
    const wallet = await eip1193WalletAdapter(
      createLocalWalletProvider({
        account: sender,
        chains: manifest.chains.map(manifestChainToViem),
        initialChainId: origin.chainId,
        sendCalls: true,
      }),
    )
    await changePoolFee(1, 1000)
    try {
      const before = await balance(origin, sender.address)
      const fresh = { ...route, expiresAt: Date.now() + 60_000 }
      expect(await execute(fresh, wallet).catch((error) => error)).toBeInstanceOf(DepositWouldRevertError)
      const { limited, stop } = await clientsWithout(['eth_simulateV1', 'eth_createAccessList'], 1)
      try {
        const failure = await execute(fresh, wallet, { clients: limited }).catch((error) => error)
        expect(failure).toBeInstanceOf(BatchIncompleteError)
        expect(failure).toMatchObject({ sent: 1, of: 2 })
      } finally {
        await stop()
      }
      expect(await balance(origin, sender.address)).toBe(before)
    } finally {
      await changePoolFee(1, POOL_PARAMETERS.feeBps)
    }
  })

  it('lets the person reject the approval, then succeeds on retry without losing anything', async () => {
    const sender = devnetAccount(8)
    const origin = token(1, 'usdc')
    const destination = token(0, 'usdc')
    const route = (await provider(INTENT_PROVIDER_ID).getQuote(
      request({ origin, destination, amount: usdc('20'), sender: sender.address, recipient: sender.address }),
    ))!
    const { wallet, state } = createNodeWallet(manifest, sender, origin.chainId)
    state.rejectApprovals = 1
    const before = await balance(origin, sender.address)
    const failure = await execute(route, wallet).catch((error) => error)
    expect(isUserRejection(failure)).toBe(true)
    expect(await balance(origin, sender.address)).toBe(before)
    const { record } = await runSwap(route, wallet, 'completed')
    expect(record.status).toBe('completed')
  })

  it('refuses to send when the wallet stays on another chain', async () => {
    const sender = devnetAccount(9)
    const origin = token(0, 'native')
    const route = (await provider(INTENT_PROVIDER_ID).getQuote(
      request({ origin, destination: token(1, 'usdc'), amount: parseUnits('0.1', 18), sender: sender.address }),
    ))!
    const { wallet, state } = createNodeWallet(manifest, sender, chain(1).id)
    state.ignoreSwitch = true
    const error = await execute(route, wallet).catch((e) => e)
    expect(error).toBeInstanceOf(WrongChainError)
    expect(state.sent).toEqual([])
  })

  it('refuses a route quoted for another account, even when it is refreshed: nothing is signed', async () => {
    const quotedFor = devnetAccount(9)
    const switchedTo = devnetAccount(8)
    const origin = token(0, 'usdc')
    const route = (await provider(INTENT_PROVIDER_ID).getQuote(
      request({ origin, destination: token(1, 'usdc'), amount: usdc('10'), sender: quotedFor.address }),
    ))!
    // The person switched accounts with the old routes on screen: the deposit would name the old account.
    const { wallet, state } = createNodeWallet(manifest, switchedTo, origin.chainId)
    const error = await execute(route, wallet).catch((e) => e)
    expect(error).toBeInstanceOf(SenderMismatchError)
    expect(error).toMatchObject({ quotedFor: quotedFor.address, account: switchedTo.address })
    // A refresh that answers for the old account is refused as well.
    const stale = await execute(
      { ...route, request: { ...route.request, sender: switchedTo.address }, expiresAt: 0 },
      wallet,
      {
        refreshRoute: async () => route,
      },
    ).catch((e) => e)
    expect(stale).toBeInstanceOf(SenderMismatchError)
    expect(state.sent).toEqual([])
  })

  it('refreshes a stale quote before anything is signed, and refuses unknown contracts', async () => {
    const sender = devnetAccount(9)
    const origin = token(0, 'native')
    const route = (await provider(INTENT_PROVIDER_ID).getQuote(
      request({ origin, destination: token(1, 'usdc'), amount: parseUnits('0.1', 18), sender: sender.address }),
    ))!
    const { wallet, state } = createNodeWallet(manifest, sender, origin.chainId)
    let refreshed = 0
    const error = await execute({ ...route, expiresAt: Date.now() - 1 }, wallet, {
      refreshRoute: async () => {
        refreshed++
        return undefined
      },
    }).catch((e) => e)
    expect(refreshed).toBe(1)
    expect(error).toBeInstanceOf(QuoteExpiredError)
    expect(state.sent).toEqual([])

    // A fresh quote that pays less is shown to the person first: nothing is signed.
    const worse = { ...route, minOutputAmount: route.minOutputAmount - 1n, outputAmount: route.outputAmount - 1n }
    const changed = await execute({ ...route, expiresAt: Date.now() - 1 }, wallet, {
      refreshRoute: async () => worse,
    }).catch((e) => e)
    expect(changed).toBeInstanceOf(QuoteChangedError)
    expect(state.sent).toEqual([])

    const rogue: RouteProvider = {
      ...provider(INTENT_PROVIDER_ID),
      planDeposit: async (r) => {
        const plan = await provider(INTENT_PROVIDER_ID).planDeposit(r)
        return { ...plan, transaction: { ...plan.transaction, to: '0x000000000000000000000000000000000000dEaD' } }
      },
    }
    const unknown = await execute(route, wallet, { provider: rogue }).catch((e) => e)
    expect(unknown).toBeInstanceOf(UnknownContractError)
    expect(state.sent).toEqual([])

    // A fresh quote as good as the old one replaces it, and that is what gets signed.
    const requoted = (await provider(INTENT_PROVIDER_ID).getQuote(route.request))!
    const fillDeadline = Number(route.data.fillDeadline) - 7 // tells the fresh quote's order apart
    const fresh: Route = { ...requoted, data: { ...requoted.data, fillDeadline } }
    const swapped = await execute({ ...route, expiresAt: Date.now() - 1 }, wallet, { refreshRoute: async () => fresh })
    expect(swapped.destination.minAmount).toBe(fresh.minOutputAmount.toString())
    expect(state.sent).toHaveLength(1)
    const sent = await clients.get(origin.chainId)!.getTransaction({ hash: state.sent[0] as `0x${string}` })
    const opened = decodeFunctionData({ abi: intentOriginSettlerAbi, data: sent.input })
    expect(opened.functionName).toBe('open')
    expect((opened.args?.[0] as { fillDeadline: number } | undefined)?.fillDeadline).toBe(fillDeadline)
  })

  it('signs nothing for a fresh quote that is not what the person reviewed, a wallet that did not switch, or an account switched in the wallet', async () => {
    const sender = devnetAccount(9)
    const origin = token(0, 'native')
    const route = (await provider(INTENT_PROVIDER_ID).getQuote(
      request({ origin, destination: token(1, 'usdc'), amount: parseUnits('0.05', 18), sender: sender.address }),
    ))!
    const { wallet, state } = createNodeWallet(manifest, sender, chain(1).id)
    const stale = { ...route, expiresAt: Date.now() - 1 }
    const refreshedWith = (changes: Partial<QuoteRequest>) => async () => ({
      ...route,
      request: { ...route.request, ...changes },
    })
    // The quote aged and the new one pays another recipient, or takes another amount: the person reviews it first.
    for (const [field, changes] of [
      ['recipient', { recipient: devnetAccount(6).address }],
      ['amount', { amount: route.request.amount + 1n }],
      ['destination', { destination: token(2, 'usdc') }],
    ] as const) {
      const error = await execute(stale, wallet, { refreshRoute: refreshedWith(changes) }).catch((e) => e)
      expect(error).toBeInstanceOf(ReviewMismatchError)
      expect(error.field).toBe(field)
    }
    // The new quote drops the gas on arrival the person reviewed (or adds some): reviewed first, too.
    const withGas = { ...route, gasOnArrival: { status: 'included', token: token(1, 'native'), amount: 1n } } as const
    const gasDropped = await execute({ ...withGas, expiresAt: Date.now() - 1 }, wallet, {
      refreshRoute: async () => route,
    }).catch((e) => e)
    expect(gasDropped).toBeInstanceOf(ReviewMismatchError)
    expect(gasDropped.field).toBe('gasOnArrival')
    const gasAdded = await execute(stale, wallet, { refreshRoute: async () => withGas }).catch((e) => e)
    expect(gasAdded.field).toBe('gasOnArrival')
    // A wallet that answers the switch without switching: nothing is signed on another chain.
    state.ignoreSwitch = true
    const notSwitched = await execute(route, wallet).catch((e) => e)
    expect(notSwitched).toBeInstanceOf(WrongChainError)
    state.ignoreSwitch = false
    // The person picked another account in the wallet after reviewing: the deposit is not sent.
    const switched = await execute(route, { ...wallet, getAccount: async () => devnetAccount(6).address }).catch(
      (e) => e,
    )
    expect(switched).toBeInstanceOf(SenderMismatchError)
    expect(state.sent).toEqual([])

    // A refund is asked by the account that made the swap only: another account gets its name, nothing is sent.
    const deposited = await execute(route, wallet)
    const refundable = applySwapEvent(deposited, { type: 'deadlinePassed' })
    const other = createNodeWallet(manifest, devnetAccount(6), origin.chainId)
    const refusal = await sendRefund({
      record: refundable,
      provider: provider(INTENT_PROVIDER_ID),
      wallet: other.wallet,
      clients,
    }).catch((e) => e)
    expect(refusal).toBeInstanceOf(NotSwapOwnerError)
    expect(refusal.owner).toBe(sender.address)
    // And a swap that is not refundable is not refunded, whoever asks.
    const early = await sendRefund({
      record: deposited,
      provider: provider(INTENT_PROVIDER_ID),
      wallet,
      clients,
    }).catch((e) => e)
    expect(early).toBeInstanceOf(RefundNotAvailableError)
    expect(other.state.sent).toEqual([])
    expect(state.sent).toHaveLength(1) // the deposit only
  })

  it('refunds a swap the solver declines, after its deadline, with the no-fill attestation', async () => {
    const sender = devnetAccount(4)
    const origin = token(0, 'usdc')
    const destination = token(1, 'usdc')
    const intent = provider(INTENT_PROVIDER_ID)
    const quoted = (await intent.getQuote(
      request({ origin, destination, amount: usdc('100'), sender: sender.address }),
    ))!
    const head = Number((await clients.get(destination.chainId)!.getBlock()).timestamp)
    const route = unfillable(quoted, sender.address, {
      fillDeadline: head + 8,
      expires: head + 8 + SAFETY_DELAYS.minRefundDelay,
    })
    const before = await balance(origin, sender.address)
    const { wallet } = createNodeWallet(manifest, sender, origin.chainId)
    const { record, store } = await runSwap(route, wallet, 'refundable')
    expect(await balance(origin, sender.address)).toBe(before - usdc('300000'))
    const refund = await refundWhenAvailable(record, wallet)
    expect(await balance(origin, sender.address)).toBe(before)
    expect(await lookOnce(record)).toMatchObject({ status: 'refunded', refundTx: refund.refundTx })
    expect(store.getState().swaps[record.key]?.status).toBe('refundable')
  })

  it('refunds without any attestation once the order has expired (the attesters are down)', async () => {
    const sender = devnetAccount(8)
    const origin = token(0, 'usdc')
    const intent = provider(INTENT_PROVIDER_ID)
    const quoted = (await intent.getQuote(
      request({ origin, destination: token(1, 'usdc'), amount: usdc('100'), sender: sender.address }),
    ))!
    await Promise.all(ATTESTER_NAMES.map((name) => network.services.get(name)?.stop()))
    try {
      const head = Number((await clients.get(origin.chainId)!.getBlock()).timestamp)
      // Room for the approval and the open to be mined before the deadline, also on a loaded machine.
      const fillDeadline = head + 8
      const route = unfillable(quoted, sender.address, {
        fillDeadline,
        expires: fillDeadline + SAFETY_DELAYS.minRefundDelay,
      })
      const before = await balance(origin, sender.address)
      const { wallet } = createNodeWallet(manifest, sender, origin.chainId)
      const record = await execute(route, wallet)
      expect(await balance(origin, sender.address)).toBe(before - usdc('300000'))
      // The attester stays down past `expires` (at least the settler's minRefundDelay after the deadline).
      await advanceClocks(SAFETY_DELAYS.minRefundDelay + 15)
      const refund = await refundWhenAvailable(record, wallet)
      const refundCall = await clients.get(origin.chainId)!.getTransaction({ hash: refund.refundTx as `0x${string}` })
      const { functionName, args } = decodeFunctionData({ abi: intentOriginSettlerAbi, data: refundCall.input })
      expect(functionName).toBe('refund')
      expect(args?.at(-1)).toBe('0x') // no signatures: the contract's own rule after `expires`
      expect(await balance(origin, sender.address)).toBe(before)
      expect(await lookOnce(record)).toMatchObject({ status: 'refunded', refundTx: refund.refundTx })
    } finally {
      await Promise.all(ATTESTER_NAMES.map((name) => network.startService(name)))
    }
  })

  it('offers the unattested refund only once the brake is off and its time is made up, as the settler counts it', async () => {
    const sender = devnetAccount(7)
    const origin = token(0, 'usdc')
    const settler = chain(0).contracts.intentOriginSettler as Address
    const intent = provider(INTENT_PROVIDER_ID)
    const quoted = (await intent.getQuote(
      request({ origin, destination: token(1, 'usdc'), amount: usdc('100'), sender: sender.address }),
    ))!
    const brake = async (index: number, functionName: 'pauseSettlement' | 'unpauseSettlement') => {
      const { wallet } = createNodeWallet(manifest, devnetAccount(index), origin.chainId)
      const data = encodeFunctionData({ abi: intentOriginSettlerAbi, functionName })
      const hash = await wallet.sendTransaction({ chainId: origin.chainId, to: settler, data, value: 0n })
      const receipt = await clients.get(origin.chainId)!.waitForTransactionReceipt({ hash: hash as `0x${string}` })
      expect(receipt.status).toBe('success')
    }
    await Promise.all(ATTESTER_NAMES.map((name) => network.services.get(name)?.stop()))
    try {
      const head = Number((await clients.get(origin.chainId)!.getBlock()).timestamp)
      const route = unfillable(quoted, sender.address, {
        fillDeadline: head + 8,
        expires: head + 8 + SAFETY_DELAYS.minRefundDelay,
      })
      const { wallet } = createNodeWallet(manifest, sender, origin.chainId)
      const executed = await execute(route, wallet)
      await brake(DEVNET_ACCOUNTS.guardian, 'pauseSettlement')
      // Past `expires` under the brake: before, the app sent a refund the settler refuses (SettlementIsPaused).
      await advanceClocks(SAFETY_DELAYS.minRefundDelay + 10)
      const record = await lookOnce(executed)
      expect(record.status).toBe('refundable')
      // Nothing is sent: the refund is not available, and the attester (stopped here) is named as not answering.
      const refused = (error: unknown) =>
        error instanceof RefundNotAvailableError ||
        (error instanceof ServiceUnreachableError && error.service === 'attester')
      const tryRefund = () => sendRefund({ record, provider: intent, wallet, clients }).catch((error) => error)
      expect(await tryRefund()).toSatisfy(refused)
      await brake(DEVNET_ACCOUNTS.deployer, 'unpauseSettlement')
      // Released: `expires` moved by as long as the brake was on, not offered before then.
      expect(await tryRefund()).toSatisfy(refused)
      await advanceClocks(SAFETY_DELAYS.minRefundDelay + 30)
      const refund = await refundWhenAvailable(record, wallet)
      expect(await lookOnce(record)).toMatchObject({ status: 'refunded', refundTx: refund.refundTx })
    } finally {
      await Promise.all(ATTESTER_NAMES.map((name) => network.startService(name)))
    }
  })

  it('reads a token the manifest does not list from its chain, once', async () => {
    const usdt = token(0, 'usdt')
    const unlisting: Manifest = {
      ...manifest,
      chains: manifest.chains.map((c) =>
        c.id === usdt.chainId ? { ...c, tokens: c.tokens.filter((t) => t.kind !== 'usdt') } : c,
      ),
    }
    const resolve = createTokenRefResolver(unlisting, clients)
    expect(resolve(usdt.chainId, usdt.address)).toBe(resolve(usdt.chainId, usdt.address)) // read once, then kept
    expect(await resolve(usdt.chainId, usdt.address)).toMatchObject({
      chainId: usdt.chainId,
      address: usdt.address,
      symbol: usdt.symbol,
      decimals: 6,
    })
    // Listed tokens come from the manifest; an address without code keeps the placeholder.
    expect(await resolve(usdt.chainId, token(0, 'usdc').address)).toEqual(token(0, 'usdc'))
    const nobody = '0x000000000000000000000000000000000000dEaD'
    expect(await resolve(usdt.chainId, nobody)).toMatchObject({ symbol: '0x0000…', decimals: 18 })
  })

  it('rebuilds an address history from chain events', async () => {
    const owner = devnetAccount(5).address
    const found = (await Promise.all([...providers.values()].map((p) => restoreWith(p, owner)))).flat()
    expect(found.length).toBeGreaterThanOrEqual(1)
    const completed = found.filter((s) => s.status === 'completed')
    expect(completed.length).toBeGreaterThanOrEqual(1)
    for (const swap of found) {
      expect(isAddressEqual(swap.owner, owner)).toBe(true)
      expect(swap.depositTx).toMatch(/^0x[0-9a-f]{64}$/)
    }
    const store = createSwapStore()
    expect(store.getState().merge(found)).toBe(found.length)
    expect(store.getState().merge(found)).toBe(0) // restoring twice adds nothing
  })

  it('opens the receipt of a swap by its deposit alone, in a client with no History and no wallet', async () => {
    // The swaps of two people, one completed, one refunded, as their own History rebuilds them from the chains.
    const owners = [devnetAccount(5).address, devnetAccount(4).address]
    const theirs = (
      await Promise.all(owners.flatMap((owner) => [...providers.values()].map((p) => restoreWith(p, owner))))
    ).flat()
    expect(theirs.some((swap) => swap.status === 'completed')).toBe(true)
    expect(theirs.some((swap) => swap.status === 'refunded')).toBe(true)
    const stranger = createSwapClient({ manifest })
    for (const swap of theirs) {
      const found = await findSwap(stranger, { chainId: swap.origin.token.chainId, hash: swap.depositTx! })
      expect(found?.inHistory).toBe(false)
      expect(found?.record).toMatchObject({
        providerId: swap.providerId,
        status: swap.status,
        owner: swap.owner,
        recipient: swap.recipient,
        origin: swap.origin,
        destination: swap.destination,
        depositTx: swap.depositTx,
      })
      if (swap.status === 'refunded') expect(found?.record).toMatchObject({ refundTx: swap.refundTx })
    }
    expect(stranger.store.getState().swaps).toEqual({}) // read for the receipt, not kept
    // Another transaction of the same person (an exact approval), a deposit asked on the wrong chain, a hash no
    // chain knows: no deposit this app knows.
    const deposit = theirs[0]!
    const originId = deposit.origin.token.chainId
    const { wallet } = createNodeWallet(manifest, devnetAccount(5), originId)
    const approval = await wallet.sendTransaction({
      chainId: originId,
      to: deposit.origin.token.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deposit.depositAddress, 0n] }),
      value: 0n,
    })
    await clients.get(originId)!.waitForTransactionReceipt({ hash: approval })
    expect(await findSwap(stranger, { chainId: originId, hash: approval })).toBeUndefined()
    const wrongChain = manifest.chains.find((c) => c.id !== deposit.origin.token.chainId)!.id
    expect(await findSwap(stranger, { chainId: wrongChain, hash: deposit.depositTx! })).toBeUndefined()
    expect(await findSwap(stranger, { chainId: wrongChain, hash: `0x${'ab'.repeat(32)}` })).toBeUndefined()
  })

  it('takes no deposit into a copy of the pool at another address (the same code, the same event) for one of its swaps', async () => {
    // Anyone can deploy the pool's code and have people deposit into it: its receipt must not read as this app's swap.
    const [origin, destination] = [chain(0), chain(1)]
    const client = createTestClient({
      mode: 'anvil',
      chain: manifestChainToViem(origin),
      transport: http(origin.rpcUrls[0]),
    })
      .extend(publicActions)
      .extend(walletActions)
    const owner = privateKeyToAccount(generatePrivateKey())
    await client.setBalance({ address: owner.address, value: parseUnits('10', 18) })
    const mined = async (hash: Hex) => {
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
      expect(receipt.status).toBe('success')
      return receipt
    }
    const deployed = await mined(
      await client.deployContract({
        account: owner,
        abi: poolBridgeAbi,
        bytecode: poolBridgeBytecode,
        args: [
          origin.contracts.attestationVerifier as Address,
          owner.address,
          owner.address,
          token(0, 'weth').address,
          { ...POOL_PARAMETERS, ...SAFETY_DELAYS },
        ],
      }),
    )
    const copy = deployed.contractAddress as Address
    const [input, output] = [token(0, 'usdc'), token(1, 'usdc')]
    await mined(
      await client.writeContract({
        account: owner,
        address: copy,
        abi: poolBridgeAbi,
        functionName: 'setRoute',
        args: [BigInt(destination.id), input.address, output.address, destination.contracts.poolBridge as Address],
      }),
    )
    const person = devnetAccount(5)
    const { wallet } = createNodeWallet(manifest, person, origin.id)
    const send = async (to: Address, data: Hex) =>
      mined((await wallet.sendTransaction({ chainId: origin.id, to, data, value: 0n })) as Hex)
    await send(input.address, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [copy, usdc('5')] }))
    const deposit = await send(
      copy,
      encodeFunctionData({
        abi: poolBridgeAbi,
        functionName: 'send',
        args: [input.address, usdc('5'), BigInt(destination.id), person.address, output.address, usdc('4')],
      }),
    )
    // The copy's own deposit event is in the receipt, as the real pool's would be.
    expect(deposit.logs.some((log) => isAddressEqual(log.address, copy))).toBe(true)
    const stranger = createSwapClient({ manifest })
    expect(await findSwap(stranger, { chainId: origin.id, hash: deposit.transactionHash })).toBeUndefined()
  })
})

describe('the deposit simulated before the wallet is asked', () => {
  /** A route of `providerId` from USDC (or `kind`) on A to B, and its checked plan, for `sender`. */
  async function planned(providerId: string, sender: Address, kind: TokenRef['kind'] = 'usdc') {
    const origin = token(0, kind)
    const amount = kind === 'native' ? parseUnits('0.5', 18) : usdc('40')
    const route = (await provider(providerId).getQuote(
      request({ origin, destination: token(1, kind), amount, sender, recipient: sender }),
    ))!
    const { plan } = await prepareDeposit(provider(providerId), route)
    return { route, plan, origin }
  }

  /** The owner's pause (or unpause) of the intent settler on A. */
  async function pauseSettler(functionName: 'pause' | 'unpause') {
    const owner = createNodeWallet(manifest, devnetAccount(DEVNET_ACCOUNTS.deployer), chain(0).id).wallet
    const hash = await owner.sendTransaction({
      chainId: chain(0).id,
      to: chain(0).contracts.intentOriginSettler as Address,
      data: encodeFunctionData({ abi: intentOriginSettlerAbi, functionName }),
      value: 0n,
    })
    expect((await clients.get(chain(0).id)!.waitForTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
  }

  it('runs approval and deposit in one simulated block: the transfers seen, nothing approved or sent for real', async () => {
    const sender = devnetAccount(8).address
    const { plan, origin, route } = await planned(INTENT_PROVIDER_ID, sender)
    expect(plan.approval).toBeDefined()
    const simulation = await simulateDeposit({ clients, account: sender, plan })
    expect(simulation).toEqual({
      status: 'passes',
      method: 'simulateV1',
      moves: [{ token: origin.address, from: sender, to: route.depositAddress, amount: usdc('40') }],
    })
    const allowance = await clients.get(origin.chainId)!.readContract({
      address: origin.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [sender, route.depositAddress],
    })
    expect(allowance).toBe(0n) // the approval was assumed, not given
  })

  it('a paused settler: the deposit is refused with "paused" before the wallet is asked anything', async () => {
    const sender = devnetAccount(8)
    const { plan, route } = await planned(INTENT_PROVIDER_ID, sender.address)
    await pauseSettler('pause')
    try {
      expect(await simulateDeposit({ clients, account: sender.address, plan })).toEqual({
        status: 'reverts',
        step: 'deposit',
        revert: { kind: 'paused' },
      })
      // Asked to swap, the wallet is on another chain: not even the network switch is asked for.
      const { wallet, state } = createNodeWallet(manifest, sender, chain(2).id)
      const switched: number[] = []
      const watched = { ...wallet, switchChain: async (id: number) => void switched.push(id) }
      const failure = await execute(route, watched).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(DepositWouldRevertError)
      expect((failure as DepositWouldRevertError).revert).toEqual({ kind: 'paused' })
      expect(state.sent).toEqual([])
      expect(switched).toEqual([])
    } finally {
      await pauseSettler('unpause')
    }
  })

  it('a node without eth_simulateV1: the allowance is set at the slot found for each token (USDC, USDT), and a pause is still seen', async () => {
    const sender = devnetAccount(8).address
    const { limited, stop } = await clientsWithout(['eth_simulateV1'], 0)
    try {
      for (const kind of ['usdc', 'usdt'] as const) {
        const { plan } = await planned(POOL_PROVIDER_ID, sender, kind)
        expect(await simulateDeposit({ clients: limited, account: sender, plan })).toEqual({
          status: 'passes',
          method: 'stateOverride',
        })
      }
      const { plan } = await planned(INTENT_PROVIDER_ID, sender)
      await pauseSettler('pause')
      try {
        expect(await simulateDeposit({ clients: limited, account: sender, plan })).toEqual({
          status: 'reverts',
          step: 'deposit',
          revert: { kind: 'paused' },
        })
      } finally {
        await pauseSettler('unpause')
      }
    } finally {
      await stop()
    }
  })

  it('a node with neither eth_simulateV1 nor eth_createAccessList: not simulated, and said so; a native deposit still is', async () => {
    const sender = devnetAccount(8).address
    const { limited, stop } = await clientsWithout(['eth_simulateV1', 'eth_createAccessList'], 0)
    try {
      const { plan } = await planned(INTENT_PROVIDER_ID, sender)
      expect(await simulateDeposit({ clients: limited, account: sender, plan })).toEqual({
        status: 'unsimulated',
        cause: 'notOffered',
      })
      // The native coin needs no allowance: a plain eth_call runs it.
      const native = await planned(INTENT_PROVIDER_ID, sender, 'native')
      expect(await simulateDeposit({ clients: limited, account: sender, plan: native.plan })).toEqual({
        status: 'passes',
        method: 'stateOverride',
      })
    } finally {
      await stop()
    }
  })
})
