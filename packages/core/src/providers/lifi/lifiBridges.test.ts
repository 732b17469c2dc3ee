import { type Address, type Hex, pad } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FIXTURE_ACCOUNT, lifiFixtures } from '../../../test/fixtures/index.ts'
import { type ProductionTestbed, startProductionTestbed } from '../../../test/support/productionTestbed.ts'
import { executeWithRecordingWallet, tamperedRoute } from '../../../test/support/tamperedRoute.ts'
import type { Route } from '../../routes/types.ts'
import {
  FIXTURE,
  POLYMER,
  polymerAnswer,
  polymerCalldata,
  STARGATE,
  stargateAnswer,
  stargateCalldata,
  word,
} from './fixtures/quoteCalldata.ts'
import { LIFI_CHECKED_BRIDGES } from './lifiCalldata.ts'

/**
 * LI.FI's bridges beyond Across (issue #55 point 3): Stargate V2 and Circle's CCTP through Polymer, each decoded from
 * its facet's own struct. The honest answer of each is a route whose minimum the call binds; each hostile call, fed
 * through the real adapter and `executeRoute`, is refused before anything is signed. Before these decoders, every one
 * of these calls was refused as an unknown selector, the honest ones too: LI.FI was asked for Across alone.
 */
let bed: ProductionTestbed
const OTHER: Address = '0x000000000000000000000000000000000000dEaD'
const ARBITRUM_USDT: Address = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
/** LayerZero executor options: a native drop of 0.01 ETH to OTHER on arrival (OptionsBuilder.addExecutorNativeDropOption). */
const NATIVE_DROP: Hex = `0x0003010031020000000000000000002386f26fc10000${pad(OTHER, { size: 32 }).slice(2)}`

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())

type Attack = [name: string, data: Hex, code: string, field: string | undefined]

const bridges: {
  name: string
  answer: (data?: Hex) => unknown
  control: { functionName: string; output: bigint; minimum: bigint; nativeFee?: bigint; detail?: object }
  attacks: Attack[]
}[] = [
  {
    name: 'Stargate V2',
    answer: (data) => stargateAnswer(lifiFixtures.quote, data),
    control: {
      functionName: 'swapAndStartBridgeTokensViaStargate',
      output: STARGATE.toAmount,
      minimum: STARGATE.toAmountMin,
      nativeFee: STARGATE.nativeFee,
    },
    attacks: [
      ['Stargate pays another address', stargateCalldata({ send: { to: word(OTHER) } }), 'signedMismatch', 'recipient'],
      [
        'Stargate sends to Optimim while BridgeData names Base',
        stargateCalldata({ send: { dstEid: STARGATE.optimismEid } }),
        'signedMismatch',
        'destinationChain',
      ],
      [
        "the ETH pool's asset id for USDC (the pool would take the diamond's own ETH)",
        stargateCalldata({ stargate: { assetId: 13 } }),
        'signedMismatch',
        'inputToken',
      ],
      [
        'a minimum of 1 USDC (below the minimum shown)',
        stargateCalldata({ send: { minAmountLD: 1_000_000n } }),
        'signedMismatch',
        'output',
      ],
      [
        'a minimum above what is bridged (a transfer that cannot happen, shown as a better one)',
        stargateCalldata({ send: { minAmountLD: FIXTURE.amount * 2n } }),
        'signedMismatch',
        'output',
      ],
      [
        'a LayerZero native drop to another address',
        stargateCalldata({ send: { extraOptions: NATIVE_DROP } }),
        'signedMismatch',
        'destinationCall',
      ],
      [
        'a composed call on the destination',
        stargateCalldata({ send: { composeMsg: '0x1234' } }),
        'signedMismatch',
        'destinationCall',
      ],
      ['an unknown Stargate command', stargateCalldata({ send: { oftCmd: '0x01' } }), 'signedMismatch', 'amount'],
      [
        "a LayerZero fee in LayerZero's own token",
        stargateCalldata({ stargate: { fee: { nativeFee: STARGATE.nativeFee, lzTokenFee: 1n } } }),
        'signedMismatch',
        'value',
      ],
      [
        'a LayerZero fee above what the transaction sends',
        stargateCalldata({ stargate: { fee: { nativeFee: STARGATE.nativeFee * 10n, lzTokenFee: 0n } } }),
        'signedMismatch',
        'value',
      ],
      [
        "LayerZero's unspent fee refunded to another address",
        stargateCalldata({ stargate: { refundAddress: OTHER } }),
        'signedMismatch',
        'refundTo',
      ],
    ],
  },
  {
    name: "Circle's CCTP through Polymer",
    answer: (data) => polymerAnswer(lifiFixtures.quote, data),
    control: {
      functionName: 'swapAndStartBridgeTokensViaPolymerCCTP',
      output: POLYMER.minted,
      minimum: POLYMER.minted,
    },
    attacks: [
      [
        'CCTP mints for another address',
        polymerCalldata({ bridge: { receiver: OTHER } }),
        'signedMismatch',
        'recipient',
      ],
      [
        "Polymer's fee takes 50 USDC",
        polymerCalldata({ polymer: { polymerTokenFee: 50_000_000n } }),
        'signedMismatch',
        'output',
      ],
      [
        'CCTP may take a fee of 50 USDC on arrival',
        polymerCalldata({ polymer: { maxCCTPFee: 50_000_000n, minFinalityThreshold: 1000 } }),
        'signedMismatch',
        'output',
      ],
      [
        'the fees take all that is bridged',
        polymerCalldata({ polymer: { polymerTokenFee: POLYMER.bridged } }),
        'signedMismatch',
        'output',
      ],
      [
        'a hook called on the destination',
        polymerCalldata({ polymer: { hookData: '0xdeadbeef' } }),
        'signedMismatch',
        'destinationCall',
      ],
      [
        'USDT sent to the USDC-only facet',
        polymerCalldata({ bridge: { sendingAssetId: ARBITRUM_USDT } }),
        'signedMismatch',
        'inputToken',
      ],
      [
        'an unknown finality threshold',
        polymerCalldata({ polymer: { minFinalityThreshold: 500 } }),
        'signedMismatch',
        'deadline',
      ],
      [
        "the swap's leftover refunded to another address",
        polymerCalldata({ polymer: { refundRecipient: OTHER } }),
        'signedMismatch',
        'refundTo',
      ],
      [
        'a destination that is not Base (Solana, by its LI.FI chain id)',
        polymerCalldata({ bridge: { destinationChainId: 1_151_111_081_099_710n } }),
        'signedMismatch',
        'output',
      ],
    ],
  },
]

