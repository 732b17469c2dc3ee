import { type Address, encodeFunctionData, type Hex, zeroAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FIXTURE_ACCOUNT, FIXTURE_DEPOSIT_TX, lifiFixtures } from '../../../test/fixtures/index.ts'
import { baseWithDeliveries, LIFI_DELIVERY } from '../../../test/support/lifiDelivery.ts'
import { type ProductionTestbed, startProductionTestbed } from '../../../test/support/productionTestbed.ts'
import { restoreWith } from '../../../test/support/restoreWith.ts'
import { executeWithRecordingWallet, tamperedRoute } from '../../../test/support/tamperedRoute.ts'
import type { Route } from '../../routes/types.ts'
import {
  acrossV3Calldata,
  acrossV4Calldata,
  dexSwapCall,
  FIXTURE,
  feeForwarderSwap,
  feeStep,
  fixtureBridgeData,
  fixtureDiamondAbi,
  gasQuoteCalldata,
  gasZipStep,
  gasZipWord,
  liFuelStep,
  NATIVE_GAS,
  NATIVE_GAS_OUTPUT,
  nativeGasAnswers,
  nativeGasCalldata,
  nativeGasStep,
  relayCalldata,
  type SwapData,
  word,
} from './fixtures/quoteCalldata.ts'

/**
 * Hostile LI.FI answers, fed through the real adapter and `executeRoute`: each would move the person's funds
 * elsewhere (or show a swap Completed that is not), and each must be refused before anything is signed.
 */
let bed: ProductionTestbed
const quote = lifiFixtures.quote
const OTHER: Address = '0x000000000000000000000000000000000000dEaD'
const ARBITRUM_USDT = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const BASE_USDBC = '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA'
const HALF_ETH = 500_000_000_000_000_000n
/** An absolute time an hour from now, as Across reads an exclusivity parameter above a year. */
const inAnHour = () => Math.floor(Date.now() / 1000) + 3_600

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({ '/v1/quote': { body: quote }, ...baseWithDeliveries([LIFI_DELIVERY]) })
})

const withCall = (data: Hex, value = quote.transactionRequest.value) => ({
  ...quote,
  transactionRequest: { ...quote.transactionRequest, data, value },
})

/** Runs `route` through the executor with a recording wallet; returns the error and what was asked of the wallet. */
const execute = (route: Route, refreshRoute = () => bed.lifi.getQuote(bed.usdcRequest)) =>
  executeWithRecordingWallet(route, { provider: bed.lifi, clients: bed.clients, refreshRoute })
const tampered = tamperedRoute

/** LI.FI's fee, then Across V4 (`quote.json`'s call), with `change`. */
const feeThenAcross = (change: Parameters<typeof acrossV4Calldata>[0] = {}) =>
  acrossV4Calldata({ swaps: [feeStep()], ...change })

type CalldataAttack = [name: string, data: Hex, code: string, field: string | undefined]

