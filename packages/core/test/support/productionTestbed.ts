import { MULTICALL3_ADDRESS as MULTICALL3 } from '@multi-bridge/contracts'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  isAddressEqual,
  multicall3Abi,
} from 'viem'
import { type ChainClients, createChainClients } from '../../src/chains/chainClients.ts'
import { RELAY_DEPOSITORY } from '../../src/providers/relay/relayConfig.ts'
import { relayFixtures } from '../../src/providers/relay/relayFixtures.ts'
import type { RouteProvider } from '../../src/providers/types.ts'
import { applySwapEvent } from '../../src/records/swapMachine.ts'
import type { DepositedSwap, SigningSwap, SwapRecord } from '../../src/records/types.ts'
import type { QuoteRequest, TokenRef } from '../../src/routes/types.ts'
import type { Manifest } from '../../src/setup/manifest.ts'
import { productionManifest } from '../../src/setup/production.ts'
import { createProviders } from '../../src/setup/registry.ts'
import {
  acrossFeesAt,
  acrossFixtures,
  FIXTURE_ACCOUNT,
  FIXTURE_DEPOSIT_TX,
  FIXTURE_FILL_TX,
  lifiFixtures,
} from '../fixtures/index.ts'
import {
  FIXTURE_ACROSS_DEPOSIT_ID,
  FIXTURE_RELAY_ORDER_ID,
  filledRelayLog,
  fundsDepositedLog,
  namingOrder,
  relayErc20DepositLog,
} from './bridgeLogs.ts'
import { lifiAllowlistAnswer } from './lifiAllowlistAnswer.ts'
import {
  type CannedLog,
  cannedBlock,
  cannedReceipt,
  cannedTransaction,
  jsonRpcHandler,
  type ReplayRoutes,
  type ReplayServer,
  startReplayServer,
  transferLog,
} from './replayServer.ts'

export { FIXTURE_ACROSS_DEPOSIT_ID, FIXTURE_RELAY_ORDER_ID, filledRelayLog } from './bridgeLogs.ts'

/** A deposit that reverted on Arbitrum. */
export const REVERTED_DEPOSIT_TX = `0x${'de'.repeat(32)}` as Hex
/** Block times the canned chains report. */
export const DEPOSIT_BLOCK = { number: 290_000_000n, timestamp: 1_735_689_601 }
export const FILL_BLOCK = { number: 24_500_000n, timestamp: 1_735_689_605 }
/** The block of the restored deposits' fills (2 January 2025, after their deposits). */
const RESTORED_FILL_BLOCK = { number: 24_543_000n, timestamp: 1_735_776_400 }

const hex = (value: bigint | number) => `0x${value.toString(16)}`

function receipt(hash: Hex, blockNumber: bigint, success: boolean, to: Address, logs: CannedLog[] = []) {
  return cannedReceipt(hash, blockNumber, { to, from: FIXTURE_ACCOUNT, success, logs })
}

const BASE_SPOKE_POOL = '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const ARBITRUM_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const CBBTC = '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf'
const FILL_RELAYER = '0x07ae8551be970cb1cca11dd7a11f47ae82e70e67'
/** What the fill receipt pays the recipient (the fixtures' Across output). */
export const FILLED_AMOUNT = 99_976_623n
/** What LI.FI's diamond bridged through Across of the fixtures' 100 USDC, its 0.025 USDC fee taken first. */
const LIFI_BRIDGED_AMOUNT = 99_975_000n
/**
 * The fixtures' deposit as the contracts it went through log it, one receipt serving each provider's tests: the
 * Arbitrum SpokePool's `FundsDeposited` (Across's deposit id and what it bridged, here what LI.FI's diamond passed on),
 * and Relay's depository's `RelayErc20Deposit` under the fixtures' order. Each provider reads only its own contract's.
 */
const FIXTURE_DEPOSIT_LOGS: CannedLog[] = [
  fundsDepositedLog({
    depositId: FIXTURE_ACROSS_DEPOSIT_ID,
    destinationChainId: 8453,
    inputToken: ARBITRUM_USDC,
    inputAmount: LIFI_BRIDGED_AMOUNT,
    outputToken: BASE_USDC,
    outputAmount: FILLED_AMOUNT,
    depositor: FIXTURE_ACCOUNT,
    recipient: FIXTURE_ACCOUNT,
  }),
  relayErc20DepositLog(RELAY_DEPOSITORY, {
    from: FIXTURE_ACCOUNT,
    token: ARBITRUM_USDC,
    amount: 100_000_000n,
    id: FIXTURE_RELAY_ORDER_ID,
  }),
]

