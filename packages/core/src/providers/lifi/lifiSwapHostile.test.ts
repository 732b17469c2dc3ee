import { type Address, encodeFunctionData, type Hex, parseAbi, toFunctionSelector, zeroAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FIXTURE_ACCOUNT, lifiFixtures } from '../../../test/fixtures/index.ts'
import {
  LIFI_ALLOWED_DEX,
  type ProductionTestbed,
  startProductionTestbed,
} from '../../../test/support/productionTestbed.ts'
import { executeWithRecordingWallet, tamperedRoute } from '../../../test/support/tamperedRoute.ts'
import type { QuoteRequest, Route } from '../../routes/types.ts'
import {
  ETH_SWAP,
  ETH_SWAP_OUTPUT,
  ethSwapAnswer,
  ethSwapCalldata,
  FIXTURE,
  feeStep,
  ONE_INCH_ROUTER,
  oneInchStep,
} from './fixtures/quoteCalldata.ts'
import { PERMIT2 } from './lifiCalldata.ts'
import { LIFI_DIAMOND } from './lifiConfig.ts'

/**
 * Swap then bridge through LI.FI (issue #55): ETH on Arbitrum, swapped by 1inch for USDC, bridged by Across to Base.
 * The honest call is accepted; each hostile one, fed through the real adapter (with the diamond's allowlist read from
 * the canned chain as the diamond answers it) and `executeRoute`, is refused before anything is signed. Each of these
 * was signed by the decoder before: it refused every swap step, and took none of these checks.
 */
let bed: ProductionTestbed
const OTHER: Address = '0x000000000000000000000000000000000000dEaD'
const ARBITRUM_USDT: Address = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const UNLISTED: Address = '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f'

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({ '/v1/quote': { body: ethSwapAnswer(lifiFixtures.quote) } })
})

const ethToUsdc = (): QuoteRequest => ({
  ...bed.usdcRequest,
  origin: bed.token(42161, 'native'),
  amount: ETH_SWAP.amount,
})
const ethFee = () => feeStep({ token: zeroAddress, amount: ETH_SWAP.amount, fee: ETH_SWAP.lifiFee })
const withSwap = (swap: Parameters<typeof oneInchStep>[0]) => ethSwapCalldata({ swaps: [ethFee(), oneInchStep(swap)] })
/** 1inch's router called with another of its functions (not on the diamond's allowlist). */
const otherSelector = encodeFunctionData({
  abi: parseAbi(['function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex)']),
  functionName: 'unoswap',
  args: [0n, 1n, 1n, 0n],
})

type Attack = [name: string, data: Hex, code: string, field: string | undefined]
const attacks: Attack[] = [
  [
    'the swap calls the token it swaps to (USDC)',
    withSwap({ step: { callTo: FIXTURE.arbitrumUsdc } }),
    'signedMismatch',
    'contract',
  ],
  ['the swap approves Permit2', withSwap({ step: { approveTo: PERMIT2 } }), 'signedMismatch', 'contract'],
  ['the swap calls Permit2', withSwap({ step: { callTo: PERMIT2 } }), 'signedMismatch', 'contract'],
  ['the swap calls the diamond itself', withSwap({ step: { callTo: LIFI_DIAMOND } }), 'signedMismatch', 'contract'],
  [
    'the swap calls a contract the diamond does not allow',
    withSwap({ step: { callTo: OTHER } }),
    'unknownContract',
    undefined,
  ],
  [
    'the swap calls 1inch with a function the diamond does not allow',
    withSwap({ step: { callData: otherSelector } }),
    'unknownContract',
    undefined,
  ],
  [
    'the steps do not chain: the swap ends in USDT, the bridge takes USDC',
    withSwap({ receiving: ARBITRUM_USDT }),
    'signedMismatch',
    'inputToken',
  ],
  [
    'the steps do not chain: the swap sends USDC after the fee was taken in ETH',
    withSwap({ step: { sendingAssetId: FIXTURE.arbitrumUsdc } }),
    'signedMismatch',
    'inputToken',
  ],
  [
    'the first step takes more than the amount from the wallet',
    ethSwapCalldata({
      swaps: [feeStep({ token: zeroAddress, amount: ETH_SWAP.amount * 2n, fee: ETH_SWAP.lifiFee }), oneInchStep()],
    }),
    'signedMismatch',
    'amount',
  ],
  [
    'the swap takes half of what is left (the rest stays in the diamond)',
    withSwap({ amount: (ETH_SWAP.amount - ETH_SWAP.lifiFee) / 2n }),
    'signedMismatch',
    'amount',
  ],
  [
    "the bridge's minimum is 1 USDC (the diamond would bridge whatever the swap returns)",
    ethSwapCalldata({ bridge: { minAmount: 1_000_000n } }),
    'signedMismatch',
    'output',
  ],
  [
    'a second swap after the first',
    ethSwapCalldata({ swaps: [ethFee(), oneInchStep(), oneInchStep()] }),
    'signedMismatch',
    'amount',
  ],
  [
    'the swap ends in a token this app does not list (bridged as if it were USDC)',
    ethSwapCalldata({
      swaps: [ethFee(), oneInchStep({ receiving: UNLISTED })],
      bridge: { sendingAssetId: UNLISTED },
    }),
    'signedMismatch',
    'inputToken',
  ],
  [
    'a call on the destination besides the delivery',
    ethSwapCalldata({ bridge: { hasDestinationCall: true } }),
    'signedMismatch',
    'destinationCall',
  ],
]

