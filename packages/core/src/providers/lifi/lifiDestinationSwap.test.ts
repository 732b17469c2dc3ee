import { type Address, type Hex, pad } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FIXTURE_ACCOUNT, lifiFixtures } from '../../../test/fixtures/index.ts'
import { type ProductionTestbed, startProductionTestbed } from '../../../test/support/productionTestbed.ts'
import { executeWithRecordingWallet, tamperedRoute } from '../../../test/support/tamperedRoute.ts'
import type { QuoteRequest, Route } from '../../routes/types.ts'
import {
  arrivalMessage,
  arrivalSwapStep,
  DESTINATION_SWAP,
  destinationSwapAnswer,
  destinationSwapCalldata,
  FIXTURE,
  ONE_INCH_ROUTER,
  word,
} from './fixtures/quoteCalldata.ts'

/**
 * Bridge then swap through LI.FI (issue #55 point 2): 100 USDC on Arbitrum, bridged by Across to LI.FI's receiver on
 * Base, swapped there by 1inch for USDT. The honest call is a route whose minimum is 1inch's, and whose failure case
 * (the bridged USDC) is shown; each hostile payload, fed through the real adapter and `executeRoute`, is refused
 * before anything is signed. Before this decoder every destination call was refused, the honest one too.
 */
let bed: ProductionTestbed
const OTHER: Address = '0x000000000000000000000000000000000000dEaD'

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({ '/v1/quote': { body: destinationSwapAnswer(lifiFixtures.quote) } })
})

const usdcToUsdt = (): QuoteRequest => ({ ...bed.usdcRequest, destination: bed.token(8453, 'usdt') })
const withStep = (step: Parameters<typeof arrivalSwapStep>[0]) =>
  destinationSwapCalldata({ across: { message: arrivalMessage([arrivalSwapStep(step)]) } })

type Attack = [name: string, data: Hex, code: string, field: string | undefined]
const attacks: Attack[] = [
  [
    'a payload paying someone else',
    destinationSwapCalldata({ across: { message: arrivalMessage(undefined, OTHER) } }),
    'signedMismatch',
    'recipient',
  ],
  ['1inch paying someone else', withStep({ dstReceiver: OTHER }), 'signedMismatch', 'recipient'],
  ["a minimum below the route's (1 USDT)", withStep({ minOut: 1_000_000n }), 'signedMismatch', 'output'],
  ['a partial fill (its minimum scaled down)', withStep({ flags: 1n }), 'signedMismatch', 'output'],
  [
    'a step calling another contract with the bridged USDC approved to it',
    withStep({ step: { callTo: OTHER, approveTo: OTHER } }),
    'unknownContract',
    undefined,
  ],
  [
    '1inch called but another contract approved',
    withStep({ step: { approveTo: OTHER } }),
    'unknownContract',
    undefined,
  ],
  [
    'a swap of half of what Across delivers',
    withStep({ amount: DESTINATION_SWAP.delivered / 2n }),
    'signedMismatch',
    'amount',
  ],
  ['a swap into another token than USDT', withStep({ dstToken: FIXTURE.baseUsdc }), 'signedMismatch', 'output'],
  [
    'a swap from another token than Across delivers',
    withStep({ srcToken: DESTINATION_SWAP.baseUsdt }),
    'signedMismatch',
    'output',
  ],
  [
    'two steps on arrival',
    destinationSwapCalldata({ across: { message: arrivalMessage([arrivalSwapStep(), arrivalSwapStep()]) } }),
    'signedMismatch',
    'destinationCall',
  ],
  [
    "Across paying another contract than LI.FI's receiver",
    destinationSwapCalldata({ across: { receiverAddress: word(OTHER) } }),
    'signedMismatch',
    'destinationCall',
  ],
  [
    'a message that is no LI.FI payload',
    destinationSwapCalldata({ across: { message: pad('0x1234', { size: 32 }) } }),
    'signedMismatch',
    'destinationCall',
  ],
  [
    'a message while the call says it has no destination call',
    destinationSwapCalldata({ bridge: { hasDestinationCall: false } }),
    'signedMismatch',
    'destinationCall',
  ],
]

