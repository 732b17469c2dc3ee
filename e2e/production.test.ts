import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  formatDisplayAmount,
  HISTORY_STORE_VERSION,
  lifiTokenList,
  type Manifest,
  NATIVE_TOKEN_ADDRESS,
  productionManifest,
  type SwapRecord,
} from '@multi-bridge/core'
import type { Page } from 'playwright-core'
import { type Address, decodeFunctionData, erc20Abi, getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount, toAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { spokePoolDepositV3Abi } from '../packages/core/src/providers/across/acrossSchemas.ts'
import { relayFixtures } from '../packages/core/src/providers/relay/relayFixtures.ts'
import {
  acrossFeesAt,
  acrossFixtures,
  FIXTURE_ACCOUNT,
  FIXTURE_DEPOSIT_TX,
  FIXTURE_FILL_TX,
  lifiFixtures,
} from '../packages/core/test/fixtures/index.ts'
import { type ReplayRoutes, type ReplayServer, startReplayServer } from '../packages/core/test/support/replayServer.ts'
import type { SwapForm } from './pages/SwapForm.ts'
import { useAppBrowser } from './support/app.ts'
import { CANNED_RPC_METHODS, type CannedChains, cannedChains, UNSUPPORTED_RPC_METHODS } from './support/cannedChains.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'

const app = useAppBrowser({ storage: { lang: 'en' } })

const ARBITRUM = 42161
const BASE = 8453
const defaults = productionManifest()
const usdcOf = (chainId: number) =>
  defaults.chains.find((chain) => chain.id === chainId)?.tokens.find((token) => token.kind === 'usdc') ??
  expect.unreachable(`no USDC on ${chainId}`)
const arbitrumUsdc = usdcOf(ARBITRUM)
const baseUsdc = usdcOf(BASE)

/** The person of every fixture. Watch-only: these tests quote and track, they never sign. */
const fixtureAccount = toAccount({
  address: FIXTURE_ACCOUNT,
  signMessage: () => Promise.reject(new Error('the fixture account does not sign')),
  signTransaction: () => Promise.reject(new Error('the fixture account does not sign')),
  signTypedData: () => Promise.reject(new Error('the fixture account does not sign')),
})

/**
 * The fixture account as a wallet that signs: the canned chains take any signed transaction (they do not
 * recover the signer), so another key signs for it. The providers' answers all name this account.
 */
const signer = privateKeyToAccount(generatePrivateKey())
const signingFixtureAccount = toAccount({
  address: FIXTURE_ACCOUNT,
  signMessage: (parameters) => signer.signMessage(parameters),
  signTransaction: (transaction, options) => signer.signTransaction(transaction, options),
  signTypedData: (parameters) => signer.signTypedData(parameters),
})

/** LI.FI's DONE answer for a deposit the test made. */
const lifiDoneFor = (txHash: string) => ({
  ...lifiFixtures.statusDone,
  sending: { ...lifiFixtures.statusDone.sending, txHash },
})
/** Across's filled answer for a deposit the test made. */
const acrossFilledFor = (depositTxnRef: string) => ({ ...acrossFixtures.statusFilled, depositTxnRef })
const BASE_SPOKE_POOL = '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64' as const

/** What the canned chains hold for the fixture account: 250 USDC and a little ETH on Arbitrum. */
const BALANCES = {
  [ARBITRUM]: { [arbitrumUsdc.address]: 250_000_000n, [NATIVE_TOKEN_ADDRESS]: 20_000_000_000_000_000n },
  // Some gas on Base already: gas on arrival starts off (a test turns it on).
  [BASE]: { [NATIVE_TOKEN_ADDRESS]: 3_000_000_000_000_000n },
} satisfies Record<number, Record<Address, bigint>>

/** Chromium reports an HTTP error answer on the console; these are the ones a test provokes on purpose. */
const httpErrorOnConsole = (status: number) =>
  new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`)

type Bed = { server: ReplayServer; manifest: Manifest; chains: CannedChains }
let bed: Bed | undefined
afterEach(async () => {
  await bed?.server.close()
  bed = undefined
})

/**
 * The production config, as `productionManifest` builds it from the environment, pointed at one replay
 * server: LI.FI at /v1, Across at /api, every chain's RPC at /rpc/<chainId> (canned). `routes` replace
 * the documented answers of the fixtures.
 */
async function startBed(
  routes: ReplayRoutes = {},
  options: { ensNames?: Record<string, Address | null> } = {},
): Promise<Bed> {
  const chains = cannedChains(
    defaults.chains.map((chain) => ({ id: chain.id, multicall3: chain.contracts.multicall3 })),
    BALANCES,
    options.ensNames,
  )
  const server = await startReplayServer({
    routes: {
      '/v1/quote': { body: lifiFixtures.quote },
      '/v1/tokens': { body: lifiFixtures.tokens },
      '/v1/status': { body: lifiFixtures.statusPending },
      '/api/suggested-fees': () => ({
        body: acrossFeesAt(acrossFixtures.suggestedFees, Math.floor(Date.now() / 1000)),
      }),
      '/api/deposit/status': { body: acrossFixtures.statusPending },
      'POST /relay/quote/v2': { body: relayFixtures.quoteUsdc },
      '/relay/intents/status/v3': { body: relayFixtures.status.pending },
      ...chains.routes,
      ...routes,
    },
  })
  const manifest = productionManifest({
    MULTIBRIDGE_LIFI_API_URL: `${server.url}/v1`,
    MULTIBRIDGE_ACROSS_API_URL: `${server.url}/api`,
    MULTIBRIDGE_RELAY_API_URL: `${server.url}/relay`,
    ...Object.fromEntries(
      defaults.chains.map((chain) => [`MULTIBRIDGE_RPC_${chain.id}`, `${server.url}/rpc/${chain.id}`]),
    ),
  })
  bed = { server, manifest, chains }
  return bed
}

/** Serves the production build with that config; any request off this machine is refused and noted. */
async function openProduction(
  current: Bed,
  parameters: { storage?: Record<string, string>; path?: string; signing?: boolean } = {},
) {
  const session = await app.open({
    manifest: () => current.manifest,
    wallet: { account: parameters.signing ? signingFixtureAccount : fixtureAccount, initialChainId: ARBITRUM },
    ...(parameters.storage ? { storage: { lang: 'en', ...parameters.storage } } : {}),
    ...(parameters.path ? { path: parameters.path } : {}),
  })
  const offMachine: string[] = []
  await session.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      offMachine.push(route.request().url())
      return route.abort()
    },
  )
  return { ...session, offMachine }
}

async function connect(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_NAME) }).waitFor()
  // Production: no in-app devnet wallet.
  expect(await dialog.getByRole('button', { name: /Local test wallet/ }).count()).toBe(0)
  await dialog.getByRole('button', { name: new RegExp(TEST_WALLET_NAME) }).click()
  await expect.poll(() => page.getByTestId('account-button').isVisible()).toBe(true)
}

/** 100 USDC from Arbitrum to Base, to the fixture account (the transfer every fixture describes). */
async function enterUsdcTransfer(page: Page, form: SwapForm) {
  await form.pickToken('destination', 'Base', 'USDC')
  await form.recipient.fill(FIXTURE_ACCOUNT)
  await form.amount.fill('100')
  await expect.poll(() => page.getByTestId('origin-token').textContent()).toContain('Arbitrum')
}

const display = (amount: string | bigint, decimals: number) => formatDisplayAmount(BigInt(amount), decimals)
const routeCard = (page: Page, providerId: string) => page.getByTestId(`route-${providerId}`)
const quotes = (server: ReplayServer, path: string) => server.requests.filter((request) => request.path === path)

/** With E2E_SCREENSHOTS set, keeps a picture of the page in test-results/ to look at. */
async function screenshot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return
  const dir = join(import.meta.dirname, '..', 'test-results')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

function expectOnlyCannedRpc(current: Bed) {
  const methods = current.server.requests
    .filter((request) => request.path.startsWith('/rpc/'))
    .flatMap((request) => (Array.isArray(request.body) ? request.body : [request.body]))
    .map((call) => (call as { method: string }).method)
  expect(methods.length).toBeGreaterThan(0)
  const known: readonly string[] = [...CANNED_RPC_METHODS, ...UNSUPPORTED_RPC_METHODS]
  expect(methods.filter((method) => !known.includes(method))).toEqual([])
  expect(current.chains.unanswered).toEqual([])
}

describe('production mode (LI.FI, Across and Relay, replayed)', () => {
  it('lists LI.FI, Across and Relay routes side by side for 100 USDC Arbitrum → Base, as their APIs quote them', async () => {
    const current = await startBed()
    const { page, form, shell, consoleErrors, offMachine } = await openProduction(current)
    await expect.poll(() => shell.connectButton.isVisible()).toBe(true)
    expect(await page.getByText('Local network').count()).toBe(0)
    await connect(page)

    // The picker: the config's tokens and LI.FI's list, each once, with balances from the chain.
    await page.getByTestId('origin-token').click()
    const picker = page.getByRole('dialog')
    await picker.getByRole('button', { name: /Arbitrum/ }).click()
    const options = picker.getByRole('option')
    const listed = lifiTokenList(lifiFixtures.tokens.tokens, defaults).get(ARBITRUM) ?? []
    const arbitrumTokens = defaults.chains.find((chain) => chain.id === ARBITRUM)?.tokens ?? []
    const added = listed.filter((token) => !arbitrumTokens.some((own) => own.address === token.address))
    expect(added.map((token) => token.symbol)).toEqual(['ARB', 'UNI'])
    await expect
      .poll(() => options.first().getAttribute('aria-setsize'))
      .toBe(String(arbitrumTokens.length + added.length))
    // Sorted by balance: the 250 USDC first.
    await expect.poll(() => options.first().textContent()).toMatch(/USDC.*250/)
    const symbol = (text: string) =>
      options.filter({ has: page.locator('.picker-token-symbol', { hasText: new RegExp(`^${text}$`) }) })
    expect(await symbol('USDC').count()).toBe(1)
    expect(await symbol('ARB').count()).toBe(1)
    await options.first().click()
    await picker.waitFor({ state: 'detached' })

    await enterUsdcTransfer(page, form)
    const lifi = routeCard(page, 'lifi')
    const across = routeCard(page, 'across')
    await expect.poll(() => lifi.isVisible(), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => across.isVisible(), { timeout: 20_000 }).toBe(true)

    const { estimate, toolDetails } = lifiFixtures.quote
    const fees = acrossFixtures.suggestedFees
    const lifiText = await lifi.textContent()
    expect(lifiText).toContain(`LI.FI (${toolDetails.name})`)
    expect(await lifi.getByTestId('route-receivable-amount').textContent()).toBe(
      `${display(estimate.toAmount, baseUsdc.decimals)} ${baseUsdc.symbol}`,
    )
    expect(lifiText).toContain(`Minimum ${display(estimate.toAmountMin, baseUsdc.decimals)}`)
    expect(lifiText).toContain(`Approximately ${estimate.executionDuration} seconds`)
    const acrossText = await across.textContent()
    expect(acrossText).toContain('Across')
    expect(await across.getByTestId('route-receivable-amount').textContent()).toBe(
      `${display(fees.outputAmount, baseUsdc.decimals)} ${baseUsdc.symbol}`,
    )
    // Across's relayer fills exactly the quoted amount: no lower minimum.
    expect(acrossText).not.toContain('Minimum')
    expect(acrossText).toContain(`Approximately ${fees.estimatedFillTimeSec} seconds`)
    const relay = routeCard(page, 'relay')
    await expect.poll(() => relay.isVisible(), { timeout: 20_000 }).toBe(true)
    const relayOut = relayFixtures.quoteUsdc.details.currencyOut
    expect(await relay.textContent()).toContain('Relay')
    expect(await relay.getByTestId('route-receivable-amount').textContent()).toBe(
      `${display(relayOut.amount, baseUsdc.decimals)} ${baseUsdc.symbol}`,
    )
    expect(await relay.textContent()).toContain(`Approximately ${relayFixtures.quoteUsdc.details.timeEstimate} seconds`)

    // Ranked by the amount surely received: Across's 99.976623, Relay's 99.970279, LI.FI's minimum 99.463989.
    const cards = page.getByRole('list', { name: 'Routes' }).getByRole('button')
    expect(await cards.nth(0).getAttribute('data-testid')).toBe('route-across')
    expect(await cards.nth(1).getAttribute('data-testid')).toBe('route-relay')
    expect(await cards.nth(2).getAttribute('data-testid')).toBe('route-lifi')
    expect(await cards.nth(0).textContent()).toContain('Best')
    expect(await page.getByTestId('receive-estimate').textContent()).toBe(display(fees.outputAmount, 6))
    await expect.poll(() => form.mainButton.textContent()).toBe('Swap')

    // The APIs were asked for this very transfer, by this account.
    const [lifiQuote] = quotes(current.server, '/v1/quote')
    expect(lifiQuote?.query).toMatchObject({
      fromChain: String(ARBITRUM),
      toChain: String(BASE),
      fromToken: arbitrumUsdc.address,
      toToken: baseUsdc.address,
      fromAmount: '100000000',
      fromAddress: FIXTURE_ACCOUNT,
      toAddress: FIXTURE_ACCOUNT,
      integrator: 'multi-bridge',
    })
    const [acrossQuote] = quotes(current.server, '/api/suggested-fees')
    expect(acrossQuote?.query).toMatchObject({
      inputToken: arbitrumUsdc.address,
      outputToken: baseUsdc.address,
      originChainId: String(ARBITRUM),
      destinationChainId: String(BASE),
      amount: '100000000',
      recipient: FIXTURE_ACCOUNT,
    })
    expect(quotes(current.server, '/v1/tokens')).toHaveLength(1)
    expect(quotes(current.server, '/relay/quote/v2')[0]?.body).toMatchObject({
      user: FIXTURE_ACCOUNT,
      recipient: FIXTURE_ACCOUNT,
      refundTo: FIXTURE_ACCOUNT,
      originChainId: ARBITRUM,
      destinationChainId: BASE,
      originCurrency: arbitrumUsdc.address,
      destinationCurrency: baseUsdc.address,
      amount: '100000000',
      tradeType: 'EXACT_INPUT',
    })

    // Selecting LI.FI shows its details.
    await lifi.click()
    expect(await page.getByTestId('route-receivable').textContent()).toContain(display(estimate.toAmount, 6))
    expect(await page.locator('.route-details').textContent()).toContain(
      `USDC (Arbitrum One) → LI.FI (${toolDetails.name}) → USDC (Base)`,
    )
    await screenshot(page, 'production-routes')

    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it("shows Across's reason when it refuses the amount, and LI.FI's route after a 429 and a retry", async () => {
    const current = await startBed({
      '/api/suggested-fees': { status: 400, body: acrossFixtures.amountTooLow },
      '/v1/quote': [
        { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' } },
        { body: lifiFixtures.quote },
      ],
    })
    const { page, form, consoleErrors, offMachine } = await openProduction(current)
    await connect(page)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(page, form)

    const reason = page.getByTestId('route-error-across')
    await expect.poll(() => reason.isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await reason.textContent()).toBe(
      `Across: Amount too low for this route${acrossFixtures.amountTooLow.message}`,
    )
    expect(await reason.locator('.route-unavailable-details').textContent()).toBe(acrossFixtures.amountTooLow.message)
    expect(await routeCard(page, 'across').count()).toBe(0)

    const lifi = routeCard(page, 'lifi')
    await expect.poll(() => lifi.isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await lifi.getByTestId('route-receivable-amount').textContent()).toBe(
      `${display(lifiFixtures.quote.estimate.toAmount, 6)} USDC`,
    )
    expect(await page.getByTestId('route-error-lifi').count()).toBe(0)
    await screenshot(page, 'production-across-refuses')
    // Asked twice: the 429, then again after the second its retry-after named.
    const [limited, retried] = quotes(current.server, '/v1/quote')
    expect(limited?.query.fromAmount).toBe('100000000')
    expect(retried?.query).toEqual(limited?.query)

    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(
      consoleErrors.filter((text) => !httpErrorOnConsole(400).test(text) && !httpErrorOnConsole(429).test(text)),
    ).toEqual([])
  })

  it('gas on arrival: LI.FI quotes LI.Fuel gas from the input; Across says it has no gas option', async () => {
    const current = await startBed({ '/v1/gas/suggestion/8453': { body: lifiFixtures.gasSuggestion } })
    const { page, form, consoleErrors, offMachine } = await openProduction(current)
    await connect(page)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(page, form)
    // The account has ETH on Base already: off by default, and nothing about gas was asked.
    const gasSwitch = page.getByRole('switch', { name: 'Get gas on Base' })
    await expect.poll(() => routeCard(page, 'lifi').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await gasSwitch.isChecked()).toBe(false)
    expect(quotes(current.server, '/v1/gas/suggestion/8453')).toHaveLength(0)

    await gasSwitch.check()
    const lifi = routeCard(page, 'lifi')
    await expect
      .poll(() => lifi.getByTestId('route-gas-on-arrival').textContent(), { timeout: 20_000 })
      .toBe('+0.0008 ETH gas on arrival')
    await expect
      .poll(() => routeCard(page, 'across').getByTestId('route-gas-on-arrival').textContent())
      .toBe('No gas option')
    // LI.FI was asked for the gas LI.Fuel recommends, paid with that much of the USDC sent.
    expect(quotes(current.server, '/v1/gas/suggestion/8453').at(-1)?.query).toMatchObject({
      fromChain: String(ARBITRUM),
      fromToken: arbitrumUsdc.address,
    })
    expect(quotes(current.server, '/v1/quote').at(-1)?.query).toMatchObject({
      fromAmount: '100000000',
      fromAmountForGas: lifiFixtures.gasSuggestion.fromAmount,
    })
    // The route with gas comes first; chosen, it shows the gas and what it costs.
    const cards = page.getByRole('list', { name: 'Routes' }).getByRole('button')
    expect(await cards.nth(0).getAttribute('data-testid')).toBe('route-lifi')
    await lifi.click()
    expect(await page.getByTestId('gas-on-arrival-detail').textContent()).toBe(
      '+0.0008 ETH to pay for transactions there, for 2.428 USDC',
    )
    expect(await page.getByTestId('route-gas').textContent()).toBe('0.0008 ETH')
    await screenshot(page, 'production-gas-on-arrival')
    expect(consoleErrors).toEqual([])
    expect(offMachine).toEqual([])
    expectOnlyCannedRpc(current)
  })

  it("follows LI.FI's and Across's status in History in words, with no Refund for a provider that refunds itself", async () => {
    const current = await startBed({ '/api/deposit/status': { body: acrossFixtures.statusExpired } })
    const record = (providerId: 'lifi' | 'across', providerName: string, createdAt: number): SwapRecord => ({
      key: `${providerId}-1`,
      id: FIXTURE_DEPOSIT_TX,
      providerId,
      providerName,
      owner: FIXTURE_ACCOUNT,
      recipient: FIXTURE_ACCOUNT,
      origin: {
        token: { chainId: ARBITRUM, address: arbitrumUsdc.address, symbol: 'USDC', decimals: 6, kind: 'usdc' },
        amount: '100000000',
      },
      destination: {
        token: { chainId: BASE, address: baseUsdc.address, symbol: 'USDC', decimals: 6, kind: 'usdc' },
        estimatedAmount: acrossFixtures.suggestedFees.outputAmount,
        minAmount: acrossFixtures.suggestedFees.outputAmount,
      },
      depositAddress: getAddress(
        providerId === 'lifi'
          ? (current.manifest.providers?.lifi?.contracts[String(ARBITRUM)]?.[0] ?? '')
          : (current.manifest.providers?.across?.spokePools[String(ARBITRUM)] ?? ''),
      ),
      status: 'deposited',
      createdAt,
      depositTx: FIXTURE_DEPOSIT_TX,
      depositedAt: Math.floor(createdAt / 1000),
      ...(providerId === 'lifi' ? { data: { tool: 'relay' } } : {}),
      updatedAt: createdAt,
    })
    const now = Date.now()
    const swaps = { 'lifi-1': record('lifi', 'LI.FI', now - 60_000), 'across-1': record('across', 'Across', now) }
    const { page, consoleErrors, offMachine } = await openProduction(current, {
      path: '#/pages/log/index',
      storage: { __persist__history: JSON.stringify({ state: { swaps }, version: HISTORY_STORE_VERSION }) },
    })

    // Newest first: Across (expired, refunding by itself), then LI.FI (waiting for the destination).
    const details = page.getByTestId('history-status-detail')
    await expect
      .poll(() => details.allTextContents(), { timeout: 20_000 })
      .toEqual(['Expired — the refund is on its way', 'Waiting for the transfer on the destination chain'])
    expect(quotes(current.server, '/v1/status')[0]?.query).toMatchObject({
      txHash: FIXTURE_DEPOSIT_TX,
      fromChain: String(ARBITRUM),
      toChain: String(BASE),
    })
    expect(quotes(current.server, '/api/deposit/status')[0]?.query).toEqual({ depositTxnRef: FIXTURE_DEPOSIT_TX })

    await page.getByTestId('history-row').first().click()
    const dialog = page.getByRole('dialog')
    await expect
      .poll(() => dialog.getByTestId('status-detail').textContent())
      .toBe('Expired — the refund is on its way')
    expect(await dialog.getByTestId('swap-progress').textContent()).toBe('Swapping...')
    expect(await dialog.locator('.step-failed').textContent()).toBe('Delivery')
    expect(await dialog.locator('.step-active').textContent()).toBe('Refund')
    expect(await dialog.getByRole('button', { name: 'Refund' }).count()).toBe(0)
    expect(await dialog.getByText('Revocation available after').count()).toBe(0)
    // With the provider: how long, and where to follow it.
    await expect
      .poll(() => dialog.getByTestId('provider-page').getAttribute('href'))
      .toBe(`https://app.across.to/transaction/${FIXTURE_DEPOSIT_TX}`)
    expect(await dialog.getByTestId('waiting-for').textContent()).toMatch(/^Approximately \d+ (second|minute)s?$/)
    await screenshot(page, 'production-across-expired')

    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('takes a swap through LI.FI from quote to Completed: exact approval, the quoted transaction, status by its bridge', async () => {
    const current = await startBed({
      '/v1/status': (request) => ({ body: lifiDoneFor(String(request.query.txHash)) }),
    })
    const { page, form, consoleErrors, offMachine } = await openProduction(current, { signing: true })
    await connect(page)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(page, form)
    await expect.poll(() => routeCard(page, 'lifi').isVisible(), { timeout: 20_000 }).toBe(true)
    await routeCard(page, 'lifi').click()
    await form.swap()
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000 }).toBe('Completed')

    // Two transactions on Arbitrum: the exact approval to LI.FI's approval address, then the quoted call.
    const { transactionRequest, estimate } = lifiFixtures.quote
    const [approval, deposit] = current.chains.mined
    expect(current.chains.mined).toHaveLength(2)
    expect(approval).toMatchObject({ chainId: ARBITRUM, to: getAddress(arbitrumUsdc.address) })
    expect(decodeFunctionData({ abi: erc20Abi, data: approval!.data }).args).toEqual([
      getAddress(estimate.approvalAddress),
      100_000_000n,
    ])
    expect(deposit).toMatchObject({
      chainId: ARBITRUM,
      to: getAddress(transactionRequest.to),
      data: transactionRequest.data,
    })
    // Followed by that deposit's hash and the route's bridge.
    expect(quotes(current.server, '/v1/status').at(-1)?.query).toMatchObject({
      txHash: deposit!.hash,
      bridge: lifiFixtures.quote.tool,
      fromChain: String(ARBITRUM),
      toChain: String(BASE),
    })
    expect(await page.getByTestId('receivable-amount').textContent()).toBe(
      `${display(lifiFixtures.statusDone.receiving.amount, 6)} USDC`,
    )
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('takes a swap through Across from quote to Completed: depositV3 into the listed SpokePool', async () => {
    const current = await startBed({
      '/api/deposit/status': (request) => ({ body: acrossFilledFor(String(request.query.depositTxnRef)) }),
    })
    current.chains.knownReceipts.set(FIXTURE_FILL_TX, { chainId: BASE, to: BASE_SPOKE_POOL })
    const { page, form, consoleErrors, offMachine } = await openProduction(current, { signing: true })
    await connect(page)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(page, form)
    await expect.poll(() => routeCard(page, 'across').isVisible(), { timeout: 20_000 }).toBe(true)
    await routeCard(page, 'across').click()
    await form.swap()
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000 }).toBe('Completed')

    const pool = getAddress(current.manifest.providers?.across?.spokePools[String(ARBITRUM)] ?? '')
    const [approval, deposit] = current.chains.mined
    expect(decodeFunctionData({ abi: erc20Abi, data: approval!.data }).args).toEqual([pool, 100_000_000n])
    expect(deposit?.to).toBe(pool)
    const call = decodeFunctionData({ abi: spokePoolDepositV3Abi, data: deposit!.data })
    expect(call.functionName).toBe('depositV3')
    expect(call.args.slice(0, 7)).toEqual([
      FIXTURE_ACCOUNT,
      FIXTURE_ACCOUNT,
      getAddress(arbitrumUsdc.address),
      getAddress(baseUsdc.address),
      100_000_000n,
      BigInt(acrossFixtures.suggestedFees.outputAmount),
      BigInt(BASE),
    ])
    expect(quotes(current.server, '/api/deposit/status').at(-1)?.query).toEqual({ depositTxnRef: deposit!.hash })
    expect(await page.getByText(/^Base: 0x0e7b/).isVisible()).toBe(true) // the fill, on Base
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('takes a swap through Relay from quote to Completed: exact approval to the depository, the quoted deposit, status by its request id', async () => {
    const { requestId } = relayFixtures.quoteUsdc
    const current = await startBed({
      '/relay/intents/status/v3': [
        { body: relayFixtures.status.waiting },
        { body: relayFixtures.status.pending },
        { body: relayFixtures.status.success },
      ],
    })
    const { page, form, consoleErrors, offMachine } = await openProduction(current, { signing: true })
    await connect(page)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(page, form)
    await expect.poll(() => routeCard(page, 'relay').isVisible(), { timeout: 20_000 }).toBe(true)
    await routeCard(page, 'relay').click()
    const dialog = await form.swap()
    // While Relay works on it: who refunds, and Relay's own page for the request.
    await expect
      .poll(() => dialog.getByTestId('refund-policy').textContent(), { timeout: 30_000 })
      .toBe('Relay returns the tokens by itself')
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000 }).toBe('Completed')

    // Two transactions on Arbitrum: our exact approval of the depository, then Relay's deposit as quoted.
    const deposit = relayFixtures.quoteUsdc.steps[1]!.items[0]!.data
    const [approval, sent] = current.chains.mined
    expect(current.chains.mined).toHaveLength(2)
    expect(approval).toMatchObject({ chainId: ARBITRUM, to: getAddress(arbitrumUsdc.address) })
    expect(decodeFunctionData({ abi: erc20Abi, data: approval!.data }).args).toEqual([
      getAddress(deposit.to),
      100_000_000n,
    ])
    expect(sent).toMatchObject({ chainId: ARBITRUM, to: getAddress(deposit.to), data: deposit.data })
    // Followed by the quote's request id until success; the fill on Base is shown.
    expect(quotes(current.server, '/relay/intents/status/v3').at(-1)?.query).toEqual({ requestId })
    expect(await page.getByText(/^Base: 0xef2a/).isVisible()).toBe(true)
    expect(await dialog.getByTestId('provider-page').getAttribute('href')).toBe(
      `https://relay.link/transaction/${requestId}`,
    )
    await screenshot(page, 'production-relay-completed')
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('follows an Across deposit through a slow fill to Completed, and another from expired to refunded', async () => {
    const slow = `0x${'51'.repeat(32)}` as const
    const expiring = `0x${'52'.repeat(32)}` as const
    // Across answers each deposit's states in turn, as its indexer moves them (one answer per look).
    const answers: Record<string, object[]> = {
      [slow]: [
        { ...acrossFixtures.statusSlowFillRequested, depositTxHash: slow, depositTxnRef: slow },
        { ...acrossFixtures.statusFilled, depositTxHash: slow, depositTxnRef: slow },
      ],
      [expiring]: [
        { ...acrossFixtures.statusExpired, depositTxHash: expiring, depositTxnRef: expiring },
        { ...acrossFixtures.statusRefunded, depositTxHash: expiring, depositTxnRef: expiring },
      ],
    }
    const seen: Record<string, number> = {}
    const current = await startBed({
      '/api/deposit/status': (request) => {
        const hash = String(request.query.depositTxnRef)
        const list = answers[hash] ?? []
        const index = Math.min(seen[hash] ?? 0, list.length - 1)
        seen[hash] = index + 1
        return list[index] ? { body: list[index] } : { status: 404, body: acrossFixtures.depositNotFound }
      },
    })
    current.chains.knownReceipts.set(FIXTURE_FILL_TX, { chainId: BASE, to: BASE_SPOKE_POOL })
    const now = Date.now()
    const across = (key: string, depositTx: `0x${string}`, createdAt: number): SwapRecord => ({
      key,
      id: depositTx,
      providerId: 'across',
      providerName: 'Across',
      owner: FIXTURE_ACCOUNT,
      recipient: FIXTURE_ACCOUNT,
      origin: {
        token: { chainId: ARBITRUM, address: arbitrumUsdc.address, symbol: 'USDC', decimals: 6, kind: 'usdc' },
        amount: '100000000',
      },
      destination: {
        token: { chainId: BASE, address: baseUsdc.address, symbol: 'USDC', decimals: 6, kind: 'usdc' },
        estimatedAmount: acrossFixtures.suggestedFees.outputAmount,
        minAmount: acrossFixtures.suggestedFees.outputAmount,
      },
      depositAddress: getAddress(current.manifest.providers?.across?.spokePools[String(ARBITRUM)] ?? ''),
      status: 'deposited',
      createdAt,
      depositTx,
      depositedAt: Math.floor(createdAt / 1000),
      updatedAt: createdAt,
    })
    const swaps = { slow: across('slow', slow, now), expiring: across('expiring', expiring, now - 60_000) }
    const { page, consoleErrors, offMachine } = await openProduction(current, {
      path: '#/pages/log/index',
      storage: { __persist__history: JSON.stringify({ state: { swaps }, version: HISTORY_STORE_VERSION }) },
    })
    const rows = page.getByTestId('history-row')
    const details = page.getByTestId('history-status-detail')
    // First look: a slow fill requested (still Swapping, in words), and an expired deposit being refunded.
    await expect
      .poll(() => details.allTextContents(), { timeout: 20_000 })
      .toEqual([
        'No relayer filled it yet: Across is filling it from its own pool, which takes longer',
        'Expired — the refund is on its way',
      ])
    expect(await rows.nth(0).textContent()).toContain('Swapping...')
    // Next look (Across is asked every 10 s): filled, and refunded.
    await expect.poll(() => rows.nth(0).textContent(), { timeout: 40_000 }).toContain('Completed')
    await expect.poll(() => rows.nth(1).textContent(), { timeout: 40_000 }).toContain('Failed')
    expect(await details.allTextContents()).toEqual(['The provider returned the tokens'])
    await rows.nth(0).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByText(/^Base: 0x0e7b/).isVisible()).toBe(true)
    await expect
      .poll(() => dialog.getByTestId('provider-page').getAttribute('href'))
      .toBe(`https://app.across.to/transaction/${slow}`)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  }, 120_000)

  it('sends to an ENS name: resolved on Ethereum, shown with its address, that address quoted and recorded', async () => {
    const current = await startBed({}, { ensNames: { 'fixture.eth': FIXTURE_ACCOUNT, 'nobody.eth': null } })
    const { page, form, consoleErrors, offMachine } = await openProduction(current)
    await connect(page)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await form.pickToken('destination', 'Base', 'USDC')
    await form.amount.fill('100')
    await form.recipient.fill('nobody.eth')
    await expect.poll(() => page.getByText('nobody.eth has no address set').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await form.mainButton.textContent()).toBe('Enter or select the recipient address')
    await form.recipient.fill(' fixture.eth ')
    await expect
      .poll(() => page.getByTestId('resolved-recipient').textContent(), { timeout: 20_000 })
      .toBe(`fixture.eth → ${FIXTURE_ACCOUNT}`)
    await expect.poll(() => routeCard(page, 'lifi').isVisible(), { timeout: 20_000 }).toBe(true)
    // The providers are asked for the address the name points to.
    expect(quotes(current.server, '/v1/quote').at(-1)?.query.toAddress).toBe(FIXTURE_ACCOUNT)
    expect(quotes(current.server, '/api/suggested-fees').at(-1)?.query.recipient).toBe(FIXTURE_ACCOUNT)
    await screenshot(page, 'production-ens')
    await form.mainButton.click()
    await expect.poll(() => page.getByRole('dialog').getByText(FIXTURE_ACCOUNT, { exact: true }).isVisible()).toBe(true)
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('says when a chain’s RPC does not answer (balance "—", no Max), and recovers by itself when it answers again', async () => {
    const current = await startBed()
    const arbitrumRpc = `POST /rpc/${ARBITRUM}`
    const healthy = current.chains.routes[arbitrumRpc]
    current.server.setRoutes({
      [arbitrumRpc]: { status: 503, body: { message: 'Service Unavailable' } },
      // LI.FI's token list fails too: the picker names it and keeps the config's tokens.
      '/v1/tokens': [{ status: 500, body: { message: 'Internal error' } }, { body: lifiFixtures.tokens }],
    })
    const { page, form, consoleErrors, offMachine } = await openProduction(current)
    await connect(page)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await expect
      .poll(() => page.getByTestId('rpc-unreachable').textContent(), { timeout: 30_000 })
      .toBe("Arbitrum One's RPC is not answering, so the balance can't be read. It will show again when it answers.")
    expect(await page.getByTestId('origin-balance').textContent()).toBe('Balance: —Retry')
    expect(await page.getByRole('button', { name: 'Max', exact: true }).count()).toBe(0)
    await screenshot(page, 'production-rpc-unreachable')
    // The picker says so too, with "—" for each balance.
    await page.getByTestId('origin-token').click()
    const picker = page.getByRole('dialog')
    await expect.poll(() => picker.getByTestId('picker-balances-failed').isVisible(), { timeout: 30_000 }).toBe(true)
    const listFailed = picker.getByTestId('picker-list-failed')
    await expect
      .poll(() => listFailed.textContent(), { timeout: 20_000 })
      .toBe("LI.FI's token list couldn't be loaded; the listed tokens are here. Retry")
    expect(await picker.locator('.picker-token-symbol', { hasText: /^ARB$/ }).count()).toBe(0)
    await screenshot(page, 'production-picker-failures')
    await listFailed.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(() => listFailed.count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => picker.locator('.picker-token-symbol', { hasText: /^ARB$/ }).count()).toBe(1)
    await page.keyboard.press('Escape')
    // The RPC answers again: the balance comes back without the person doing anything.
    if (healthy) current.server.setRoutes({ [arbitrumRpc]: healthy })
    await expect
      .poll(() => page.getByTestId('origin-balance').textContent(), { timeout: 40_000 })
      .toMatch(/^Balance: 250/)
    expect(await page.getByTestId('rpc-unreachable').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Max', exact: true }).count()).toBe(1)
    expect(offMachine).toEqual([])
    expect(
      consoleErrors.filter((text) => !httpErrorOnConsole(503).test(text) && !httpErrorOnConsole(500).test(text)),
    ).toEqual([])
  }, 120_000)
})
