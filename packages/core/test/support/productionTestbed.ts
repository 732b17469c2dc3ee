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
  cannedBlock,
  cannedReceipt,
  jsonRpcHandler,
  type ReplayRoutes,
  type ReplayServer,
  startReplayServer,
  transferLog,
} from './replayServer.ts'

/** A deposit that reverted on Arbitrum. */
export const REVERTED_DEPOSIT_TX = `0x${'de'.repeat(32)}` as Hex
/** Block times the canned chains report. */
export const DEPOSIT_BLOCK = { number: 290_000_000n, timestamp: 1_735_689_601 }
export const FILL_BLOCK = { number: 24_500_000n, timestamp: 1_735_689_605 }
/** The block of the restored deposits' fills (2 January 2025, after their deposits). */
const RESTORED_FILL_BLOCK = { number: 24_543_000n, timestamp: 1_735_776_400 }

const hex = (value: bigint | number) => `0x${value.toString(16)}`

function receipt(hash: Hex, blockNumber: bigint, success: boolean, to: Address) {
  return cannedReceipt(hash, blockNumber, { to, from: FIXTURE_ACCOUNT, success })
}

const BASE_SPOKE_POOL = '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const FILL_RELAYER = '0x07ae8551be970cb1cca11dd7a11f47ae82e70e67'
/** What the fill receipt pays the recipient (the fixtures' Across output). */
export const FILLED_AMOUNT = 99_976_623n

/**
 * The fills Base knows, with what each paid the recipient: a provider's "delivered" is a delivery only when the
 * destination chain shows it. The fixtures' fill (USDC), and two restored Across fills: WETH paid out as ETH (no
 * token log) and cbBTC.
 */
const BASE_FILLS: Record<string, { block: typeof FILL_BLOCK; logs: ReturnType<typeof transferLog>[] }> = {
  [FIXTURE_FILL_TX]: {
    block: FILL_BLOCK,
    logs: [transferLog(BASE_USDC, FILL_RELAYER, FIXTURE_ACCOUNT, FILLED_AMOUNT)],
  },
  [`0x${'26'.repeat(32)}`]: { block: RESTORED_FILL_BLOCK, logs: [] },
  [`0x${'25'.repeat(32)}`]: {
    block: RESTORED_FILL_BLOCK,
    logs: [transferLog('0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', FILL_RELAYER, FIXTURE_ACCOUNT, 998_000n)],
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

/** Answers Multicall3 `aggregate3` of ERC-20 name/symbol/decimals/balanceOf for the unlisted tokens. */
function tokenReads(chainId: number) {
  return ([call]: unknown[]) => {
    const { to, data, input } = call as { to: Address; data?: Hex; input?: Hex }
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: data ?? input ?? '0x' })
    if (functionName !== 'aggregate3' || !isAddressEqual(to, MULTICALL3)) return '0x'
    const results = args[0].map(({ target, callData }) => {
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

/** JSON-RPC of the canned chains: Arbitrum knows the deposits, Base knows Across's fill. */
function chainRoutes(): ReplayRoutes {
  const arbitrum = jsonRpcHandler({
    eth_call: tokenReads(42161),
    eth_getCode: () => '0x',
    eth_chainId: () => hex(42161),
    eth_getTransactionReceipt: ([hash]) =>
      hash === FIXTURE_DEPOSIT_TX || hash === REVERTED_DEPOSIT_TX
        ? receipt(hash, DEPOSIT_BLOCK.number, hash === FIXTURE_DEPOSIT_TX, '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE')
        : null,
    eth_getBlockByNumber: ([number]) =>
      number === hex(DEPOSIT_BLOCK.number) ? cannedBlock(DEPOSIT_BLOCK.number, DEPOSIT_BLOCK.timestamp) : null,
  })
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
    eth_getBlockByNumber: ([number]) => {
      const block = [FILL_BLOCK, RESTORED_FILL_BLOCK].find((known) => hex(known.number) === number)
      return block ? cannedBlock(block.number, block.timestamp) : null
    },
  })
  return { 'POST /rpc/42161': arbitrum, 'POST /rpc/8453': base }
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
      destination: { token: usdcRequest.destination, estimatedAmount: '99976623', minAmount: '99976623' },
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