describe('LI.FI swap then bridge', () => {
  it('control: ETH swapped by 1inch for USDC and bridged to Base is a route, its minimum bound by the call', async () => {
    const route = (await bed.lifi.getQuote(ethToUsdc())) as Route
    expect(route).toMatchObject({
      outputAmount: ETH_SWAP_OUTPUT.estimate,
      minOutputAmount: ETH_SWAP_OUTPUT.minimum,
      slippageMode: 'auto',
    })
    expect(route.legs?.map((leg) => [leg.kind, leg.tool, leg.from.symbol, leg.to.symbol, leg.to.chainId])).toEqual([
      ['swap', '1inch', 'ETH', 'USDC', 42161],
      ['bridge', 'Across', 'USDC', 'USDC', 8453],
    ])
    const plan = await bed.lifi.planDeposit(route)
    expect(plan.approval).toBeUndefined()
    expect(bed.lifi.decodeDeposit(plan.transaction, route)).toMatchObject({
      functionName: 'swapAndStartBridgeTokensViaAcrossV4',
      inputAmount: ETH_SWAP.amount,
      recipient: FIXTURE_ACCOUNT,
      destinationChainId: 8453,
      // The least Across pays: its multiplier of the least the diamond bridges (BridgeData.minAmount).
      output: { token: FIXTURE.baseUsdc, amount: ETH_SWAP_OUTPUT.minimum },
      details: [
        { label: 'LI.FI fee', kind: 'input', value: ETH_SWAP.lifiFee },
        { label: 'Swapped on the origin by', kind: 'address', value: ONE_INCH_ROUTER },
      ],
    })
    // The allowlist was asked of the diamond on Arbitrum (about 1inch's router), not taken from the answer.
    const reads = JSON.stringify(
      bed.server.requests.filter((request) => request.path === '/rpc/42161').map((request) => request.body),
    ).toLowerCase()
    expect(reads).toContain(toFunctionSelector('isAddressWhitelisted(address)').slice(2))
    expect(reads).toContain(LIFI_ALLOWED_DEX.slice(2).toLowerCase())
  })

  it.each(attacks)('refuses a quote whose call has %s, before it is shown', async (_name, data, code, field) => {
    bed.server.setRoutes({ '/v1/quote': { body: ethSwapAnswer(lifiFixtures.quote, data) } })
    const error = await bed.lifi.getQuote(ethToUsdc()).catch((e) => e)
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
  })

  it.each(attacks)('executeRoute signs nothing for a route whose call has %s', async (_name, data, code, field) => {
    const honest = (await bed.lifi.getQuote(ethToUsdc())) as Route
    const { error, wallet, onUpdate } = await executeWithRecordingWallet(tamperedRoute(honest, data), {
      provider: bed.lifi,
      clients: bed.clients,
      refreshRoute: () => bed.lifi.getQuote(ethToUsdc()),
    })
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })
})