const attacks: CalldataAttack[] = [
  [
    'BridgeData.receiver is another address',
    feeThenAcross({ bridge: { receiver: OTHER } }),
    'signedMismatch',
    'recipient',
  ],
  [
    'destinationChainId 10 while the quote says 8453',
    feeThenAcross({ bridge: { destinationChainId: 10n } }),
    'signedMismatch',
    'destinationChain',
  ],
  [
    'sendingAssetId is another token (USDT)',
    feeThenAcross({ bridge: { sendingAssetId: ARBITRUM_USDT }, swaps: [feeStep({ token: ARBITRUM_USDT })] }),
    'signedMismatch',
    'inputToken',
  ],
  [
    'minAmount is another amount (200 USDC, no fee step)',
    feeThenAcross({ bridge: { minAmount: 200_000_000n }, swaps: [] }),
    'signedMismatch',
    'amount',
  ],
  [
    'the fee step pulls 200 USDC from the wallet',
    feeThenAcross({ bridge: { minAmount: 199_975_000n }, swaps: [feeStep({ amount: 200_000_000n })] }),
    'signedMismatch',
    'amount',
  ],
  [
    'the fee step takes more than the fees the quote shows',
    feeThenAcross({ bridge: { minAmount: 50_000_000n }, swaps: [feeStep({ fee: 50_000_000n })] }),
    'signedMismatch',
    'amount',
  ],
  [
    'the step before the bridge calls another contract than the FeeCollector',
    feeThenAcross({ swaps: [feeStep({ collector: OTHER })] }),
    'unknownContract',
    undefined,
  ],
  [
    'hasDestinationCall is true',
    feeThenAcross({ bridge: { hasDestinationCall: true } }),
    'signedMismatch',
    'destinationCall',
  ],
  [
    'Across delivers another token (USDbC)',
    feeThenAcross({ across: { receivingAssetId: word(BASE_USDBC) } }),
    'signedMismatch',
    'output',
  ],
  [
    'an Across fill deadline five seconds away (nobody fills it; Across refunds it hours later)',
    feeThenAcross({ across: { fillDeadline: Math.floor(Date.now() / 1000) + 5 } }),
    'signedMismatch',
    'deadline',
  ],
  [
    "LI.FI's Relay facet (what it delivers is Relay's off-chain request, not in the calldata)",
    relayCalldata(),
    'unknownContract',
    undefined,
  ],
  [
    'Across V3: receiverAddress is another address',
    acrossV3Calldata({ across: { receiverAddress: OTHER } }),
    'signedMismatch',
    'recipient',
  ],
  [
    'Across V3: BridgeData.receiver, receiverAddress, chain 10 and an output of 1 (the review case)',
    acrossV3Calldata({
      bridge: { receiver: OTHER, destinationChainId: 10n },
      across: { receiverAddress: OTHER, outputAmount: 1n },
    }),
    'signedMismatch',
    'recipient',
  ],
  [
    'Across V3: refundAddress is another address',
    acrossV3Calldata({ across: { refundAddress: OTHER } }),
    'signedMismatch',
    'refundTo',
  ],
  ['Across V3: outputAmount is 1', acrossV3Calldata({ across: { outputAmount: 1n } }), 'signedMismatch', 'output'],
  [
    'Across V3 after the fee step: an output percentage of 1 %',
    acrossV3Calldata({ swaps: [feeStep()], across: { outputAmountPercent: 10n ** 16n } }),
    'signedMismatch',
    'output',
  ],
  [
    'Across V3: receivingAssetId is another token (USDbC)',
    acrossV3Calldata({ across: { receivingAssetId: BASE_USDBC } }),
    'signedMismatch',
    'output',
  ],
  [
    'Across V3: a message for the destination',
    acrossV3Calldata({ bridge: { hasDestinationCall: true }, across: { message: '0x1234' } }),
    'signedMismatch',
    'destinationCall',
  ],
  [
    'Across V4: receiverAddress is another address',
    acrossV4Calldata({ across: { receiverAddress: word(OTHER) } }),
    'signedMismatch',
    'recipient',
  ],
  [
    'Across V4: a receiver word that is no EVM address',
    acrossV4Calldata({ across: { receiverAddress: `0x${'ff'.repeat(12)}${FIXTURE.account.slice(2)}` } }),
    'signedMismatch',
    'recipient',
  ],
  [
    'Across V4: deposits another token than the diamond takes',
    acrossV4Calldata({ across: { sendingAssetId: word(ARBITRUM_USDT) } }),
    'signedMismatch',
    'inputToken',
  ],
  ['Across V4: outputAmount is 1', acrossV4Calldata({ across: { outputAmount: 1n } }), 'signedMismatch', 'output'],
  [
    'Across V4: an exclusive relayer of the attacker for an hour, given as a time',
    acrossV4Calldata({ across: { exclusiveRelayer: word(OTHER), exclusivityParameter: inAnHour() } }),
    'signedMismatch',
    'exclusiveRelayer',
  ],
  [
    'Across V4: an exclusive relayer of the attacker for an hour',
    acrossV4Calldata({ across: { exclusiveRelayer: word(OTHER), exclusivityParameter: 3600 } }),
    'signedMismatch',
    'exclusiveRelayer',
  ],
  [
    'Across V3: an exclusive relayer of the attacker for an hour, given as a time',
    acrossV3Calldata({ across: { exclusiveRelayer: OTHER, exclusivityDeadline: inAnHour() } }),
    'signedMismatch',
    'exclusiveRelayer',
  ],
  [
    "the fee the quote shows credited as an integrator fee to the attacker's FeeCollector balance",
    acrossV4Calldata({ swaps: [feeStep({ fee: 0n, integratorFee: FIXTURE.lifiFee, integrator: OTHER })] }),
    'signedMismatch',
    'amount',
  ],
  ['an unknown selector on the diamond', `0xdeadbeef${relayCalldata().slice(10)}`, 'unknownContract', undefined],
  [
    'Relay depository facet (its order is off-chain, not in the calldata)',
    encodeFunctionData({
      abi: fixtureDiamondAbi,
      functionName: 'startBridgeTokensViaRelayDepository',
      args: [
        { ...fixtureBridgeData, hasSourceSwaps: false, minAmount: FIXTURE.amount },
        { orderId: `0x${'ab'.repeat(32)}`, depositorAddress: FIXTURE.account },
      ],
    }),
    'unknownContract',
    undefined,
  ],
]