it('asks LI.FI for exactly the bridges the decoder accepts', () => {
  expect(LIFI_CHECKED_BRIDGES).toEqual(['across', 'stargateV2', 'stargateV2Bus', 'polymerStandard'])
})

describe.each(bridges)('LI.FI through $name', ({ answer, control, attacks }) => {
  beforeEach(() => {
    bed.server.setRoutes({ '/v1/quote': { body: answer() } })
  })

  it('control: the honest answer is a route whose minimum the call binds', async () => {
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(route).toMatchObject({ outputAmount: control.output, minOutputAmount: control.minimum })
    expect(route.nativeFee).toBe(control.nativeFee)
    const plan = await bed.lifi.planDeposit(route)
    expect(plan.approval).toMatchObject({ amount: FIXTURE.amount })
    expect(bed.lifi.decodeDeposit(plan.transaction, route)).toMatchObject({
      functionName: control.functionName,
      inputAmount: FIXTURE.amount,
      recipient: FIXTURE_ACCOUNT,
      refundTo: FIXTURE_ACCOUNT,
      destinationChainId: 8453,
      destinationCall: false,
      output: { token: FIXTURE.baseUsdc, amount: control.minimum },
    })
  })

  it.each(attacks)('refuses a quote whose call has %s, before it is shown', async (_name, data, code, field) => {
    bed.server.setRoutes({ '/v1/quote': { body: answer(data) } })
    const error = await bed.lifi.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
  })

  it.each(attacks)('executeRoute signs nothing for a route whose call has %s', async (_name, data, code, field) => {
    const honest = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    const { error, wallet, onUpdate } = await executeWithRecordingWallet(tamperedRoute(honest, data), {
      provider: bed.lifi,
      clients: bed.clients,
      refreshRoute: () => bed.lifi.getQuote(bed.usdcRequest),
    })
    expect(error).toMatchObject({ code, ...(field ? { field } : {}) })
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })
})
