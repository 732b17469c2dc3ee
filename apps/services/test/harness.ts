import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  depositFromTuple,
  devTokenAbi,
  escrowFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  poolBridgeAbi,
} from '@multi-bridge/contracts'
import {
  buildGaslessCrossChainOrder,
  buildOnchainOrder,
  type GaslessOrder,
  gaslessAuthorizationTypedData,
  type Manifest,
  type ManifestChain,
  type ManifestToken,
  manifestChainToViem,
  NATIVE_TOKEN_ADDRESS,
  type TokenKind,
} from '@multi-bridge/core'
import { devnetAccount, isPortTaken } from '@multi-bridge/devnet'
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  getAbiItem,
  type Hex,
  hexToBigInt,
  http,
  isAddressEqual,
  type LocalAccount,
  type PublicClient,
  parseEventLogs,
  type Transport,
  toHex,
  type WalletClient,
} from 'viem'
import { getEip712Domain } from 'viem/actions'
import { expect } from 'vitest'
import { ATTESTER_NAMES, type Network, serviceDataDir, startNetwork } from '../src/network.ts'
import type { ServiceName } from '../src/process.ts'
import { type AttesterQuorum, createAttesterQuorum } from '../src/shared/attesterQuorum.ts'
import { createServiceContext } from '../src/shared/context.ts'
import { openDatabase } from '../src/shared/store/database.ts'
import { resolvePricing, type SolverPricingSettings } from '../src/solver/loadPricing.ts'
import { type RpcProxy, startRpcProxy } from './rpcProxy.ts'

/**
 * The solver's pricing in these tests, given to it as a pricing file (SOLVER_PRICING_FILE): not the
 * defaults, so the quotes show that the file is read.
 */
export const TEST_PRICING_SETTINGS: SolverPricingSettings = {
  pricesUsd: { ETH: '2500', WETH: '2500', USDC: '1', USDT: '1' },
  spreadBps: 20,
}
export const TEST_PRICING = resolvePricing(TEST_PRICING_SETTINGS)

export type TestNetwork = Network & {
  logs: string[]
  /** Services that exited without being asked to; a test fails when this is not empty. */
  unexpectedExits: string[]
  /** With `rpcProxies`: per chain id, the proxy the services reach that chain through. */
  rpc: Map<number, RpcProxy>
  /** The PostgreSQL database the services keep their state in; undefined: each its SQLite file. */
  databaseUrl: string | undefined
}

export type StartTestNetworkParameters = {
  /** Put a proxy between the services and each chain, so a test can cut a chain off from them. */
  rpcProxies?: boolean
  /** Over TEST_PRICING_SETTINGS. */
  pricing?: SolverPricingSettings
  /** The services' state in this PostgreSQL database instead of their SQLite files. */
  databaseUrl?: string | undefined
}