describe('hostile LI.FI quotes', () => {
  it('control: the real calldata of the fixture and an honest Across V3 / V4 call are accepted', async () => {
    // Across's own windows: an exclusive relayer for seconds is honest (the adapter allows up to 600).
    const briefly = { exclusiveRelayer: word(OTHER), exclusivityParameter: 10 }
    const untilSoon = { exclusiveRelayer: OTHER, exclusivityDeadline: Math.floor(Date.now() / 1000) + 10 }
    const honest = [quote.transactionRequest.data as Hex, acrossV3Calldata(), acrossV4Calldata()]
    for (const data of [...honest, acrossV4Calldata({ across: briefly }), acrossV3Calldata({ across: untilSoon })]) {
      bed.server.setRoutes({ '/v1/quote': { body: withCall(data) } })
      const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
      const plan = await bed.lifi.planDeposit(route)
      expect(bed.lifi.decodeDeposit(plan.transaction, route)).toMatchObject({
        contractName: 'LI.FI Diamond',
        recipient: FIXTURE_ACCOUNT,
        destinationChainId: 8453,
        inputAmount: 100_000_000n,
        destinationCall: false,
      })
    }
  })

  it.each(attacks)('refuses a quote whose call has %s, before it is shown', async (_name, data, code, field) => {
    bed.server.setRoutes({ '/v1/quote': { body: withCall(data) } })
    const error = await bed.lifi.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
  })

  it.each(attacks)('executeRoute signs nothing for a route whose call has %s', async (_name, data, code, field) => {
    const honest = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    const { error, wallet, onUpdate } = await execute(tampered(honest, data))
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(wallet.switchChain).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })

  it('names the unknown selector as "Unknown contract type"', async () => {
    bed.server.setRoutes({ '/v1/quote': { body: withCall(`0xdeadbeef${relayCalldata().slice(10)}`) } })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toThrow('Unknown contract type: LI.FI Diamond 0xdeadbeef')
  })

  it('refuses a USDC route that sends 0.5 ETH of value besides (quote, and a tampered route at signing)', async () => {
    bed.server.setRoutes({ '/v1/quote': { body: withCall(quote.transactionRequest.data as Hex, '0x6f05b59d3b20000') } })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toMatchObject({ code: 'invalidQuote' })
    bed.server.setRoutes({ '/v1/quote': { body: quote } })
    const honest = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    const route = tampered(honest, quote.transactionRequest.data as Hex, 500_000_000_000_000_000n)
    const { error, wallet } = await execute(route)
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'value' })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
  })

  it('signs nothing when the quote fetched again sends native coin the reviewed one did not', async () => {
    const honest = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(honest.nativeFee).toBeUndefined()
    // The same transfer and minimum, with 0.5 ETH of value "explained" by a fee line of its own.
    const ETH = { address: zeroAddress, chainId: 42161, symbol: 'ETH', decimals: 18, name: 'ETH', priceUSD: '3290' }
    const fee = { name: 'Messaging fee', token: ETH, amount: HALF_ETH.toString(), amountUSD: '1645', included: false }
    const pricier = {
      ...withCall(quote.transactionRequest.data as Hex, `0x${HALF_ETH.toString(16)}`),
      estimate: { ...quote.estimate, feeCosts: [...quote.estimate.feeCosts, fee] },
    }
    bed.server.setRoutes({ '/v1/quote': { body: pricier } })
    expect((await bed.lifi.getQuote(bed.usdcRequest))?.nativeFee).toBe(HALF_ETH)
    const { error, wallet, onUpdate } = await execute({ ...honest, expiresAt: Date.now() - 1 })
    expect(error).toMatchObject({ code: 'reviewMismatch', field: 'nativeFee' })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })

  it('signs nothing when the quote fetched again before signing is hostile', async () => {
    const honest = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    bed.server.setRoutes({ '/v1/quote': { body: withCall(feeThenAcross({ bridge: { receiver: OTHER } })) } })
    const { error, wallet, onUpdate } = await execute({ ...honest, expiresAt: Date.now() - 1 })
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'recipient' })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })
})

