import {
  formatDisplayAmount,
  HISTORY_STORE_VERSION,
  lifiTokenList,
  type Manifest,
  NATIVE_TOKEN_ADDRESS,
  productionManifest,
  type SwapRecord,
} from '@multi-bridge/core'
import type { BrowserContext, Page } from '@playwright/test'
import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  isAddressEqual,
  toFunctionSelector,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, toAccount } from 'viem/accounts'
import { spokePoolDepositV3Abi } from '../packages/core/src/providers/across/acrossSchemas.ts'
import {
  DESTINATION_SWAP,
  destinationSwapAnswer,
  ETH_SWAP,
  ETH_SWAP_OUTPUT,
  ethSwapAnswer,
  FIXTURE,
  ONE_INCH_ROUTER,
  STARGATE,
  stargateAnswer,
  USDC_TO_ETH,
  USDC_TO_ETH_OUTPUT,
  usdcToEthAnswer,
} from '../packages/core/src/providers/lifi/fixtures/quoteCalldata.ts'
import { lifiDiamondAbi } from '../packages/core/src/providers/lifi/lifiCalldata.ts'
import { relayFixtures, relayRequestFor, relayStatusFor } from '../packages/core/src/providers/relay/relayFixtures.ts'
import {
  acrossFeesAt,
  acrossFixtures,
  FIXTURE_ACCOUNT,
  FIXTURE_DEPOSIT_TX,
  FIXTURE_FILL_TX,
  LIFI_QUOTE_ACROSS_PAYS,
  lifiFixtures,
} from '../packages/core/test/fixtures/index.ts'
import { filledRelayLog, fundsDepositedLog, namingOrder } from '../packages/core/test/support/bridgeLogs.ts'
import {
  type ReplayRoutes,
  type ReplayServer,
  startReplayServer,
  transferLog,
} from '../packages/core/test/support/replayServer.ts'
import { type App, expect, test } from './fixtures/index.ts'
import type { Shell } from './pages/Shell.ts'
import type { SwapForm } from './pages/SwapForm.ts'
import {
  BLOCK_TIMESTAMP,
  CANNED_RPC_METHODS,
  type CannedChains,
  cannedChains,
  UNSUPPORTED_RPC_METHODS,
} from './support/cannedChains.ts'
import { screenshot } from './support/screenshot.ts'
import { TEST_WALLET_NAME } from './support/testWallet.ts'

const ARBITRUM = 42161
const BASE = 8453
const defaults = productionManifest()
const usdcOf = (chainId: number) =>
  defaults.chains.find((chain) => chain.id === chainId)?.tokens.find((token) => token.kind === 'usdc') ??
  (() => {
    throw new Error(`no USDC on ${chainId}`)
  })()
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
const acrossFilledFor = (depositTxnRef: string) => ({
  ...acrossFixtures.statusFilled,
  depositTxnRef,
  depositTxHash: depositTxnRef,
})
const BASE_SPOKE_POOL = '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64' as const
/** Relay's solver: the sender of the fills the fixtures describe. */
const RELAY_SOLVER = '0xf70da97812CB96acDF810712Aa562db8dfA3dbEF' as const
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** Across's id of the deposits the Across tests make or name (the canned Arbitrum logs it: `acrossDepositLogs`). */
const ACROSS_DEPOSIT_ID = BigInt(acrossFixtures.statusFilled.depositId)

/**
 * A delivery Base shows: `to` paid the fixture account `amount` of Base USDC (what makes "delivered" count), as the
 * fill of the deposit the test made: Base's SpokePool's `FilledRelay` naming Across's deposit id (what makes an
 * Across "filled" count), and calldata ending with Relay's request id (as Relay's solver names what it fills).
 */
function deliveredOnBase(chains: CannedChains, hash: Hex, to: Address, amount: bigint | string) {
  const fill = { depositId: ACROSS_DEPOSIT_ID, inputToken: arbitrumUsdc.address, outputToken: baseUsdc.address }
  chains.knownReceipts.set(hash, {
    chainId: BASE,
    to,
    logs: [
      transferLog(baseUsdc.address, to, FIXTURE_ACCOUNT, BigInt(amount)),
      filledRelayLog(FIXTURE_ACCOUNT, BigInt(amount), BASE_SPOKE_POOL, fill),
    ],
    input: namingOrder(relayFixtures.quoteUsdc.requestId as Hex),
  })
}

/** What Arbitrum's SpokePool logs of a 100 USDC deposit to Base for the fixture account: its id, `ACROSS_DEPOSIT_ID`. */
function acrossDepositLogs(spokePool: Address) {
  const deposit = {
    depositId: ACROSS_DEPOSIT_ID,
    destinationChainId: BASE,
    inputToken: arbitrumUsdc.address,
    inputAmount: 100_000_000n,
    outputToken: baseUsdc.address,
    outputAmount: BigInt(acrossFixtures.suggestedFees.outputAmount),
    depositor: FIXTURE_ACCOUNT,
    recipient: FIXTURE_ACCOUNT,
  }
  return [fundsDepositedLog({ ...deposit, spokePool })]
}

/**
 * The review's "What you sign", read from the transaction the wallet will be asked to sign: the contract and
 * function, the recipient, the destination, 100 USDC out of the wallet, and the exact approval to that contract.
 */
async function expectSigned(form: SwapForm, signed: { contract: string; name: string; functionName: string }) {
  const panel = form.dialog.getByTestId('signed-transaction')
  await expect(panel.getByTestId('signed-contract')).toHaveText(
    `${signed.name} · ${short(getAddress(signed.contract))}`,
  )
  await expect(panel.getByTestId('signed-contract')).toHaveAttribute('title', getAddress(signed.contract))
  await expect(panel.getByTestId('signed-function')).toHaveText(signed.functionName)
  await expect(panel.getByTestId('signed-recipient')).toHaveAttribute('title', FIXTURE_ACCOUNT)
  await expect(panel.getByTestId('signed-destination')).toHaveText('Base')
  await expect(panel.getByTestId('signed-amount')).toHaveText('100 USDC')
  await expect(panel.getByTestId('signed-approval')).toHaveText(
    `Exactly 100 USDC to ${short(getAddress(signed.contract))}`,
  )
  await expect(panel.getByTestId('signed-value')).toHaveCount(0)
}

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
test.afterEach(async () => {
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
  options: { ensNames?: Record<string, Address | null>; balances?: typeof BALANCES } = {},
): Promise<Bed> {
  const chains = cannedChains(
    defaults.chains.map((chain) => ({ id: chain.id, multicall3: chain.contracts.multicall3 })),
    options.balances ?? BALANCES,
    options.ensNames,
  )
  // The test wallet acts as the fixture account (another key signs for it): its transactions are that account's.
  chains.sender = FIXTURE_ACCOUNT
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
/** Refuses every request of `context` that would leave this machine; returns their addresses, for a test to expect none. */
async function keepOnMachine(context: BrowserContext): Promise<string[]> {
  const offMachine: string[] = []
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      offMachine.push(route.request().url())
      return route.abort()
    },
  )
  return offMachine
}