/** A fresh devnet plus the services (three attesters among them) as child processes, on free ports, in a temp dir. */
export async function startTestNetwork(parameters: StartTestNetworkParameters = {}): Promise<TestNetwork> {
  const workDir = mkdtempSync(join(tmpdir(), 'multibridge-it-'))
  const pricingFile = join(workDir, 'solver-pricing.json')
  writeFileSync(pricingFile, JSON.stringify({ ...TEST_PRICING_SETTINGS, ...parameters.pricing }))
  const logs: string[] = []
  const unexpectedExits: string[] = []
  const rpc = new Map<number, RpcProxy>()
  const stopProxies = () => Promise.all([...rpc.values()].map((proxy) => proxy.stop()))
  let network: Network
  try {
    network = await startNetwork({
      stateDir: join(workDir, 'state'),
      onLine: (source, line) => logs.push(`[${source}] ${line}`),
      onServiceExit: (name: ServiceName, code) => {
        unexpectedExits.push(`${name} exited with code ${code}`)
      },
      serviceEnv: {
        SOLVER_PRICING_FILE: pricingFile,
        ...(parameters.databaseUrl ? { DATABASE_URL: parameters.databaseUrl } : {}),
      },
      ...(parameters.rpcProxies
        ? {
            serviceManifest: async (manifest: Manifest) => ({
              ...manifest,
              chains: await Promise.all(
                // The node reached only through its proxy: no WebSocket beside it that a proxy's outage would leave
                // up (the services then read at their intervals, as for a node without one).
                manifest.chains.map(async ({ webSocketUrls: _direct, ...chain }) => {
                  const proxy = await startRpcProxy(chain.rpcUrls[0]!)
                  rpc.set(chain.id, proxy)
                  return { ...chain, rpcUrls: [proxy.url] }
                }),
              ),
            }),
          }
        : {}),
    })
  } catch (error) {
    await stopProxies()
    throw error
  }
  return {
    ...network,
    logs,
    unexpectedExits,
    rpc,
    databaseUrl: parameters.databaseUrl,
    stop: async () => {
      await network.stop()
      await stopProxies()
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}

export type ChainClients = {
  config: ManifestChain
  chain: Chain
  public: PublicClient<Transport, Chain>
  wallet: (account: Account) => WalletClient<Transport, Chain, Account>
  token: (kind: TokenKind) => Address
}

export function clientsFor(manifest: Manifest, index: number): ChainClients {
  const config = manifest.chains[index]!
  const chain = manifestChainToViem(config)
  const transport = http(config.rpcUrls[0])
  return {
    config,
    chain,
    public: createPublicClient({ chain, transport, pollingInterval: 100 }),
    wallet: (account) => createWalletClient({ account, chain, transport }),
    token: (kind) => manifestToken(config, kind).address,
  }
}

export const user = (index: number) => devnetAccount(index)

function manifestToken(config: ManifestChain, kind: ManifestToken['kind']): ManifestToken {
  const token = config.tokens.find((t) => t.kind === kind)
  if (!token) throw new Error(`no ${kind} on ${config.name}`)
  return token
}

export const tokenInfo = (clients: ChainClients, kind: ManifestToken['kind']): ManifestToken =>
  manifestToken(clients.config, kind)

export async function chainTime(clients: ChainClients): Promise<number> {
  return Number((await clients.public.getBlock({ blockTag: 'latest' })).timestamp)
}

/**
 * Moves every chain's clock forward by the same amount (so they stay in step with each other) and
 * mines past each chain's finality depth, so that the new time is also final for the services.
 */
export async function advanceTime(chains: ChainClients[], seconds: number): Promise<void> {
  await Promise.all(
    chains.map(async (clients) => {
      const test = createTestClient({ mode: 'anvil', chain: clients.chain, transport: http(clients.config.rpcUrls[0]) })
      await test.increaseTime({ seconds })
      await test.mine({ blocks: (clients.config.confirmations ?? 0) + 1 })
    }),
  )
}

export async function balanceOf(clients: ChainClients, token: Address, owner: Address): Promise<bigint> {
  if (isAddressEqual(token, NATIVE_TOKEN_ADDRESS)) return clients.public.getBalance({ address: owner })
  return clients.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/** Polls `read` until `done` holds, or fails after `timeoutMs` with the last value. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  while (Date.now() < deadline) {
    last = await read()
    if (done(last)) return last
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`timed out waiting for ${what}; last value: ${String(last)}`)
}

export type SolverQuote = {
  outputAmount: string
  gasAmount: string
  fees: { spread: string; gas: string; gasOnArrival: string; total: string }
  fillDeadline: number
  expires: number
  estimatedFillSeconds: number
  limits: { minInputAmount: string; maxInputAmount: string }
}

export async function getJson<T = unknown>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url)
  return { status: response.status, body: (await response.json()) as T }
}

export async function approveExact(
  clients: ChainClients,
  account: Account,
  token: Address,
  spender: Address,
  amount: bigint,
) {
  if (isAddressEqual(token, NATIVE_TOKEN_ADDRESS)) return
  const hash = await clients
    .wallet(account)
    .writeContract({ address: token, abi: devTokenAbi, functionName: 'approve', args: [spender, amount] })
  await clients.public.waitForTransactionReceipt({ hash })
}

export type OpenIntentParameters = {
  origin: ChainClients
  destination: ChainClients
  account: Account
  inputToken: Address
  inputAmount: bigint
  outputToken: Address
  outputAmount: bigint
  /** Native coin for the recipient besides the output (gas on arrival); none by default. */
  gasAmount?: bigint
  recipient: Address
  fillDeadline: number
  expires: number
  nonce?: bigint
  /** Defaults to the destination's settler from the manifest. */
  destinationSettler?: Address
}

/** Approves the exact amount and opens an intent; returns the order id and the Open receipt's block. */
export async function openIntent(p: OpenIntentParameters): Promise<{ orderId: Hex; blockNumber: bigint }> {
  const settler = p.origin.config.contracts.intentOriginSettler as Address
  await approveExact(p.origin, p.account, p.inputToken, settler, p.inputAmount)
  const hash = await sendOpenIntent(p)
  const receipt = await p.origin.public.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error('open reverted')
  const [opened] = parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: receipt.logs })
  if (!opened) throw new Error('no Open event')
  return { orderId: opened.args.orderId, blockNumber: receipt.blockNumber }
}