/**
 * Gas on arrival: the quote asked with `fromAmountForGas` carries LI.FI's GasZipPeriphery step before the bridge,
 * asked only when the native coin is sent (0.1 ETH on Arbitrum for WETH on Base here). Each step below buys the gas
 * for someone else, somewhere else, with more of the amount, in another token, or through another contract (LI.Fuel's
 * retired collector among them); each is refused before anything is signed.
 */
describe('hostile LI.FI gas-on-arrival steps', () => {
  const gasRequest = () => ({
    ...bed.usdcRequest,
    origin: bed.token(42161, 'native'),
    destination: bed.token(8453, 'weth'),
    amount: NATIVE_GAS.amount,
    gasOnArrival: true,
  })
  const answers = (data?: Hex) =>
    nativeGasAnswers({ quote: lifiFixtures.quoteGas, suggestion: lifiFixtures.gasSuggestion }, data)
  const ethFee = feeStep({ token: zeroAddress, amount: NATIVE_GAS.amount, fee: NATIVE_GAS.lifiFee })
  const gasCall = (gas: Parameters<typeof gasZipStep>[0]) => nativeGasCalldata({ swaps: [ethFee, nativeGasStep(gas)] })
  const withSteps = (...steps: ReturnType<typeof feeStep>[]) => nativeGasCalldata({ swaps: [ethFee, ...steps] })
  beforeEach(() => {
    bed.server.setRoutes({
      '/v1/gas/suggestion/8453': { body: answers().suggestion },
      '/v1/quote': { body: answers().quote },
    })
  })

  const gasAttacks: CalldataAttack[] = [
    ['Gas.zip pays another address', gasCall({ receiver: gasZipWord(OTHER) }), 'signedMismatch', 'recipient'],
    [
      "the person's address padded on the wrong side (Gas.zip would pay another)",
      gasCall({ receiver: word(FIXTURE.account) }),
      'signedMismatch',
      'recipient',
    ],
    ['the gas goes to Optimism', gasCall({ chains: FIXTURE.gasZipOptimism }), 'signedMismatch', 'destinationChain'],
    [
      'the gas is split between Base and Optimism',
      gasCall({ chains: (FIXTURE.gasZipBase << 16n) | FIXTURE.gasZipOptimism }),
      'signedMismatch',
      'destinationChain',
    ],
    ['the gas takes 0.05 ETH of the amount', gasCall({ fee: NATIVE_GAS.amount / 2n }), 'signedMismatch', 'amount'],
    [
      'the gas is bought with a token (USDT) swapped for the coin',
      gasCall({ token: ARBITRUM_USDT, fee: NATIVE_GAS.gasFee }),
      'unknownContract',
      undefined,
    ],
    ['the gas step calls another contract', gasCall({ periphery: OTHER }), 'unknownContract', undefined],
    [
      "the gas step approves another contract than the periphery's",
      withSteps({ ...nativeGasStep(), approveTo: OTHER }),
      'unknownContract',
      undefined,
    ],
    [
      "the gas step calls another of the periphery's functions",
      withSteps({ ...nativeGasStep(), callData: '0x8456cb59' }),
      'unknownContract',
      undefined,
    ],
    ["the gas is bought through LI.Fuel's retired collector", withSteps(liFuelStep()), 'unknownContract', undefined],
    ['the gas is bought twice', withSteps(nativeGasStep(), nativeGasStep()), 'signedMismatch', 'amount'],
    ['the call buys no gas at all (the whole amount bridged after the fee)', withSteps(), 'signedMismatch', 'amount'],
  ]

  it('control: the real gas-on-arrival calldata is accepted, the gas and its cost shown', async () => {
    const route = (await bed.lifi.getQuote(gasRequest())) as Route
    expect(route.gasOnArrival).toMatchObject({ status: 'included', amount: 800_000_000_000_000n })
    expect(route.fees.at(-1)).toMatchObject({ label: 'Gas on arrival fee', amount: NATIVE_GAS.gasFee })
    const plan = await bed.lifi.planDeposit(route)
    expect(plan.transaction.data).toBe(nativeGasCalldata())
    expect(bed.lifi.decodeDeposit(plan.transaction, route)).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaAcrossV4',
      recipient: FIXTURE_ACCOUNT,
      destinationChainId: 8453,
      inputAmount: NATIVE_GAS.amount,
      output: { token: NATIVE_GAS.baseWeth, amount: NATIVE_GAS_OUTPUT },
    })
  })

  it.each(gasAttacks)('refuses a gas quote whose call has %s, before it is shown', async (_name, data, code, field) => {
    bed.server.setRoutes({ '/v1/quote': { body: answers(data).quote } })
    const error = await bed.lifi.getQuote(gasRequest()).catch((e) => e)
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
  })

  it.each(gasAttacks)(
    'executeRoute signs nothing for a gas route whose call has %s',
    async (_name, data, code, field) => {
      const honest = (await bed.lifi.getQuote(gasRequest())) as Route
      const { error, wallet, onUpdate } = await execute(tampered(honest, data), () => bed.lifi.getQuote(gasRequest()))
      expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
      expect(wallet.sendTransaction).not.toHaveBeenCalled()
      expect(wallet.switchChain).not.toHaveBeenCalled()
      expect(onUpdate).not.toHaveBeenCalled()
    },
  )

  it('refuses a gas step in a route that asked for no gas (quote, and a tampered route at signing)', async () => {
    const plainRequest = { ...gasRequest(), gasOnArrival: undefined }
    await expect(bed.lifi.getQuote(plainRequest)).rejects.toMatchObject({ code: 'signedMismatch', field: 'amount' })
    bed.server.setRoutes({ '/v1/quote': { body: answers(withSteps()).quote } })
    const honest = (await bed.lifi.getQuote(plainRequest)) as Route
    const { error, wallet } = await execute(tampered(honest, nativeGasCalldata()))
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'amount' })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
  })

  it('signs nothing when a gas route lost its asked amount (the gas step then asked by nobody)', async () => {
    const honest = (await bed.lifi.getQuote(gasRequest())) as Route
    const { gasFromAmount: _, ...data } = honest.data as Record<string, unknown>
    const { error, wallet } = await execute({ ...honest, data })
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'amount' })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
  })
})