async function openProduction(
  app: App,
  current: Bed,
  parameters: { storage?: Record<string, string>; path?: string; signing?: boolean } = {},
) {
  const session = await app.open({
    manifest: () => current.manifest,
    wallet: { account: parameters.signing ? signingFixtureAccount : fixtureAccount, initialChainId: ARBITRUM },
    ...(parameters.storage ? { storage: { lang: 'en', ...parameters.storage } } : {}),
    ...(parameters.path ? { path: parameters.path } : {}),
  })
  return { ...session, offMachine: await keepOnMachine(session.context) }
}

async function connect(shell: Shell) {
  await shell.openConnectDialog()
  await expect(shell.walletOption(TEST_WALLET_NAME)).toBeVisible()
  // Production: no in-app devnet wallet.
  await expect(shell.walletOption(/Local test wallet/)).toHaveCount(0)
  await shell.walletOption(TEST_WALLET_NAME).click()
  await expect(shell.accountButton).toBeVisible()
}

/** 100 USDC from Arbitrum to Base, to the fixture account (the transfer every fixture describes). */
async function enterUsdcTransfer(form: SwapForm) {
  await form.pickToken('destination', 'Base', 'USDC')
  await form.recipient.fill(FIXTURE_ACCOUNT)
  await form.amount.fill('100')
  await expect(form.tokenButton('origin')).toContainText('Arbitrum')
}

const display = (amount: string | bigint, decimals: number) => formatDisplayAmount(BigInt(amount), decimals)
const quotes = (server: ReplayServer, path: string) => server.requests.filter((request) => request.path === path)

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

/**
 * The review's "If it goes wrong", read from the deposit to sign: the latest delivery (a time unless said), who
 * returns an undelivered deposit, and what comes back (no such row when nothing does).
 */
async function expectWorstCase(
  form: SwapForm,
  expected: { latest?: string | RegExp; refund: string | RegExp; comesBack?: string | RegExp },
) {
  const worst = form.dialog.getByTestId('worst-case')
  await expect(worst.getByTestId('worst-typical')).toHaveText(/\d/)
  await expect(worst.getByTestId('worst-latest')).toHaveText(expected.latest ?? /\d/)
  await expect(worst.getByTestId('worst-refund')).toHaveText(expected.refund)
  if (expected.comesBack === undefined) await expect(worst.getByTestId('worst-comes-back')).toHaveCount(0)
  else await expect(worst.getByTestId('worst-comes-back')).toHaveText(expected.comesBack)
}

/**
 * The swap in the open dialog, as its receipt link shows it to someone else: a fresh browser, no wallet, nothing
 * stored, read from the replayed chains and the provider's API by the deposit hash alone, with the same rows as the
 * person's own History detail and the same end. Returns that browser's session for the clean-run check.
 */
async function expectReceiptElsewhere(app: App, current: Bed, session: { page: Page; form: SwapForm }) {
  const { page, form } = session
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
  await form.dialog.getByTestId('copy-receipt-link').click()
  const link = new URL(await page.evaluate(() => navigator.clipboard.readText())).hash
  expect(link).toMatch(new RegExp(`^#/pages/log/index\\?chain=${ARBITRUM}&tx=0x[0-9a-f]{64}$`))
  const own = await form.detailRows()
  const stranger = await app.open({ manifest: () => current.manifest })
  const offMachine = await keepOnMachine(stranger.context)
  await stranger.goto(link)
  await expect(stranger.form.dialog.getByRole('heading', { name: 'Swap receipt' })).toBeVisible({ timeout: 30_000 })
  await expect(stranger.form.progress()).toHaveText('Completed', { timeout: 30_000 })
  expect(await stranger.form.detailRows()).toEqual(own)
  return { offMachine, consoleErrors: stranger.consoleErrors }
}

/** A clean run: only canned RPC calls, nothing sent off this machine, and nothing on the console. */
function expectOnlyTheBed(current: Bed, session: { offMachine: string[]; consoleErrors: string[] }) {
  expectOnlyCannedRpc(current)
  expect(session.offMachine).toEqual([])
  expect(session.consoleErrors).toEqual([])
}