/** The contracts the restored deposits went to: LI.FI's diamond, Across's SpokePools (Arbitrum, Ethereum). */
const LIFI_DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'
const ARBITRUM_SPOKE_POOL = '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A'
const ETHEREUM_SPOKE_POOL = '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5'
/** The block of the restored deposits' refunds (3 January 2025, after their deposits). */
const REFUND_BLOCK = { number: 290_400_000n, timestamp: 1_735_862_400 }
/**
 * The refunds the status fixtures name (LI.FI's status-refunded, Across's deposit-status-refunded and its list): Across's
 * SpokePool pays back what was deposited into it (LI.FI's too: it bridged through Across).
 */
const ARBITRUM_REFUNDS: Record<string, { amount: bigint; from: Address }> = {
  [lifiFixtures.statusRefunded.receiving.txHash]: { amount: LIFI_BRIDGED_AMOUNT, from: ARBITRUM_SPOKE_POOL },
  [acrossFixtures.statusRefunded.depositRefundTxnRef]: { amount: 100_000_000n, from: ARBITRUM_SPOKE_POOL },
}
/** The deposits the providers' lists name, by chain (each sent by the fixture account), and where each went. */
const LISTED_DEPOSITS: Record<number, Record<string, Address>> = {
  42161: Object.fromEntries(
    ['16', '15', '14', '12', '11'].map((byte) => [`0x${byte.repeat(32)}`, ARBITRUM_SPOKE_POOL as Address]),
  ),
  1: { [`0x${'13'.repeat(32)}`]: ETHEREUM_SPOKE_POOL },
  10: { '0x9a1c0b5e4d3f2a19087f6e5d4c3b2a1908f7e6d5c4b3a291807f6e5d4c3b2a33': LIFI_DIAMOND },
}

/** Across's listed deposits on Arbitrum (deposits.json), as the SpokePool logged each: its id, what it bridged. */
const ACROSS_LISTED_LOGS: Record<string, CannedLog[]> = Object.fromEntries(
  (acrossFixtures.deposits as Record<string, unknown>[])
    .filter((entry) => entry.originChainId === 42161 && typeof entry.depositId === 'string')
    .map((entry) => [
      entry.depositTxHash as string,
      [
        fundsDepositedLog({
          depositId: BigInt(entry.depositId as string),
          destinationChainId: entry.destinationChainId as number,
          inputToken: entry.inputToken as Address,
          inputAmount: BigInt(entry.inputAmount as string),
          outputToken: entry.outputToken as Address,
          outputAmount: BigInt(entry.outputAmount as string),
          depositor: FIXTURE_ACCOUNT,
          recipient: entry.recipient as Address,
        }),
      ],
    ]),
)

/**
 * The fills Base knows, with what each paid the recipient: a provider's "delivered" is a delivery only when the
 * destination chain shows this deposit's fill. The fixtures' fill (USDC: the relayer's transfer and the SpokePool's
 * `FilledRelay` naming the deposit; its calldata ends with the fixtures' Relay order), and two restored Across fills:
 * WETH paid out as ETH (no token log) and cbBTC.
 */
const BASE_FILLS: Record<string, { block: typeof FILL_BLOCK; logs: CannedLog[] }> = {
  [FIXTURE_FILL_TX]: {
    block: FILL_BLOCK,
    logs: [
      transferLog(BASE_USDC, FILL_RELAYER, FIXTURE_ACCOUNT, FILLED_AMOUNT),
      filledRelayLog(FIXTURE_ACCOUNT, FILLED_AMOUNT, BASE_SPOKE_POOL, {
        depositId: FIXTURE_ACROSS_DEPOSIT_ID,
        inputToken: ARBITRUM_USDC,
        outputToken: BASE_USDC,
      }),
    ],
  },
  [`0x${'26'.repeat(32)}`]: {
    block: RESTORED_FILL_BLOCK,
    logs: [filledRelayLog(FIXTURE_ACCOUNT, 999_918_240_000_000_000n, BASE_SPOKE_POOL, { depositId: 2_940_577n })],
  },
  [`0x${'25'.repeat(32)}`]: {
    block: RESTORED_FILL_BLOCK,
    logs: [
      transferLog(CBBTC, FILL_RELAYER, FIXTURE_ACCOUNT, 998_000n),
      filledRelayLog(FIXTURE_ACCOUNT, 998_000n, BASE_SPOKE_POOL, { depositId: 2_940_576n, outputToken: CBBTC }),
    ],
  },
}