describe('LI.FI bridge then swap', () => {
  it('control: USDC bridged by Across and swapped by 1inch on Base for USDT is a route, its minimum 1inch’s', async () => {
    const route = (await bed.lifi.getQuote(usdcToUsdt())) as Route
    expect(route).toMatchObject({
      outputAmount: DESTINATION_SWAP.swapOut,
      minOutputAmount: DESTINATION_SWAP.swapMin,
      slippageMode: 'auto',
    })
    // The legs LI.FI names, in the call's order: Across, then 1inch on Base.
    expect(route.legs?.map((leg) => [leg.kind, leg.tool, leg.from.symbol, leg.to.symbol, leg.to.chainId])).toEqual([
      ['bridge', 'Across', 'USDC', 'USDC', 8453],
      ['swap', '1inch', 'USDC', 'USDT', 8453],
    ])
    const plan = await bed.lifi.planDeposit(route)
    expect(bed.lifi.decodeDeposit(plan.transaction, route)).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaAcrossV4',
      inputAmount: FIXTURE.amount,
      recipient: FIXTURE_ACCOUNT,
      destinationChainId: 8453,
      destinationCall: false,
      output: { token: DESTINATION_SWAP.baseUsdt, amount: DESTINATION_SWAP.swapMin },
      details: [
        { label: 'LI.FI fee', kind: 'input', value: FIXTURE.lifiFee },
        { label: 'Swapped on arrival by', kind: 'address', value: ONE_INCH_ROUTER },
        {
          label: 'If the swap on arrival fails, you receive',
          kind: 'amount',
          value: DESTINATION_SWAP.delivered,
          symbol: 'USDC',
          decimals: 6,
        },
      ],
    })
  })

  it.each(attacks)('refuses a quote whose call has %s, before it is shown', async (_name, data, code, field) => {
    bed.server.setRoutes({ '/v1/quote': { body: destinationSwapAnswer(lifiFixtures.quote, data) } })
    const error = await bed.lifi.getQuote(usdcToUsdt()).catch((e) => e)
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
  })

  it.each(attacks)('executeRoute signs nothing for a route whose call has %s', async (_name, data, code, field) => {
    const honest = (await bed.lifi.getQuote(usdcToUsdt())) as Route
    const { error, wallet, onUpdate } = await executeWithRecordingWallet(tamperedRoute(honest, data), {
      provider: bed.lifi,
      clients: bed.clients,
      refreshRoute: () => bed.lifi.getQuote(usdcToUsdt()),
    })
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })

  it('refuses an answer whose steps shown are not the call’s: the swap said to come before the bridge', async () => {
    const answer = destinationSwapAnswer(lifiFixtures.quote)
    const [fee, bridge, swap] = answer.includedSteps
    bed.server.setRoutes({ '/v1/quote': { body: { ...answer, includedSteps: [fee, swap, bridge] } } })
    const error = await bed.lifi.getQuote(usdcToUsdt()).catch((e) => e)
    expect(error).toMatchObject({
      code: 'invalidQuote',
      details: expect.stringContaining('the steps shown (swap, bridge)'),
    })
  })

  it('refuses a swap on arrival into the native coin, which the tracker could not see arrive', async () => {
    const eth = bed.token(8453, 'native')
    bed.server.setRoutes({
      '/v1/quote': {
        body: {
          ...destinationSwapAnswer(
            lifiFixtures.quote,
            withStep({ dstToken: '0x0000000000000000000000000000000000000000' }),
          ),
          action: { ...lifiFixtures.quote.action, toToken: { ...lifiFixtures.quote.action.toToken, ...eth } },
        },
      },
    })
    const error = await bed.lifi.getQuote({ ...bed.usdcRequest, destination: eth }).catch((e) => e)
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'output' })
  })
})
