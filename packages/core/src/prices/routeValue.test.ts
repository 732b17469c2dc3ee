import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { Route, TokenPrice, TokenRef } from '../routes/types.ts'
import { receivedValue, routeUsdValues, valueLossBps } from './routeValue.ts'
import { formatUsdValue } from './usdValue.ts'

const ACCOUNT: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const usdcA: TokenRef = {
  chainId: 1,
  address: '0x00000000000000000000000000000000000000a1',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}
const usdcB: TokenRef = { ...usdcA, chainId: 2, address: '0x00000000000000000000000000000000000000b1' }
const ethB: TokenRef = { chainId: 2, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', decimals: 18, kind: 'native' }
const prices: TokenPrice[] = [
  { chainId: 1, address: usdcA.address, usd: '1' },
  { chainId: 2, address: usdcB.address, usd: '1' },
  { chainId: 2, address: NATIVE_TOKEN_ADDRESS, usd: '3000' },
]

/**
 * The devnet solver's quote for 1.2 USDC: 10 bps spread and a $0.10 gas fee taken from the output. It pays exactly its
 * output: a changed output is also its minimum unless the change names one.
 */
function intentRoute(change: Partial<Route> = {}): Route {
  return {
    id: 'intent',
    providerId: 'intent',
    providerName: 'Intent Bridge',
    request: { origin: usdcA, destination: usdcB, amount: 1_200_000n, sender: ACCOUNT, recipient: ACCOUNT },
    outputAmount: 1_098_800n,
    minOutputAmount: 1_098_800n,
    slippageBps: 0,
    slippageMode: 'auto',
    fees: [
      { label: 'Solver fee', token: usdcB, amount: 1_200n },
      { label: 'Solver gas fee', token: usdcB, amount: 100_000n },
    ],
    estimatedSeconds: 5,
    quotedAt: 0,
    expiresAt: 0,
    depositAddress: ACCOUNT,
    data: {},
    prices,
    ...change,
    ...(change.outputAmount !== undefined && change.minOutputAmount === undefined
      ? { minOutputAmount: change.outputAmount }
      : {}),
  }
}
const usd = (value: bigint | undefined) => (value === undefined ? undefined : formatUsdValue(value))

describe('a route in USD', () => {
  it('values what is sent, received, the minimum and each fee at the route’s prices', () => {
    const values = routeUsdValues(intentRoute({ minOutputAmount: 1_093_306n }))
    expect(usd(values.input)).toBe('1.2')
    expect(usd(values.output)).toBe('1.0988')
    expect(usd(values.minOutput)).toBe('1.093306')
    expect(values.fees.map(usd)).toEqual(['0.0012', '0.1'])
  })

  it('shows nothing where no price is known (never $0)', () => {
    const values = routeUsdValues(intentRoute({ prices: undefined }))
    expect(values).toEqual({ fees: [undefined, undefined] })
    const onlyInput = routeUsdValues(intentRoute({ prices: prices.slice(0, 1) }))
    expect(usd(onlyInput.input)).toBe('1.2')
    expect(onlyInput.output).toBeUndefined()
  })
})

describe('value lost to fees', () => {
  it('is 8.4 % for 1.2 USDC through the solver (the issue’s case), in USD', () => {
    expect(valueLossBps(intentRoute())).toBe(843)
  })

  it('compares the same token by amount when there are no prices', () => {
    expect(valueLossBps(intentRoute({ prices: undefined }))).toBe(843)
    // 30 bps of the pool bridge.
    expect(valueLossBps(intentRoute({ prices: undefined, outputAmount: 1_196_400n }))).toBe(30)
    // Another token without prices: unknown.
    expect(
      valueLossBps(intentRoute({ prices: undefined, request: { ...intentRoute().request, destination: ethB } })),
    ).toBeUndefined()
  })

  it('counts gas on arrival as received, at its price or at the fee paid for it', () => {
    const gas = { status: 'included' as const, token: ethB, amount: 10n ** 15n } // $3
    const fees = [...intentRoute().fees, { label: 'Gas on arrival fee', token: usdcB, amount: 3_000_000n }]
    const withGas = intentRoute({
      request: { ...intentRoute().request, amount: 100_000_000n },
      outputAmount: 96_800_000n,
      gasOnArrival: gas,
      fees,
    })
    expect(valueLossBps(withGas)).toBe(20) // $100 in, $96.8 + $3 out
    expect(valueLossBps({ ...withGas, prices: undefined })).toBe(20)
    expect(valueLossBps({ ...withGas, prices: prices.slice(0, 2) })).toBe(20)
    // Gas that cannot be valued either way: no figure rather than a false 3.2 %.
    expect(valueLossBps({ ...withGas, prices: undefined, fees: intentRoute().fees })).toBeUndefined()
  })

  it('adds native coin paid besides the amount to what is sent', () => {
    const ethA: TokenRef = { ...ethB, chainId: 1 }
    const route = intentRoute({
      request: { ...intentRoute().request, origin: ethA, amount: 10n ** 18n },
      destination: undefined,
      outputAmount: 2_970_000_000n,
      minOutputAmount: 2_970_000_000n,
      nativeFee: 10n ** 16n, // 0.01 ETH, $30
      prices: [...prices, { chainId: 1, address: NATIVE_TOKEN_ADDRESS, usd: '3000' }],
    } as Partial<Route>)
    // $3030 out of the wallet, $2970 arrives: 1.98 %.
    expect(valueLossBps(route)).toBe(198)
  })
})

describe('received value for ranking', () => {
  it('counts the signed minimum, not the estimate', () => {
    // An estimate of 1.3 USDC signed at 1.0988 at least: 8.4 % may be lost, and it ranks as 1.0988.
    const generous = intentRoute({ outputAmount: 1_300_000n, minOutputAmount: 1_098_800n })
    expect(valueLossBps(generous)).toBe(843)
    expect(valueLossBps({ ...generous, prices: undefined })).toBe(843)
    expect(receivedValue(generous)).toBe(1_098_800n)
  })

  it('adds priced gas on arrival to the output, in the output token', () => {
    const gas = { status: 'included' as const, token: ethB, amount: 10n ** 15n }
    expect(receivedValue(intentRoute({ outputAmount: 96_800_000n, gasOnArrival: gas }))).toBe(99_800_000n)
    expect(receivedValue(intentRoute({ outputAmount: 96_800_000n, gasOnArrival: gas, prices: undefined }))).toBe(
      96_800_000n,
    )
    expect(receivedValue(intentRoute({ outputAmount: 96_800_000n }))).toBe(96_800_000n)
  })
})

describe('the whole cost: the person’s own network cost (issue #59 point 2)', () => {
  // 10 USDC in, 9.69 USDC at least out, and about $1.05 of ETH paid on the origin for the approval and the deposit.
  const withOriginEth = [...prices, { chainId: 1, address: NATIVE_TOKEN_ADDRESS, usd: '3000' }]
  const tenUsdc = (change: Partial<Route> = {}) =>
    intentRoute({
      request: { origin: usdcA, destination: usdcB, amount: 10_000_000n, sender: ACCOUNT, recipient: ACCOUNT },
      outputAmount: 9_690_000n,
      prices: withOriginEth,
      ...change,
    })
  const gasPaid = 350_000_000_000_000n // 0.00035 ETH

  it('counts the network cost in what is sent, where the origin’s coin is priced', () => {
    expect(valueLossBps(tenUsdc())).toBe(310)
    // (10 + 1.05 − 9.69) / 11.05
    expect(valueLossBps(tenUsdc(), gasPaid)).toBe(1230)
    // Without the coin's price the cost cannot be valued: the loss is the tokens' alone.
    expect(valueLossBps(tenUsdc({ prices }), gasPaid)).toBe(310)
  })

  it('ranks by what arrives net of the network cost, in the output token', () => {
    expect(receivedValue(tenUsdc(), gasPaid)).toBe(9_690_000n - 1_050_000n)
    expect(receivedValue(tenUsdc())).toBe(9_690_000n)
    expect(receivedValue(tenUsdc({ prices }), gasPaid)).toBe(9_690_000n)
  })
})