/** Tokens outside the config the canned chains describe (name, symbol, decimals), by chain. */
export const UNLISTED_TOKENS: Record<number, Record<string, { name: string; symbol: string; decimals: number }>> = {
  42161: { '0x2f2a2543b76a4166549f7aab2e75bef0aefc5b0f': { name: 'Wrapped BTC', symbol: 'WBTC', decimals: 8 } },
  8453: {
    '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf': { name: 'Coinbase Wrapped BTC', symbol: 'cbBTC', decimals: 8 },
  },
}
/** A contract on Base (its code is not empty): Across delivers it WETH, not ETH. */
export const BASE_CONTRACT: Address = '0x4200000000000000000000000000000000000016'

export { LIFI_ALLOWED_DEX } from './lifiAllowlistAnswer.ts'

/**
 * Answers Multicall3 `aggregate3` of ERC-20 name/symbol/decimals/balanceOf for the unlisted tokens, and of the LI.FI
 * diamond's allowlist.
 */
function tokenReads(chainId: number) {
  return ([call]: unknown[]) => {
    const { to, data, input } = call as { to: Address; data?: Hex; input?: Hex }
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: data ?? input ?? '0x' })
    if (functionName !== 'aggregate3' || !isAddressEqual(to, MULTICALL3)) return '0x'
    const results = args[0].map(({ target, callData }) => {
      const allowlist = lifiAllowlistAnswer(target, callData)
      if (allowlist) return { success: true, returnData: allowlist }
      const token = UNLISTED_TOKENS[chainId]?.[target.toLowerCase()]
      if (!token) return { success: false, returnData: '0x' as Hex }
      const read = decodeFunctionData({ abi: erc20Abi, data: callData })
      const result =
        read.functionName === 'name'
          ? token.name
          : read.functionName === 'symbol'
            ? token.symbol
            : read.functionName === 'decimals'
              ? token.decimals
              : 0n
      return {
        success: true,
        returnData: encodeFunctionResult({ abi: erc20Abi, functionName: read.functionName, result } as never),
      }
    })
    return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results })
  }
}

/** A refund a test adds to Arbitrum: `from` pays the fixture account `amount` USDC, the calldata `input` (none). */
export type CannedRefund = { amount: bigint; from: Address; input?: Hex }

/**
 * Arbitrum's JSON-RPC (`POST /rpc/42161`): the deposits (the fixtures' deposit sent to `depositTo`, LI.FI's diamond
 * unless a test of another provider says otherwise), the deposits the lists name, and the refunds the statuses name
 * (and `refunds`, by hash).
 */
export function arbitrumRoutes(
  depositTo: Address = LIFI_DIAMOND,
  refunds: Record<string, CannedRefund> = {},
): ReplayRoutes {
  const refundOf = (hash: unknown): CannedRefund | undefined =>
    refunds[hash as string] ?? ARBITRUM_REFUNDS[hash as string]
  const arbitrum = jsonRpcHandler({
    eth_call: tokenReads(42161),
    eth_getCode: () => '0x',
    eth_chainId: () => hex(42161),
    eth_getTransactionReceipt: ([hash]) => {
      if (hash === FIXTURE_DEPOSIT_TX || hash === REVERTED_DEPOSIT_TX) {
        const logs = hash === FIXTURE_DEPOSIT_TX ? FIXTURE_DEPOSIT_LOGS : []
        return receipt(hash, DEPOSIT_BLOCK.number, hash === FIXTURE_DEPOSIT_TX, depositTo, logs)
      }
      const listed = LISTED_DEPOSITS[42161]?.[hash as string]
      if (listed) return receipt(hash as Hex, DEPOSIT_BLOCK.number, true, listed, ACROSS_LISTED_LOGS[hash as string])
      const refund = refundOf(hash)
      if (!refund) return null
      const logs = [transferLog(ARBITRUM_USDC, refund.from, FIXTURE_ACCOUNT, refund.amount)]
      return cannedReceipt(hash as string, REFUND_BLOCK.number, { to: refund.from, from: FILL_RELAYER, logs })
    },
    eth_getTransactionByHash: ([hash]) => {
      if (hash === FIXTURE_DEPOSIT_TX) {
        // The fixtures' deposit as sent: LI.FI's quote's call (a receipt reads the call back from its chain).
        const { data } = lifiFixtures.quote.transactionRequest as { data: Hex }
        const sent = {
          from: FIXTURE_ACCOUNT,
          to: depositTo,
          nonce: 0,
          chainId: 42161,
          blockNumber: DEPOSIT_BLOCK.number,
        }
        return cannedTransaction(hash, { ...sent, input: data, value: 0n })
      }
      const refund = refundOf(hash)
      if (!refund) return null
      const parameters = {
        from: FILL_RELAYER,
        to: refund.from,
        nonce: 0,
        chainId: 42161,
        blockNumber: REFUND_BLOCK.number,
      }
      return cannedTransaction(hash as string, { ...parameters, input: refund.input ?? '0x', value: 0n })
    },
    eth_getBlockByNumber: ([number]) => {
      const block = [DEPOSIT_BLOCK, REFUND_BLOCK].find((known) => hex(known.number) === number)
      return block ? cannedBlock(block.number, block.timestamp) : null
    },
  })
  return { 'POST /rpc/42161': arbitrum }
}