/**
 * Gas on arrival with an ERC-20 input: LI.FI's GasZipPeriphery would swap the token for the coin through an inner
 * call of the answer's choosing (any contract the diamond whitelists, LI.FI's FeeForwarder among them) and deposit
 * only what came back to it. That call cannot be checked: the adapter asks LI.FI for no such gas and says so.
 */
describe('hostile LI.FI gas on arrival with an ERC-20 input', () => {
  const gasRequest = () => ({ ...bed.usdcRequest, gasOnArrival: true })
  const withInner = (swap: Partial<SwapData>) => acrossV4Calldata({ swaps: [feeStep(), gasZipStep({ swap })] })
  const gasQuote = lifiFixtures.quoteGas
  const answering = (data: Hex) => ({
    '/v1/gas/suggestion/8453': { body: lifiFixtures.gasSuggestion },
    '/v1/quote': { body: { ...gasQuote, transactionRequest: { ...gasQuote.transactionRequest, data } } },
  })
  const innerAttacks: [string, Hex][] = [
    ["LI.FI's FeeForwarder paying the USDC to the attacker", withInner(feeForwarderSwap(OTHER))],
    ["LI.FI's DEX aggregator paying the ETH to the attacker", withInner({ callData: dexSwapCall({ to: OTHER }) })],
    ["LI.FI's own answer (quote-gas.json: its DEX aggregator, pools unchecked)", gasQuoteCalldata()],
  ]

  it('a USDC route asked for gas says it has none, and LI.FI is asked for no gas step', async () => {
    bed.server.setRoutes({ '/v1/gas/suggestion/8453': { body: lifiFixtures.gasSuggestion } })
    const before = bed.server.requests.length
    const route = (await bed.lifi.getQuote(gasRequest())) as Route
    expect(route.gasOnArrival).toEqual({ status: 'unavailable' })
    expect(route.fees.map((fee) => fee.label)).not.toContain('Gas on arrival fee')
    expect(bed.server.requests.slice(before).map((r) => r.path)).toEqual(['/v1/quote'])
    expect(bed.server.requests.at(-1)?.query.fromAmountForGas).toBeUndefined()
  })

  it.each(innerAttacks)('refuses a USDC gas quote whose gas step has %s', async (_name, data) => {
    bed.server.setRoutes(answering(data))
    const error = await bed.lifi.getQuote(gasRequest()).catch((e) => e)
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'amount' })
  })

  it.each(innerAttacks)('executeRoute signs nothing for a USDC gas route whose call has %s', async (_name, data) => {
    // The honest route (LI.FI's plain answer, gas unavailable) carrying the hostile call at signing.
    const honest = (await bed.lifi.getQuote(gasRequest())) as Route
    const { error, wallet } = await execute(tampered(honest, data), () => bed.lifi.getQuote(gasRequest()))
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'amount' })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
  })
})