/** Sends the `open` (the input must be approved already) and returns its hash without waiting. */
export async function sendOpenIntent(p: OpenIntentParameters): Promise<Hex> {
  const settler = p.origin.config.contracts.intentOriginSettler as Address
  const order = buildOnchainOrder(
    {
      inputToken: p.inputToken,
      inputAmount: p.inputAmount,
      outputToken: p.outputToken,
      outputAmount: p.outputAmount,
      gasAmount: p.gasAmount ?? 0n,
      destinationChainId: BigInt(p.destination.config.id),
      destinationSettler: p.destinationSettler ?? (p.destination.config.contracts.intentDestinationSettler as Address),
      recipient: p.recipient,
      nonce: p.nonce ?? freshNonce(),
      expires: p.expires,
    },
    p.fillDeadline,
  )
  const isNative = isAddressEqual(p.inputToken, NATIVE_TOKEN_ADDRESS)
  return p.origin.wallet(p.account).writeContract({
    address: settler,
    abi: intentOriginSettlerAbi,
    functionName: 'open',
    args: [order],
    value: isNative ? p.inputAmount : 0n,
  })
}

/** The token of the destination chain that is of the same kind as `token` on the origin. */
function destinationToken(p: { origin: ChainClients; destination: ChainClients; token: Address }): Address {
  const kind = p.origin.config.tokens.find((t) => isAddressEqual(t.address, p.token))?.kind
  if (!kind) throw new Error(`${p.token} is not a token of ${p.origin.config.name}`)
  return p.destination.token(kind)
}

export type SendPoolParameters = {
  origin: ChainClients
  destination: ChainClients
  account: Account
  token: Address
  amount: bigint
  recipient: Address
}

/** Approves and sends a pool transfer; returns its id. */
export async function sendPool(p: SendPoolParameters): Promise<{ transferId: Hex; amountOut: bigint }> {
  await approveExact(p.origin, p.account, p.token, p.origin.config.contracts.poolBridge as Address, p.amount)
  const receipt = await p.origin.public.waitForTransactionReceipt({ hash: await sendPoolTx(p) })
  const [sent] = parseEventLogs({ abi: poolBridgeAbi, eventName: 'Sent', logs: receipt.logs })
  if (!sent) throw new Error('no Sent event')
  return { transferId: sent.args.transferId, amountOut: sent.args.amountOut }
}

/** Sends the pool transfer (the token must be approved already) and returns its hash without waiting. */
export function sendPoolTx(p: SendPoolParameters): Promise<Hex> {
  return p.origin.wallet(p.account).writeContract({
    address: p.origin.config.contracts.poolBridge as Address,
    abi: poolBridgeAbi,
    functionName: 'send',
    // Same token on the destination, at whatever the pool's fee leaves.
    args: [p.token, p.amount, BigInt(p.destination.config.id), p.recipient, destinationToken(p), 0n],
    value: isAddressEqual(p.token, NATIVE_TOKEN_ADDRESS) ? p.amount : 0n,
  })
}