/** A chain that knows only the listed deposits on it (Ethereum, Optimism). */
function depositsOnly(chainId: number) {
  return jsonRpcHandler({
    eth_chainId: () => hex(chainId),
    eth_getTransactionReceipt: ([hash]) => {
      const to = LISTED_DEPOSITS[chainId]?.[hash as string]
      return to ? receipt(hash as Hex, DEPOSIT_BLOCK.number, true, to) : null
    },
    eth_getBlockByNumber: ([number]) =>
      number === hex(DEPOSIT_BLOCK.number) ? cannedBlock(DEPOSIT_BLOCK.number, DEPOSIT_BLOCK.timestamp) : null,
  })
}

/** JSON-RPC of the canned chains: Arbitrum knows the deposits and refunds, Base knows Across's fills. */
function chainRoutes(): ReplayRoutes {
  const base = jsonRpcHandler({
    eth_call: tokenReads(8453),
    eth_getCode: ([address]) => (isAddressEqual(address as Address, BASE_CONTRACT) ? '0x6080604052' : '0x'),
    eth_chainId: () => hex(8453),
    eth_getTransactionReceipt: ([hash]) => {
      const fill = BASE_FILLS[hash as string]
      return fill
        ? cannedReceipt(hash as string, fill.block.number, { to: BASE_SPOKE_POOL, from: FILL_RELAYER, logs: fill.logs })
        : null
    },
    eth_getTransactionByHash: ([hash]) => {
      const fill = BASE_FILLS[hash as string]
      if (!fill) return null
      const parameters = {
        from: FILL_RELAYER,
        to: BASE_SPOKE_POOL,
        nonce: 0,
        chainId: 8453,
        blockNumber: fill.block.number,
      }
      return cannedTransaction(hash as string, { ...parameters, input: namingOrder(FIXTURE_RELAY_ORDER_ID), value: 0n })
    },
    eth_getBlockByNumber: ([number]) => {
      const block = [FILL_BLOCK, RESTORED_FILL_BLOCK].find((known) => hex(known.number) === number)
      return block ? cannedBlock(block.number, block.timestamp) : null
    },
  })
  return {
    ...arbitrumRoutes(),
    'POST /rpc/8453': base,
    'POST /rpc/1': depositsOnly(1),
    'POST /rpc/10': depositsOnly(10),
  }
}

export type ProductionTestbed = {
  server: ReplayServer
  manifest: Manifest
  clients: ChainClients
  providers: Map<string, RouteProvider>
  lifi: RouteProvider
  across: RouteProvider
  relay: RouteProvider
  token: (chainId: number, kind: TokenRef['kind']) => TokenRef
  /** 100 USDC from Arbitrum to Base, the transfer the fixtures describe. */
  usdcRequest: QuoteRequest
  /** A History record of that transfer, its deposit mined. */
  depositedRecord: (providerId: string) => DepositedSwap
  /** The same transfer, its deposit sent but not known to be mined. */
  sentRecord: (providerId: string) => SigningSwap & { depositTx: Hex }
  /** The deposited record after one look by the provider (its event applied). */
  trackOnce: (providerId: string) => Promise<SwapRecord>
  close: () => Promise<void>
}

/**
 * The production config pointed at a replay server: LI.FI at `<server>/v1`, Across at `<server>/api`, Relay at
 * `<server>/relay`,
 * Arbitrum and Base RPC at `<server>/rpc/<chainId>`, the providers built by the registry as the app
 * builds them. Default routes answer with the fixtures; tests replace them with `server.setRoutes`.
 */