describe('hostile LI.FI status answers', () => {
  const done = lifiFixtures.statusDone
  const look = async (body: unknown) => {
    bed.server.setRoutes({ '/v1/status': { body } })
    const record = bed.depositedRecord('lifi')
    return bed.lifi.track(record).catch((e) => e)
  }

  it('control: DONE for this deposit, its delivery on Base, is Completed', async () => {
    expect(await look(done)).toMatchObject({
      type: 'delivered',
      deliveryTx: LIFI_DELIVERY.hash,
    })
  })

  it.each([
    ['another deposit', { ...done, sending: { ...done.sending, txHash: `0x${'77'.repeat(32)}` } }],
    ['a deposit on chain 1', { ...done, sending: { ...done.sending, chainId: 1 } }],
    ['a delivery on chain 1', { ...done, receiving: { ...done.receiving, chainId: 1 } }],
    ['no deposit at all', { ...done, sending: undefined }],
  ])('does not take a DONE naming %s', async (_name, body) => {
    expect(await look(body)).toMatchObject({ code: 'invalidResponse' })
    bed.server.setRoutes({ '/v1/status': { body } })
    await expect(bed.trackOnce('lifi')).rejects.toMatchObject({ code: 'invalidResponse' })
  })

  it.each([
    ['a delivery Base does not know', { ...done, receiving: { ...done.receiving, txHash: `0x${'66'.repeat(32)}` } }],
    [
      'a delivery of another token',
      { ...done, receiving: { ...done.receiving, txHash: LIFI_DELIVERY.hash } },
      BASE_USDBC,
    ],
  ])('keeps Swapping after a DONE with %s', async (_name, body, deliveredToken?: string) => {
    if (deliveredToken) {
      bed.server.setRoutes(baseWithDeliveries([{ ...LIFI_DELIVERY, token: deliveredToken as Hex }]))
    }
    bed.server.setRoutes({ '/v1/status': { body } })
    const record = await bed.trackOnce('lifi')
    expect(record).toMatchObject({ status: 'deposited', statusDetail: 'DELIVERY_NOT_ON_CHAIN' })
  })

  it('keeps Swapping after a DONE whose delivery on Base went to someone else', async () => {
    bed.server.setRoutes(baseWithDeliveries([{ ...LIFI_DELIVERY, to: OTHER }]))
    bed.server.setRoutes({ '/v1/status': { body: done } })
    expect(await bed.trackOnce('lifi')).toMatchObject({ status: 'deposited', statusDetail: 'DELIVERY_NOT_ON_CHAIN' })
  })

  it('restores a DONE transfer as Swapping while Base does not show its delivery', async () => {
    bed.server.setRoutes(baseWithDeliveries([]))
    const [restored] = await restoreWith(bed.lifi, FIXTURE_ACCOUNT)
    expect(restored).toMatchObject({ id: FIXTURE_DEPOSIT_TX, status: 'deposited' })
    expect(restored?.status).not.toBe('completed')
    bed.server.setRoutes(baseWithDeliveries([LIFI_DELIVERY]))
    const [confirmed] = await restoreWith(bed.lifi, FIXTURE_ACCOUNT)
    expect(confirmed).toMatchObject({ id: FIXTURE_DEPOSIT_TX, status: 'completed' })
  })
})