export type AttesterIntent = { status: string; attestation: { kind: string; signatures: Hex } | null }

/**
 * The attesters' combined answers, as the solver and the relayer read them: an attestation's `signatures` are the
 * threshold's, packed for the verifier (one attester's alone no longer pays anything).
 */
export function attesterQuorum(network: Pick<TestNetwork, 'manifest'>): AttesterQuorum {
  const { chains } = createServiceContext(network.manifest, 'relayer')
  return createAttesterQuorum({ manifest: network.manifest, chains, role: 'relayer' })
}

/** The attesters' no-fill of an order, combined once two of them have signed it: what a refund needs. */
export async function combinedNoFill(network: Pick<TestNetwork, 'manifest'>, orderId: Hex): Promise<Hex> {
  const quorum = attesterQuorum(network)
  const answer = await waitFor(
    () => quorum.intent(orderId),
    (a) => a?.status === 'not-filled',
    `the attesters' no-fill of ${orderId}`,
  )
  return answer!.attestation!.signatures
}

/** Stops every attester (an outage of all of them, below any threshold); `startAttesters` brings them back. */
export async function stopAttesters(network: Pick<Network, 'services'>): Promise<void> {
  await Promise.all(ATTESTER_NAMES.map((name) => network.services.get(name)?.stop('SIGKILL')))
}

export async function startAttesters(network: Pick<Network, 'startService'>): Promise<void> {
  await Promise.all(ATTESTER_NAMES.map((name) => network.startService(name)))
}

export const serviceUrl = (network: TestNetwork, name: ServiceName) => `http://127.0.0.1:${network.ports[name]}`

/**
 * The solver's quote, which must be a 200. A 503 `CHAIN_UNAVAILABLE` (a chain of the route out of the solver's sight,
 * as while a test cuts its RPC, or just after) is asked again for a while, as the app does.
 */
export async function solverQuote(
  network: TestNetwork,
  p: {
    origin: ChainClients
    destination: ChainClients
    inputToken: Address
    outputToken: Address
    amount: bigint
    gasOnArrival?: boolean
  },
): Promise<SolverQuote> {
  const query = new URLSearchParams({
    originChainId: String(p.origin.config.id),
    destinationChainId: String(p.destination.config.id),
    inputToken: p.inputToken,
    outputToken: p.outputToken,
    amount: p.amount.toString(),
    ...(p.gasOnArrival ? { gasOnArrival: 'true' } : {}),
  })
  const url = `${serviceUrl(network, 'solver')}/v1/quote?${query}`
  const answer = await waitFor(
    () => getJson<SolverQuote & { error?: { code: string } }>(url),
    ({ status, body }) => !(status === 503 && body.error?.code === 'CHAIN_UNAVAILABLE'),
    "a quote with both ends of the route in the solver's sight",
    30_000,
  )
  expect(answer.status).toBe(200)
  return answer.body
}

/** Kills a service the way a crash would, and checks that nothing of it is left serving. */
export async function crashService(network: TestNetwork, name: ServiceName): Promise<void> {
  await network.services.get(name)!.stop('SIGKILL')
  expect(await isPortTaken(network.ports[name]!), `${name} port after the kill`).toBe(false)
  await expect(fetch(`${serviceUrl(network, name)}/health`)).rejects.toThrow()
}

/** IntentOriginSettler's escrow status of an order: one of `intentOriginSettlerStatus`. */
export const escrowStatus = async (origin: ChainClients, orderId: Hex) =>
  escrowFromTuple(
    await origin.public.readContract({
      address: origin.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [orderId],
    }),
  ).status

const filledEvent = getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' })
export const fillsOf = (destination: ChainClients, orderId: Hex) =>
  destination.public.getLogs({
    address: destination.config.contracts.intentDestinationSettler as Address,
    event: filledEvent,
    args: { orderId },
    fromBlock: 0n,
    strict: true,
  })