export async function startProductionTestbed(options: { timeoutMs?: number } = {}): Promise<ProductionTestbed> {
  const server = await startReplayServer({
    routes: {
      '/v1/quote': { body: lifiFixtures.quote },
      '/v1/status': { body: lifiFixtures.statusPending },
      '/v1/chains': { body: lifiFixtures.chains },
      '/v1/tokens': { body: lifiFixtures.tokens },
      '/v1/analytics/transfers': { body: lifiFixtures.transfers },
      '/api/suggested-fees': () => ({
        body: acrossFeesAt(acrossFixtures.suggestedFees, Math.floor(Date.now() / 1000)),
      }),
      '/api/deposit/status': { body: acrossFixtures.statusPending },
      '/api/deposits': { body: acrossFixtures.deposits },
      'POST /relay/quote/v2': { body: relayFixtures.quoteUsdc },
      '/relay/intents/status/v3': { body: relayFixtures.status.pending },
      ...chainRoutes(),
    },
  })
  const manifest = productionManifest({
    MULTIBRIDGE_LIFI_API_URL: `${server.url}/v1`,
    MULTIBRIDGE_ACROSS_API_URL: `${server.url}/api`,
    MULTIBRIDGE_RELAY_API_URL: `${server.url}/relay`,
    MULTIBRIDGE_RPC_42161: `${server.url}/rpc/42161`,
    MULTIBRIDGE_RPC_8453: `${server.url}/rpc/8453`,
    MULTIBRIDGE_RPC_1: `${server.url}/rpc/1`,
    MULTIBRIDGE_RPC_10: `${server.url}/rpc/10`,
  })
  const timeoutMs = options.timeoutMs ?? 1_000
  if (manifest.providers?.lifi) manifest.providers.lifi.timeoutMs = timeoutMs
  if (manifest.providers?.across) manifest.providers.across.timeoutMs = timeoutMs
  if (manifest.providers?.relay) manifest.providers.relay.timeoutMs = timeoutMs
  const clients = createChainClients(manifest)
  const providers = await createProviders({ manifest, clients })

  const token = (chainId: number, kind: TokenRef['kind']): TokenRef => {
    const found = manifest.chains.find((chain) => chain.id === chainId)?.tokens.find((t) => t.kind === kind)
    if (!found) throw new Error(`no ${kind} on ${chainId}`)
    return { chainId, address: found.address, symbol: found.symbol, decimals: found.decimals, kind: found.kind }
  }
  const usdcRequest: QuoteRequest = {
    origin: token(42161, 'usdc'),
    destination: token(8453, 'usdc'),
    amount: 100_000_000n,
    sender: FIXTURE_ACCOUNT,
    recipient: FIXTURE_ACCOUNT,
  }
  const depositedRecord = (providerId: string): DepositedSwap => {
    const provider = providers.get(providerId)
    return {
      key: 'local-1',
      id: FIXTURE_DEPOSIT_TX,
      providerId,
      providerName: provider?.name ?? providerId,
      owner: FIXTURE_ACCOUNT,
      recipient: FIXTURE_ACCOUNT,
      origin: { token: usdcRequest.origin, amount: '100000000' },
      // A LI.FI swap keeps LI.FI's minimum (its quote's toAmountMin); Across's and Relay's are the fill's amount.
      destination: {
        token: usdcRequest.destination,
        estimatedAmount: '99976623',
        minAmount: providerId === 'lifi' ? lifiFixtures.quote.estimate.toAmountMin : '99976623',
      },
      depositAddress: provider?.knownContracts(42161)[0] ?? FIXTURE_ACCOUNT,
      status: 'deposited',
      createdAt: 1_735_689_590_000,
      depositTx: FIXTURE_DEPOSIT_TX,
      depositedAt: DEPOSIT_BLOCK.timestamp,
      data: { tool: 'relay' },
      updatedAt: 1_735_689_601_000,
    }
  }

  /** The same swap before its deposit was known to be mined. */
  const sentRecord = (providerId: string): SigningSwap & { depositTx: Hex } => {
    const { depositedAt: _t, refundableAfter: _r, expiresAt: _e, status: _s, ...rest } = depositedRecord(providerId)
    return { ...rest, id: rest.key, status: 'signing', phase: 'depositing' }
  }
  /** The record after one look by the provider (its event through the state machine). */
  const trackOnce = async (providerId: string) => {
    const record = depositedRecord(providerId)
    const provider = providers.get(providerId) as RouteProvider
    return applySwapEvent(record, await provider.track(record))
  }

  return {
    server,
    manifest,
    clients,
    providers,
    lifi: providers.get('lifi') as RouteProvider,
    across: providers.get('across') as RouteProvider,
    relay: providers.get('relay') as RouteProvider,
    token,
    usdcRequest,
    depositedRecord,
    sentRecord,
    trackOnce,
    close: () => server.close(),
  }
}