test.describe('production mode (LI.FI, Across and Relay, replayed)', () => {
  test('lists LI.FI, Across and Relay routes side by side for 100 USDC Arbitrum → Base, as their APIs quote them', async ({
    app,
  }) => {
    const current = await startBed()
    const { page, form, shell, consoleErrors, offMachine } = await openProduction(app, current)
    await expect(shell.connectButton).toBeVisible()
    await expect(page.getByText('Local network')).toHaveCount(0)
    await connect(shell)

    // The picker: the config's tokens and LI.FI's list, each once, with balances from the chain.
    await form.tokenButton('origin').click()
    const picker = form.picker
    await form.networkButton('Arbitrum').click()
    const options = form.options
    const listed = lifiTokenList(lifiFixtures.tokens.tokens, defaults).get(ARBITRUM) ?? []
    const arbitrumTokens = defaults.chains.find((chain) => chain.id === ARBITRUM)?.tokens ?? []
    const added = listed.filter((token) => !arbitrumTokens.some((own) => own.address === token.address))
    expect(added.map((token) => token.symbol)).toEqual(['ARB', 'UNI'])
    await expect(options.first()).toHaveAttribute('aria-setsize', String(arbitrumTokens.length + added.length))
    // Sorted by balance: the 250 USDC first.
    await expect(options.first()).toHaveText(/USDC.*250/)
    await expect(form.option('USDC')).toHaveCount(1)
    await expect(form.option('ARB')).toHaveCount(1)
    await options.first().click()
    await picker.waitFor({ state: 'detached' })

    await enterUsdcTransfer(form)
    const lifi = form.route('lifi')
    const across = form.route('across')
    await expect(lifi).toBeVisible({ timeout: 20_000 })
    await expect(across).toBeVisible({ timeout: 20_000 })

    const { estimate, toolDetails } = lifiFixtures.quote
    const fees = acrossFixtures.suggestedFees
    await expect(lifi).toContainText(`LI.FI (${toolDetails.name})`)
    // What LI.FI's Across deposit pays, decoded from the calldata, exactly: not LI.FI's estimate, no lower minimum.
    await expect(lifi.getByTestId('route-receivable-amount')).toHaveText(
      `${display(LIFI_QUOTE_ACROSS_PAYS, baseUsdc.decimals)} ${baseUsdc.symbol}`,
    )
    await expect(lifi).not.toContainText('Minimum')
    await expect(lifi).toContainText(`Approximately ${estimate.executionDuration} seconds`)
    await expect(across).toContainText('Across')
    await expect(across.getByTestId('route-receivable-amount')).toHaveText(
      `${display(fees.outputAmount, baseUsdc.decimals)} ${baseUsdc.symbol}`,
    )
    // Across's relayer fills exactly the quoted amount: no lower minimum.
    await expect(across).not.toContainText('Minimum')
    await expect(across).toContainText(`Approximately ${fees.estimatedFillTimeSec} seconds`)
    const relay = form.route('relay')
    await expect(relay).toBeVisible({ timeout: 20_000 })
    const relayOut = relayFixtures.quoteUsdc.details.currencyOut
    await expect(relay).toContainText('Relay')
    await expect(relay.getByTestId('route-receivable-amount')).toHaveText(
      `${display(relayOut.amount, baseUsdc.decimals)} ${baseUsdc.symbol}`,
    )
    await expect(relay).toContainText(`Approximately ${relayFixtures.quoteUsdc.details.timeEstimate} seconds`)

    // USD values at each provider's own prices: LI.FI's priceUSD (0.99985), Relay's amountUsd; Across gives none.
    await expect(lifi.getByTestId('route-usd')).toHaveText('≈ $99.95')
    await expect(relay.getByTestId('route-usd')).toHaveText('≈ $99.95')
    await expect(across.getByTestId('route-usd')).toHaveCount(0)
    await expect(page.getByTestId('amount-usd')).toHaveText('≈ $99.99')

    // Ranked by what is signed (said so): Across's 99.976623, Relay's 99.970279, LI.FI's Across deposit's 99.963802.
    await expect(page.getByTestId('ranking-note')).toBeVisible()
    const cards = form.routes
    await expect(cards.nth(0)).toHaveAttribute('data-testid', 'route-across')
    await expect(cards.nth(1)).toHaveAttribute('data-testid', 'route-relay')
    await expect(cards.nth(2)).toHaveAttribute('data-testid', 'route-lifi')
    await expect(cards.nth(0)).toContainText('Best')
    await expect(page.getByTestId('receive-estimate')).toHaveText(display(fees.outputAmount, 6))
    await expect(form.mainButton).toHaveText('Swap')

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
    await expect(page.getByTestId('route-receivable')).toContainText(display(LIFI_QUOTE_ACROSS_PAYS, 6))
    await expect(form.routeDetails).toContainText(`USDC (Arbitrum One) → LI.FI (${toolDetails.name}) → USDC (Base)`)
    await screenshot(page, 'production-routes')
    // A slippage typed is warned about on Relay's route, whose minimum it sets (the routes are asked for again with
    // it), and said not to apply to LI.FI's through Across, which pays an exact amount or refunds.
    const warning = page.getByTestId('slippage-warning')
    const notApplied = page.getByTestId('slippage-not-applied')
    await form.slippage.fill('20')
    await form.route('relay').click()
    await expect(warning).toHaveText(
      'Very high slippage: you accept up to 20% less than the estimate, and a worse price becomes likely',
    )
    await expect(notApplied).toHaveCount(0)
    await form.route('lifi').click()
    await expect(notApplied).toHaveText(
      `LI.FI (${toolDetails.name}) delivers the amount shown or refunds: your slippage does not apply to it`,
    )
    await expect(warning).toHaveCount(0)

    expectOnlyTheBed(current, { offMachine, consoleErrors })
  })

  test("shows Across's reason when it refuses the amount, and LI.FI's route after a 429 and a retry", async ({
    app,
  }) => {
    const current = await startBed({
      '/api/suggested-fees': { status: 400, body: acrossFixtures.amountTooLow },
      '/v1/quote': [
        { status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' } },
        { body: lifiFixtures.quote },
      ],
    })
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current)
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(form)

    const reason = page.getByTestId('route-error-across')
    await expect(reason).toBeVisible({ timeout: 20_000 })
    await expect(reason).toHaveText(`Across: Amount too low for this route${acrossFixtures.amountTooLow.message}`)
    await expect(reason.getByTestId('route-unavailable-details')).toHaveText(acrossFixtures.amountTooLow.message)
    await expect(form.route('across')).toHaveCount(0)

    const lifi = form.route('lifi')
    await expect(lifi).toBeVisible({ timeout: 20_000 })
    await expect(lifi.getByTestId('route-receivable-amount')).toHaveText(`${display(LIFI_QUOTE_ACROSS_PAYS, 6)} USDC`)
    await expect(page.getByTestId('route-error-lifi')).toHaveCount(0)
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

  test('gas on arrival: with USDC sent, LI.FI offers none (its token gas step cannot be checked) and says so, as Across does', async ({
    app,
  }) => {
    const current = await startBed({
      '/v1/gas/suggestion/8453': { body: lifiFixtures.gasSuggestion },
      // Were LI.FI asked for gas, it would answer with a Gas.zip step that swaps USDC through calls whose recipients
      // cannot be read (refused by the decoder): it is not asked.
      '/v1/quote': (request) => ({
        body: request.query.fromAmountForGas ? lifiFixtures.quoteGas : lifiFixtures.quote,
      }),
    })
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current)
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(form)
    const gasSwitch = page.getByRole('switch', { name: 'Get gas on Base' })
    await expect(form.route('lifi')).toBeVisible({ timeout: 20_000 })
    await expect(gasSwitch).not.toBeChecked()

    await gasSwitch.check()
    const lifi = form.route('lifi')
    await expect(lifi.getByTestId('route-gas-on-arrival')).toHaveText('No gas option', { timeout: 20_000 })
    await expect(form.route('across').getByTestId('route-gas-on-arrival')).toHaveText('No gas option')
    // Asked again, for the route without gas: no gas suggestion, no gas amount in the quote.
    expect(quotes(current.server, '/v1/gas/suggestion/8453')).toHaveLength(0)
    const asked = quotes(current.server, '/v1/quote')
    expect(asked.length).toBeGreaterThan(1)
    expect(asked.every((quote) => quote.query.fromAmountForGas === undefined)).toBe(true)
    // Still a route to take, as it was without gas.
    await lifi.click()
    await expect(page.getByTestId('route-receivable')).toContainText(display(LIFI_QUOTE_ACROSS_PAYS, 6))
    await screenshot(page, 'production-gas-on-arrival')
    expect(consoleErrors).toEqual([])
    expect(offMachine).toEqual([])
    expectOnlyCannedRpc(current)
  })

  test("follows LI.FI's and Across's status in History in words, with no Refund for a provider that refunds itself", async ({
    app,
  }) => {
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
    const { page, history, form, consoleErrors, offMachine } = await openProduction(app, current, {
      path: '#/pages/log/index',
      storage: { __persist__history: JSON.stringify({ state: { swaps }, version: HISTORY_STORE_VERSION }) },
    })

    // Newest first: Across (expired, refunding by itself), then LI.FI (waiting for the destination).
    const details = history.statusDetails
    await expect(details).toHaveText([
      'Expired — the refund is on its way',
      'Waiting for the transfer on the destination chain',
    ])
    expect(quotes(current.server, '/v1/status')[0]?.query).toMatchObject({
      txHash: FIXTURE_DEPOSIT_TX,
      fromChain: String(ARBITRUM),
      toChain: String(BASE),
    })
    expect(quotes(current.server, '/api/deposit/status')[0]?.query).toEqual({ depositTxnRef: FIXTURE_DEPOSIT_TX })

    await history.rows.first().click()
    const dialog = form.dialog
    await expect(dialog.getByTestId('status-detail')).toHaveText('Expired — the refund is on its way')
    await expect(dialog.getByTestId('swap-progress')).toHaveText('Swapping...')
    await expect(dialog.getByTestId('step').filter({ hasText: 'Delivery' })).toHaveAttribute('data-state', 'failed')
    await expect(dialog.getByTestId('step').filter({ hasText: 'Refund' })).toHaveAttribute('data-state', 'active')
    await expect(dialog.getByRole('button', { name: 'Refund' })).toHaveCount(0)
    await expect(dialog.getByText('Revocation available after')).toHaveCount(0)
    // With the provider: how long, and where to follow it.
    await expect(dialog.getByTestId('provider-page')).toHaveAttribute(
      'href',
      `https://app.across.to/transaction/${FIXTURE_DEPOSIT_TX}`,
    )
    await expect(dialog.getByTestId('waiting-for')).toHaveText(/^Approximately \d+ (second|minute)s?$/)
    await screenshot(page, 'production-across-expired')

    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('takes a swap through LI.FI from quote to Completed: exact approval, the quoted transaction, status by its bridge', async ({
    app,
  }) => {
    const current = await startBed({
      '/v1/status': (request) => ({ body: lifiDoneFor(String(request.query.txHash)) }),
    })
    const { receiving } = lifiFixtures.statusDone
    deliveredOnBase(current.chains, receiving.txHash as Hex, RELAY_SOLVER, receiving.amount)
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current, { signing: true })
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(form)
    await expect(form.route('lifi')).toBeVisible({ timeout: 20_000 })
    await form.route('lifi').click()
    await form.mainButton.click()
    await expectSigned(form, {
      contract: lifiFixtures.quote.transactionRequest.to,
      name: 'LI.FI Diamond',
      functionName: decodeFunctionData({ abi: lifiDiamondAbi, data: lifiFixtures.quote.transactionRequest.data as Hex })
        .functionName,
    })
    // The worst case, from the Across deposit inside LI.FI's call: its fill deadline, then Across's own refund of
    // what was bridged, on Arbitrum.
    await expectWorstCase(form, {
      refund: /^LI\.FI.* returns the tokens by itself after .*\d/,
      comesBack: /^[\d.]+ USDC on Arbitrum One$/,
    })
    // The review's summary, exact and in USD at LI.FI's prices.
    const summary = form.dialog.getByTestId('review-summary')
    await expect(form.dialog.getByRole('heading', { name: 'Review swap' })).toBeVisible()
    await expect(summary.getByTestId('review-send')).toHaveText('100 USDC ≈ $99.99')
    // What the Across deposit pays, exactly: the minimum is that amount.
    await expect(summary.getByTestId('review-receive')).toHaveText('99.963802 USDC ≈ $99.95')
    await expect(summary.getByTestId('review-minimum')).toHaveText('99.963802 USDC ≈ $99.95')
    await expect(summary.getByTestId('review-fee-0')).toHaveText('0.025 USDC ≈ $0.02')
    await expect(summary.getByTestId('review-fee-1')).toHaveText('0.00000186 ETH ≈ <$0.01') // $0.0061
    await expect(summary.getByTestId('value-loss-warning')).toHaveCount(0)
    await screenshot(page, 'production-lifi-review')
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })

    // Two transactions on Arbitrum: the exact approval to LI.FI's approval address, then the quoted call.
    const { transactionRequest, estimate } = lifiFixtures.quote
    const [approval, deposit] = current.chains.mined
    expect(current.chains.mined).toHaveLength(2)
    expect(approval).toMatchObject({ chainId: ARBITRUM, to: getAddress(arbitrumUsdc.address) })
    expect(decodeFunctionData({ abi: erc20Abi, data: approval!.data }).args).toEqual([
      getAddress(estimate.approvalAddress),
      100_000_000n,
    ])
    expect(deposit).toMatchObject({ chainId: ARBITRUM, to: getAddress(transactionRequest.to) })
    expect(deposit?.data.toLowerCase()).toBe(transactionRequest.data.toLowerCase())
    // Followed by that deposit's hash and the route's bridge.
    expect(quotes(current.server, '/v1/status').at(-1)?.query).toMatchObject({
      txHash: deposit!.hash,
      bridge: lifiFixtures.quote.tool,
      fromChain: String(ARBITRUM),
      toChain: String(BASE),
    })
    await expect(page.getByTestId('receivable-amount')).toHaveText(
      `${display(lifiFixtures.statusDone.receiving.amount, 6)} USDC`,
    )
    const elsewhere = await expectReceiptElsewhere(app, current, { page, form })
    expectOnlyTheBed(current, { offMachine, consoleErrors })
    expectOnlyTheBed(current, elsewhere)
  })

  test('swaps ETH on Arbitrum for USDC on Base through LI.FI: its DEX leg decoded and checked on the diamond, to Completed', async ({
    app,
  }) => {
    // LI.FI's answer: its fee in ETH, 1inch's swap of the rest for USDC, Across V4 to Base (fixtures/quoteCalldata.ts).
    const answer = ethSwapAnswer(lifiFixtures.quote)
    const delivered = ETH_SWAP_OUTPUT.estimate
    const { statusDone } = lifiFixtures
    const current = await startBed(
      {
        '/v1/quote': { body: answer },
        '/v1/status': (request) => ({
          body: {
            ...statusDone,
            sending: {
              ...statusDone.sending,
              txHash: String(request.query.txHash),
              amount: ETH_SWAP.amount.toString(),
            },
            receiving: { ...statusDone.receiving, amount: delivered.toString() },
          },
        }),
      },
      { balances: { ...BALANCES, [ARBITRUM]: { [NATIVE_TOKEN_ADDRESS]: 500_000_000_000_000_000n } } },
    )
    deliveredOnBase(current.chains, statusDone.receiving.txHash as Hex, RELAY_SOLVER, delivered)
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current, { signing: true })
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'ETH')
    await form.pickToken('destination', 'Base', 'USDC')
    await form.recipient.fill(FIXTURE_ACCOUNT)
    await form.amount.fill('0.1')
    const lifi = form.route('lifi')
    await expect(lifi).toBeVisible({ timeout: 20_000 })
    await expect(lifi.getByTestId('route-receivable-amount')).toHaveText(`${display(delivered, 6)} USDC`)
    // Its legs, each with its tool: 1inch's swap on Arbitrum, then Across.
    await expect(lifi.getByTestId('route-tools')).toHaveText('1inch → Across')
    await lifi.click()
    await form.mainButton.click()
    // What is signed: the diamond's swap-then-bridge, the ETH sent as value, no approval; the DEX named.
    const panel = form.dialog.getByTestId('signed-transaction')
    await expect(panel.getByTestId('signed-function')).toHaveText('swapAndStartBridgeTokensViaAcrossV4')
    await expect(panel.getByTestId('signed-amount')).toHaveText('0.1 ETH')
    await expect(panel.getByTestId('signed-destination')).toHaveText('Base')
    await expect(panel).toContainText('Swapped on the origin by')
    await expect(panel).toContainText(short(ONE_INCH_ROUTER))
    await expect(form.dialog.getByTestId('review-minimum')).toContainText(`${display(ETH_SWAP_OUTPUT.minimum, 6)} USDC`)
    await screenshot(page, 'production-lifi-swap-review')
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })

    // One transaction: the quoted call, with the ETH as its value (no approval for the coin).
    expect(current.chains.mined).toHaveLength(1)
    const [deposit] = current.chains.mined
    expect(deposit).toMatchObject({ chainId: ARBITRUM, value: ETH_SWAP.amount })
    expect(deposit?.data.toLowerCase()).toBe(answer.transactionRequest.data.toLowerCase())
    // The diamond's allowlist was asked on Arbitrum before signing, never taken from the answer.
    const arbitrumCalls = JSON.stringify(
      current.server.requests.filter((request) => request.path === `/rpc/${ARBITRUM}`).map((request) => request.body),
    ).toLowerCase()
    expect(arbitrumCalls).toContain(toFunctionSelector('isAddressWhitelisted(address)').slice(2))
    expect(arbitrumCalls).toContain(ONE_INCH_ROUTER.slice(2).toLowerCase())
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('swaps USDC on Base for ETH on Optimism through LI.FI: 1inch into the coin, Across to Optimism, to Completed', async ({
    app,
  }) => {
    const OPTIMISM = 10
    const answer = usdcToEthAnswer(lifiFixtures.quote)
    const delivered = USDC_TO_ETH_OUTPUT.estimate
    const { statusDone } = lifiFixtures
    const eth = { ...statusDone.receiving.token, ...answer.action.toToken }
    const current = await startBed(
      {
        '/v1/quote': { body: answer },
        '/v1/status': (request) => ({
          body: {
            ...statusDone,
            sending: { ...statusDone.sending, chainId: BASE, txHash: String(request.query.txHash) },
            receiving: { ...statusDone.receiving, chainId: OPTIMISM, token: eth, amount: delivered.toString() },
          },
        }),
      },
      {
        balances: {
          ...BALANCES,
          [BASE]: { [baseUsdc.address]: 600_000_000n, [NATIVE_TOKEN_ADDRESS]: 3_000_000_000_000_000n },
        },
      },
    )
    // Across fills on Optimism with WETH and unwraps it for the wallet: its fill event names the account.
    const optimismPool = getAddress(current.manifest.providers?.across?.spokePools[String(OPTIMISM)] ?? '')
    current.chains.knownReceipts.set(statusDone.receiving.txHash as Hex, {
      chainId: OPTIMISM,
      to: optimismPool,
      logs: [
        filledRelayLog(FIXTURE_ACCOUNT, delivered, optimismPool, {
          originChainId: BASE,
          inputToken: USDC_TO_ETH.baseWeth,
          outputToken: USDC_TO_ETH.optimismWeth,
        }),
      ],
    })
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current, { signing: true })
    await connect(shell)
    await form.pickToken('origin', 'Base', 'USDC')
    await form.pickToken('destination', 'OP Mainnet', 'ETH')
    await form.recipient.fill(FIXTURE_ACCOUNT)
    await form.amount.fill('500')
    const lifi = form.route('lifi')
    await expect(lifi).toBeVisible({ timeout: 20_000 })
    await expect(lifi.getByTestId('route-tools')).toHaveText('1inch → Across')
    await expect(lifi.getByTestId('route-receivable-amount')).toHaveText(`${display(delivered, 18)} ETH`)
    await lifi.click()
    await form.mainButton.click()
    const panel = form.dialog.getByTestId('signed-transaction')
    await expect(panel.getByTestId('signed-function')).toHaveText('swapAndStartBridgeTokensViaAcrossV4')
    await expect(panel.getByTestId('signed-amount')).toHaveText('500 USDC')
    await expect(panel.getByTestId('signed-destination')).toHaveText('OP Mainnet')
    await expect(panel).toContainText('Swapped on the origin by')
    await expect(form.dialog.getByTestId('review-minimum')).toContainText(
      `${display(USDC_TO_ETH_OUTPUT.minimum, 18)} ETH`,
    )
    await screenshot(page, 'production-lifi-usdc-eth-review')
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    // The exact approval on Base, then the quoted call.
    const [approval, deposit] = current.chains.mined
    expect(approval).toMatchObject({ chainId: BASE })
    expect(decodeFunctionData({ abi: erc20Abi, data: approval!.data }).args[1]).toBe(USDC_TO_ETH.amount)
    expect(deposit?.data.toLowerCase()).toBe(answer.transactionRequest.data.toLowerCase())
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('swaps USDC on Arbitrum for USDT on Base through LI.FI: bridged by Across, swapped on arrival by 1inch, to Completed', async ({
    app,
  }) => {
    // LI.FI's answer: its fee, Across V4 to LI.FI's receiver on Base with 1inch's swap into USDT (quoteCalldata.ts).
    const answer = destinationSwapAnswer(lifiFixtures.quote)
    const { statusDone } = lifiFixtures
    const received = DESTINATION_SWAP.swapOut
    const usdt = { ...statusDone.receiving.token, ...answer.action.toToken }
    const current = await startBed({
      '/v1/quote': { body: answer },
      '/v1/status': (request) => ({
        body: {
          ...statusDone,
          sending: { ...statusDone.sending, txHash: String(request.query.txHash) },
          receiving: { ...statusDone.receiving, token: usdt, amount: received.toString() },
        },
      }),
    })
    // The deposit pays LI.FI's receiver on Base (its Across deposit says so); the fill there pays the receiver, whose
    // swap pays the account USDT through LI.FI's Executor, in the same transaction.
    const depositPool = getAddress(current.manifest.providers?.across?.spokePools[String(ARBITRUM)] ?? '')
    current.chains.minedLogs = (mined) =>
      mined.chainId === ARBITRUM
        ? [
            fundsDepositedLog({
              depositId: ACROSS_DEPOSIT_ID,
              destinationChainId: BASE,
              inputToken: arbitrumUsdc.address,
              inputAmount: FIXTURE.amount - FIXTURE.lifiFee,
              outputToken: baseUsdc.address,
              outputAmount: DESTINATION_SWAP.delivered,
              depositor: FIXTURE_ACCOUNT,
              recipient: DESTINATION_SWAP.baseReceiver,
              spokePool: depositPool,
            }),
          ]
        : undefined
    current.chains.knownReceipts.set(statusDone.receiving.txHash as Hex, {
      chainId: BASE,
      to: BASE_SPOKE_POOL,
      logs: [
        transferLog(baseUsdc.address, BASE_SPOKE_POOL, DESTINATION_SWAP.baseReceiver, DESTINATION_SWAP.delivered),
        filledRelayLog(DESTINATION_SWAP.baseReceiver, DESTINATION_SWAP.delivered, BASE_SPOKE_POOL, {
          depositId: ACROSS_DEPOSIT_ID,
          inputToken: arbitrumUsdc.address,
          outputToken: baseUsdc.address,
        }),
        transferLog(DESTINATION_SWAP.baseUsdt, DESTINATION_SWAP.baseExecutor, FIXTURE_ACCOUNT, received),
      ],
    })
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current, { signing: true })
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await form.pickToken('destination', 'Base', 'USDT')
    await form.recipient.fill(FIXTURE_ACCOUNT)
    await form.amount.fill('100')
    const lifi = form.route('lifi')
    await expect(lifi).toBeVisible({ timeout: 20_000 })
    await expect(lifi.getByTestId('route-tools')).toHaveText('Across → 1inch')
    await lifi.click()
    await expect(page.getByTestId('route-path')).toContainText('USDC (Arbitrum One) → Across →')
    await expect(page.getByTestId('route-path')).toContainText('→ 1inch → 99.9 USDT (Base)')
    await form.mainButton.click()
    // What is signed: the diamond's call to Across with the swap on arrival decoded, its fallback said.
    const panel = form.dialog.getByTestId('signed-transaction')
    await expect(panel.getByTestId('signed-function')).toHaveText('swapAndStartBridgeTokensViaAcrossV4')
    await expect(panel).toContainText('Swapped on arrival by')
    await expect(panel).toContainText(short(ONE_INCH_ROUTER))
    await expect(panel).toContainText('If the swap on arrival fails, you receive')
    await expect(panel).toContainText(`${display(DESTINATION_SWAP.delivered, 6)} USDC`)
    await expect(form.dialog.getByTestId('review-minimum')).toContainText(
      `${display(DESTINATION_SWAP.swapMin, 6)} USDT`,
    )
    await screenshot(page, 'production-lifi-arrival-swap-review')
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    await expect(page.getByTestId('receivable-amount')).toHaveText(`${display(received, 6)} USDT`)
    const [, deposit] = current.chains.mined
    expect(deposit?.data.toLowerCase()).toBe(answer.transactionRequest.data.toLowerCase())
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('bridges USDC through LI.FI over Stargate V2: its minimum and LayerZero fee decoded, to Completed', async ({
    app,
  }) => {
    // LI.FI's answer through StargateFacetV2: its fee, then Stargate's USDC pool to Base (fixtures/quoteCalldata.ts).
    const answer = stargateAnswer(lifiFixtures.quote)
    const current = await startBed({
      '/v1/quote': { body: answer },
      '/v1/status': (request) => ({
        body: { ...lifiDoneFor(String(request.query.txHash)), tool: 'stargateV2' },
      }),
    })
    const { receiving } = lifiFixtures.statusDone
    deliveredOnBase(current.chains, receiving.txHash as Hex, RELAY_SOLVER, receiving.amount)
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current, { signing: true })
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(form)
    const lifi = form.route('lifi')
    await expect(lifi).toBeVisible({ timeout: 20_000 })
    await expect(lifi).toContainText('LI.FI (StargateV2)')
    await lifi.click()
    await form.mainButton.click()
    const panel = form.dialog.getByTestId('signed-transaction')
    await expect(panel.getByTestId('signed-function')).toHaveText('swapAndStartBridgeTokensViaStargate')
    // Stargate has no deadline and no refund: LayerZero delivers it, in the end.
    await expectWorstCase(form, {
      latest: 'No deadline: this bridge always delivers',
      refund: 'No refund: this bridge always delivers',
    })
    // LayerZero's fee leaves the wallet as the call's value, besides the USDC.
    await expect(panel.getByTestId('signed-value')).toHaveText(`${display(STARGATE.nativeFee, 18)} ETH`)
    await expect(form.dialog.getByTestId('review-minimum')).toContainText(`${display(STARGATE.toAmountMin, 6)} USDC`)
    await screenshot(page, 'production-lifi-stargate-review')
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    const [, deposit] = current.chains.mined
    expect(deposit).toMatchObject({ value: STARGATE.nativeFee })
    expect(deposit?.data.toLowerCase()).toBe(answer.transactionRequest.data.toLowerCase())
    // Followed with its bridge, as LI.FI asks.
    expect(quotes(current.server, '/v1/status').at(-1)?.query).toMatchObject({ bridge: 'stargateV2' })
    expectOnlyCannedRpc(current)
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('takes a swap through Across from quote to Completed: depositV3 into the listed SpokePool', async ({ app }) => {
    const current = await startBed({
      '/api/deposit/status': (request) => ({ body: acrossFilledFor(String(request.query.depositTxnRef)) }),
    })
    deliveredOnBase(current.chains, FIXTURE_FILL_TX, BASE_SPOKE_POOL, acrossFixtures.suggestedFees.outputAmount)
    // The deposit into Arbitrum's SpokePool leaves its `FundsDeposited`: the id the fill on Base names.
    const depositPool = getAddress(current.manifest.providers?.across?.spokePools[String(ARBITRUM)] ?? '')
    current.chains.minedLogs = (mined) =>
      isAddressEqual(mined.to, depositPool) ? acrossDepositLogs(depositPool) : undefined
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current, { signing: true })
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(form)
    await expect(form.route('across')).toBeVisible({ timeout: 20_000 })
    await form.route('across').click()
    const pool = getAddress(current.manifest.providers?.across?.spokePools[String(ARBITRUM)] ?? '')
    await form.mainButton.click()
    await expectSigned(form, { contract: pool, name: 'Across SpokePool', functionName: 'depositV3' })
    await expect(form.dialog.getByTestId('signed-refund')).toHaveAttribute('title', FIXTURE_ACCOUNT)
    await expectWorstCase(form, {
      refund: /^Across returns the tokens by itself after .*\d/,
      comesBack: '100 USDC on Arbitrum One',
    })
    await screenshot(page, 'production-across-review')
    await form.confirm()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })

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
    await expect(form.transaction('Base', '0e7b')).toBeVisible() // the fill, on Base
    const elsewhere = await expectReceiptElsewhere(app, current, { page, form })
    expectOnlyTheBed(current, { offMachine, consoleErrors })
    expectOnlyTheBed(current, elsewhere)
  })

  test('takes a swap through Relay from quote to Completed: exact approval to the depository, the quoted deposit, status by its request id', async ({
    app,
  }) => {
    const { requestId } = relayFixtures.quoteUsdc
    const [fill] = relayFixtures.status.success.txHashes
    // Relay's answers in turn, each naming the deposit the test made (a success about another deposit counts for nothing).
    const answers = ['waiting', 'pending', 'success'] as const
    let look = 0
    const current = await startBed({
      '/relay/intents/status/v3': () => {
        const status = answers[Math.min(look++, answers.length - 1)] ?? 'success'
        return { body: relayStatusFor(status, bed?.chains.mined.at(-1)?.hash ?? '') }
      },
      // Relay's list of requests, asked by a deposit's hash (the receipt): the request of the deposit made here.
      '/relay/requests/v3': (request) => {
        const deposit = bed?.chains.mined.at(-1)?.hash
        const listed = deposit !== undefined && request.query.hash === deposit
        return { body: { requests: listed ? [relayRequestFor(deposit, fill as string)] : [] } }
      },
    })
    deliveredOnBase(current.chains, fill as Hex, RELAY_SOLVER, relayFixtures.quoteUsdc.details.currencyOut.amount)
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current, { signing: true })
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await enterUsdcTransfer(form)
    await expect(form.route('relay')).toBeVisible({ timeout: 20_000 })
    await form.route('relay').click()
    await form.mainButton.click()
    const depository = relayFixtures.quoteUsdc.steps[1]!.items[0]!.data.to
    await expectSigned(form, { contract: depository, name: 'Relay Depository', functionName: 'depositErc20' })
    // Relay's order fixes its deadline, and that refunds go back in the USDC paid, not their amount.
    await expectWorstCase(form, {
      refund: /^Relay returns the tokens by itself after .*\d/,
      comesBack: 'USDC on Arbitrum One, as much as Relay refunds',
    })
    await screenshot(page, 'production-relay-review')
    await form.confirm()
    const dialog = form.dialog
    // While Relay works on it: who refunds, and Relay's own page for the request.
    await expect(dialog.getByTestId('refund-policy')).toHaveText('Relay returns the tokens by itself', {
      timeout: 30_000,
    })
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })

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
    await expect(form.transaction('Base', 'ef2a')).toBeVisible()
    await expect(dialog.getByTestId('provider-page')).toHaveAttribute(
      'href',
      `https://relay.link/transaction/${requestId}`,
    )
    await screenshot(page, 'production-relay-completed')
    const elsewhere = await expectReceiptElsewhere(app, current, { page, form })
    expectOnlyTheBed(current, { offMachine, consoleErrors })
    expectOnlyTheBed(current, elsewhere)
  })

  test('follows an Across deposit through a slow fill to Completed, and another from expired to refunded', async ({
    app,
  }) => {
    test.setTimeout(120_000)
    const slow = `0x${'51'.repeat(32)}` as const
    const expiring = `0x${'52'.repeat(32)}` as const
    // Across answers each deposit's states in turn, as its indexer moves them: the next one to a look at least 3 s
    // after the last change (the app looks again at once after a change, and would otherwise skip a state).
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
    const seen: Record<string, { index: number; since: number }> = {}
    const current = await startBed({
      '/api/deposit/status': (request) => {
        const hash = String(request.query.depositTxnRef)
        const list = answers[hash] ?? []
        const last = seen[hash]
        const index = !last
          ? 0
          : Date.now() - last.since >= 3_000
            ? Math.min(last.index + 1, list.length - 1)
            : last.index
        if (!last || index !== last.index) seen[hash] = { index, since: Date.now() }
        return list[index] ? { body: list[index] } : { status: 404, body: acrossFixtures.depositNotFound }
      },
    })
    deliveredOnBase(current.chains, FIXTURE_FILL_TX, BASE_SPOKE_POOL, acrossFixtures.suggestedFees.outputAmount)
    // Across's refund on Arbitrum: "refunded" is final only once the chain shows the USDC back with the person.
    const arbitrumSpokePool = getAddress(current.manifest.providers?.across?.spokePools[String(ARBITRUM)] ?? '')
    // The slow-filled deposit as Arbitrum shows it: its SpokePool's `FundsDeposited`, the id the fill on Base names.
    current.chains.knownReceipts.set(slow, {
      chainId: ARBITRUM,
      to: arbitrumSpokePool,
      logs: acrossDepositLogs(arbitrumSpokePool),
    })
    current.chains.knownReceipts.set(acrossFixtures.statusRefunded.depositRefundTxHash as Hex, {
      chainId: ARBITRUM,
      to: arbitrumSpokePool,
      logs: [transferLog(arbitrumUsdc.address, arbitrumSpokePool, FIXTURE_ACCOUNT, 100_000_000n)],
    })
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
      // On the canned chains' clock: a fill can only count when it comes after its deposit.
      depositedAt: BLOCK_TIMESTAMP - 60,
      updatedAt: createdAt,
    })
    const swaps = { slow: across('slow', slow, now), expiring: across('expiring', expiring, now - 60_000) }
    const { history, form, consoleErrors, offMachine } = await openProduction(app, current, {
      path: '#/pages/log/index',
      storage: { __persist__history: JSON.stringify({ state: { swaps }, version: HISTORY_STORE_VERSION }) },
    })
    const rows = history.rows
    const details = history.statusDetails
    // First look: a slow fill requested (still Swapping, in words), and an expired deposit being refunded.
    await expect(details).toHaveText([
      'No relayer filled it yet: Across is filling it from its own pool, which takes longer',
      'Expired — the refund is on its way',
    ])
    await expect(rows.nth(0)).toContainText('Swapping...')
    // Next look (Across is asked every 10 s): filled, and refunded.
    await expect(rows.nth(0)).toContainText('Completed', { timeout: 40_000 })
    await expect(rows.nth(1)).toContainText('Failed', { timeout: 40_000 })
    await expect(details).toHaveText(['The provider returned the tokens'])
    await rows.nth(0).click()
    const dialog = form.dialog
    await expect(form.transaction('Base', '0e7b')).toBeVisible()
    await expect(dialog.getByTestId('provider-page')).toHaveAttribute(
      'href',
      `https://app.across.to/transaction/${slow}`,
    )
    expect(offMachine).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('sends to an ENS name: resolved on Ethereum, shown with its address, that address quoted and recorded', async ({
    app,
  }) => {
    const current = await startBed({}, { ensNames: { 'fixture.eth': FIXTURE_ACCOUNT, 'nobody.eth': null } })
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current)
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await form.pickToken('destination', 'Base', 'USDC')
    await form.amount.fill('100')
    await form.recipient.fill('nobody.eth')
    await expect(page.getByText('nobody.eth has no address set')).toBeVisible({ timeout: 20_000 })
    await expect(form.mainButton).toHaveText('Enter or select the recipient address')
    await form.recipient.fill(' fixture.eth ')
    await expect(page.getByTestId('resolved-recipient')).toHaveText(`fixture.eth → ${FIXTURE_ACCOUNT}`, {
      timeout: 20_000,
    })
    // Asked for the destination's own record first (ENSIP-11), and said which one answered.
    await expect(page.getByTestId('ens-record')).toHaveText('Resolved for Base')
    await expect(form.route('lifi')).toBeVisible({ timeout: 20_000 })
    // The providers are asked for the address the name points to.
    expect(quotes(current.server, '/v1/quote').at(-1)?.query.toAddress).toBe(FIXTURE_ACCOUNT)
    expect(quotes(current.server, '/api/suggested-fees').at(-1)?.query.recipient).toBe(FIXTURE_ACCOUNT)
    await screenshot(page, 'production-ens')
    await form.mainButton.click()
    await expect(form.dialog.getByText(FIXTURE_ACCOUNT, { exact: true })).toBeVisible()
    expectOnlyTheBed(current, { offMachine, consoleErrors })
  })

  test('says when a chain’s RPC does not answer (balance "—", no Max), and recovers by itself when it answers again', async ({
    app,
  }) => {
    test.setTimeout(120_000)
    const current = await startBed()
    const arbitrumRpc = `POST /rpc/${ARBITRUM}`
    const healthy = current.chains.routes[arbitrumRpc]
    current.server.setRoutes({
      [arbitrumRpc]: { status: 503, body: { message: 'Service Unavailable' } },
      // LI.FI's token list fails too: the picker names it and keeps the config's tokens.
      '/v1/tokens': [{ status: 500, body: { message: 'Internal error' } }, { body: lifiFixtures.tokens }],
    })
    const { page, shell, form, consoleErrors, offMachine } = await openProduction(app, current)
    await connect(shell)
    await form.pickToken('origin', 'Arbitrum', 'USDC')
    await expect(page.getByTestId('rpc-unreachable')).toHaveText(
      "Arbitrum One's RPC is not answering, so the balance can't be read. It will show again when it answers.",
      { timeout: 30_000 },
    )
    await expect(page.getByTestId('origin-balance')).toHaveText('Balance: —Retry')
    await expect(form.maxButton).toHaveCount(0)
    await screenshot(page, 'production-rpc-unreachable')
    // The picker says so too, with "—" for each balance.
    await form.tokenButton('origin').click()
    const picker = form.picker
    await expect(picker.getByTestId('picker-balances-failed')).toBeVisible({ timeout: 30_000 })
    const listFailed = picker.getByTestId('picker-list-failed')
    await expect(listFailed).toHaveText("LI.FI's token list couldn't be loaded; the listed tokens are here. Retry", {
      timeout: 20_000,
    })
    await expect(form.option('ARB')).toHaveCount(0)
    await screenshot(page, 'production-picker-failures')
    await listFailed.getByRole('button', { name: 'Retry' }).click()
    await expect(listFailed).toHaveCount(0, { timeout: 20_000 })
    await expect(form.option('ARB')).toHaveCount(1)
    await page.keyboard.press('Escape')
    // The RPC answers again: the balance comes back without the person doing anything.
    if (healthy) current.server.setRoutes({ [arbitrumRpc]: healthy })
    await expect(page.getByTestId('origin-balance')).toHaveText(/^Balance: 250/, { timeout: 40_000 })
    await expect(page.getByTestId('rpc-unreachable')).toHaveCount(0)
    await expect(form.maxButton).toHaveCount(1)
    expect(offMachine).toEqual([])
    expect(
      consoleErrors.filter((text) => !httpErrorOnConsole(503).test(text) && !httpErrorOnConsole(500).test(text)),
    ).toEqual([])
  })
})