const releasedEvent = getAbiItem({ abi: poolBridgeAbi, name: 'ReleasedOnDestination' })
export const releasesOf = (destination: ChainClients, transferId: Hex) =>
  destination.public.getLogs({
    address: destination.config.contracts.poolBridge as Address,
    event: releasedEvent,
    args: { transferId },
    fromBlock: 0n,
    strict: true,
  })

/** PoolBridge's deposit of a transfer (`status` is one of `poolBridgeStatus`). */
export async function depositOf(origin: ChainClients, transferId: Hex) {
  return depositFromTuple(
    await origin.public.readContract({
      address: origin.config.contracts.poolBridge as Address,
      abi: poolBridgeAbi,
      functionName: 'deposits',
      args: [transferId],
    }),
  )
}

export const depositStatus = async (origin: ChainClients, transferId: Hex) =>
  (await depositOf(origin, transferId)).status

/** The database a (stopped) service of the network keeps its state in, opened on its own. */
export function openServiceDatabase(network: Pick<TestNetwork, 'dataDir' | 'databaseUrl'>, name: ServiceName) {
  const file = join(serviceDataDir(network.dataDir, name), `${name}.sqlite`)
  return openDatabase({ url: network.databaseUrl, file })
}

/**
 * Rewrites one stored entry of a stopped service, as a hand edit or an attacker with the disk would: `change` gets
 * the entry and changes it in place.
 */
export async function tamperState(
  network: Pick<TestNetwork, 'dataDir' | 'databaseUrl'>,
  where: { service: ServiceName; collection: string; key: Hex },
  change: (entry: Record<string, unknown>) => void,
): Promise<void> {
  const database = await openServiceDatabase(network, where.service)
  try {
    const rows = await database.query<{ entry_key: string; value: string }>(
      'SELECT entry_key, value FROM state_entries WHERE store = ? AND collection = ?',
      [where.service, where.collection],
    )
    const row = rows.find((r) => r.entry_key.toLowerCase() === where.key.toLowerCase())
    if (!row) throw new Error(`${where.service} holds no ${where.collection} entry ${where.key}`)
    const entry = JSON.parse(row.value)
    change(entry)
    await database.query('UPDATE state_entries SET value = ? WHERE store = ? AND collection = ? AND entry_key = ?', [
      JSON.stringify(entry),
      where.service,
      where.collection,
      row.entry_key,
    ])
  } finally {
    await database.close()
  }
}

/**
 * Damages a stopped service's state as a crash of the machine or a bad disk could: its SQLite file overwritten in the
 * middle, or (on PostgreSQL) one entry cut in half. Gives where it is, what the refusal should say, and a check that
 * the damage is still there (a refusing service leaves it for a person).
 */
export async function spoilState(network: Pick<TestNetwork, 'dataDir' | 'databaseUrl'>, name: ServiceName) {
  const database = await openServiceDatabase(network, name)
  const location = database.location
  if (database.engine === 'sqlite') {
    await database.close()
    const size = statSync(location).size
    const damage = Buffer.alloc(8192, 0x5a)
    const fd = openSync(location, 'r+')
    writeSync(fd, damage, 0, damage.length, Math.floor(size / 2))
    closeSync(fd)
    return {
      location,
      reason: 'the file is damaged',
      stillThere: async () =>
        readFileSync(location)
          .subarray(Math.floor(size / 2))
          .subarray(0, 8192)
          .equals(damage),
    }
  }
  try {
    const [row] = await database.query<{ collection: string; entry_key: string; value: string }>(
      `SELECT collection, entry_key, value FROM state_entries WHERE store = ?
        ORDER BY CASE WHEN collection = 'cursors' THEN 1 ELSE 0 END LIMIT 1`,
      [name],
    )
    if (!row) throw new Error(`${name} holds no entry to spoil`)
    const half = row.value.slice(0, row.value.length / 2)
    const at = [name, row.collection, row.entry_key] as const
    await database.query('UPDATE state_entries SET value = ? WHERE store = ? AND collection = ? AND entry_key = ?', [
      half,
      ...at,
    ])
    return {
      location,
      reason: `entry ${row.collection}.${row.entry_key} is not JSON`,
      stillThere: async () => {
        const again = await openServiceDatabase(network, name)
        try {
          const rows = await again.query<{ value: string }>(
            'SELECT value FROM state_entries WHERE store = ? AND collection = ? AND entry_key = ?',
            [...at],
          )
          return rows[0]?.value === half
        } finally {
          await again.close()
        }
      },
    }
  } finally {
    if (database.engine === 'postgres') await database.close()
  }
}

/** The services' URLs, the solver's quote and a crash, for a network a test file starts in its `beforeAll`. */
export function networkShortcuts(get: () => TestNetwork) {
  return {
    solverUrl: () => serviceUrl(get(), 'solver'),
    /** The first attester: what one of the three says (each signs on its own; two make an attestation). */
    attesterUrl: () => serviceUrl(get(), 'attester-1'),
    relayerUrl: () => serviceUrl(get(), 'relayer'),
    quote: (
      origin: ChainClients,
      destination: ChainClients,
      inputToken: Address,
      outputToken: Address,
      amount: bigint,
    ) => solverQuote(get(), { origin, destination, inputToken, outputToken, amount }),
    crash: (name: ServiceName) => crashService(get(), name),
  }
}

/** The solver's quote with the parts a gasless order is built from (docs/gasless.md § 1). */
export type GaslessQuote = SolverQuote & {
  originSettler: Address
  destinationSettler: Address
  quoteExpiresAt: number
  gasless?: { outputAmount: string; openFee: string; openDeadline: number }
}

/** A fresh order nonce, as the app draws one: 128 random bits, so two orders built in the same millisecond differ. */
export const freshNonce = () => hexToBigInt(toHex(crypto.getRandomValues(new Uint8Array(16))))

/**
 * The person's one signature for a gasless order: the EIP-3009 ReceiveWithAuthorization in the domain `token` (by
 * default the order's input token) declares on `origin`. A signature for another token, chain or order is what an
 * attack test passes in.
 */
export async function signGasless(
  origin: ChainClients,
  order: GaslessOrder,
  signer: LocalAccount,
  token: Address = order.orderData.inputToken,
): Promise<Hex> {
  const { domain } = await getEip712Domain(origin.public, { address: token })
  // The domain's `salt` and `extensions` are left out by gaslessAuthorizationTypedData.
  return signer.signTypedData(gaslessAuthorizationTypedData(order, { ...domain, chainId: Number(domain.chainId) }))
}

export type GaslessAnswer = {
  status: number
  body: { orderId?: Hex; openTx?: Hex; error?: { code: string; message: string } }
}

const toJson = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))

/** `POST /v1/orders/gasless` with `body` as JSON (bigints as decimal text), or `raw` as it is. */
export async function postGasless(network: TestNetwork, body: unknown, raw?: string): Promise<GaslessAnswer> {
  const response = await fetch(`${serviceUrl(network, 'solver')}/v1/orders/gasless`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ?? toJson(body),
  })
  return { status: response.status, body: (await response.json()) as GaslessAnswer['body'] }
}

/** Submits a signed gasless order to the solver, which opens it paying the gas. */
export const submitGasless = (network: TestNetwork, order: GaslessOrder, signature: Hex) =>
  postGasless(network, { order: buildGaslessCrossChainOrder(order), signature })

/**
 * `openFor` sent by `account` (anyone may submit a person's signed order). With `gas`, sent as it is without an
 * estimate, so that a call the settler refuses is mined and reverts on chain.
 */
export function sendOpenFor(
  origin: ChainClients,
  account: Account,
  order: GaslessOrder,
  signature: Hex,
  gas?: bigint,
): Promise<Hex> {
  return origin.wallet(account).writeContract({
    address: order.originSettler,
    abi: intentOriginSettlerAbi,
    functionName: 'openFor',
    args: [buildGaslessCrossChainOrder(order), signature, '0x'],
    ...(gas ? { gas } : {}),
  })
}
