import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { Route, TokenPrice, TokenRef } from '../routes/types.ts'
import { rankRoutes } from './fetchRoutes.ts'

const ACCOUNT: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const usdcA: TokenRef = {
  chainId: 1,
  address: '0x00000000000000000000000000000000000000a1',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}
const usdcB: TokenRef = {
  chainId: 2,
  address: '0x00000000000000000000000000000000000000b1',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}
const ethB: TokenRef = { chainId: 2, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', decimals: 18, kind: 'native' }
const prices: TokenPrice[] = [
  { chainId: 1, address: usdcA.address, usd: '1' },
  { chainId: 2, address: usdcB.address, usd: '1' },
  { chainId: 2, address: NATIVE_TOKEN_ADDRESS, usd: '3000' },
]

/** A route for 100 USDC A → B delivering `output` (6 decimals) at least `min`, in `seconds`. */
function route(id: string, output: bigint, change: Partial<Route> = {}): Route {
  return {
    id,
    providerId: id,
    providerName: id,
    request: { origin: usdcA, destination: usdcB, amount: 100_000_000n, sender: ACCOUNT, recipient: ACCOUNT },
    outputAmount: output,
    minOutputAmount: output,
    slippageBps: 0,
    slippageMode: 'auto',
    fees: [],
    estimatedSeconds: 10,
    quotedAt: 0,
    expiresAt: 0,
    depositAddress: ACCOUNT,
    data: {},
    ...change,
  }
}
const ids = (routes: Route[]) => routes.map((r) => r.id)

describe('rankRoutes: most received', () => {
  it('ranks by the signed minimum, not the estimate (SPEC: "Signed means bounded")', () => {
    // 99.8 estimated but 99.3 signed (after slippage) is below 99.7 signed exactly: only the minimum is promised.
    const slipping = route('slipping', 99_800_000n, { minOutputAmount: 99_300_000n })
    const exact = route('exact', 99_700_000n)
    expect(ids(rankRoutes([exact, slipping]))).toEqual(['exact', 'slipping'])
    expect(ids(rankRoutes([slipping, exact]))).toEqual(['exact', 'slipping'])
    // An estimate inflated over a low minimum never ranks first for it.
    const inflated = route('inflated', 120_000_000n, { minOutputAmount: 99_600_000n })
    expect(ids(rankRoutes([inflated, exact]))).toEqual(['exact', 'inflated'])
  })

  it('values gas on arrival at its USD price in the output token: it adds what it is worth', () => {
    // 96.8 USDC + 0.001 ETH ($3) = 99.8 USDC worth, above 99.7 USDC without gas.
    const gas = { status: 'included' as const, token: ethB, amount: 10n ** 15n }
    const withGas = route('gas', 96_800_000n, { gasOnArrival: gas, prices })
    const without = route('plain', 99_700_000n, { gasOnArrival: { status: 'unavailable' } })
    expect(ids(rankRoutes([without, withGas]))).toEqual(['gas', 'plain'])
    // Worth less all told (96.6 + 3 = 99.6): not first merely for having gas.
    const poorer = route('gas', 96_600_000n, { gasOnArrival: gas, prices })
    expect(ids(rankRoutes([poorer, without]))).toEqual(['plain', 'gas'])
  })

  it('ranks on the token output alone when the gas has no price', () => {
    const gas = { status: 'included' as const, token: ethB, amount: 10n ** 15n }
    const unpriced = route('gas', 96_800_000n, { gasOnArrival: gas })
    const noGasPrice = route('gas-usdc-only', 96_900_000n, { gasOnArrival: gas, prices: prices.slice(0, 2) })
    const plain = route('plain', 97_000_000n)
    expect(ids(rankRoutes([unpriced, noGasPrice, plain]))).toEqual(['plain', 'gas-usdc-only', 'gas'])
  })

  it('breaks a tie by speed, and ranks fastest first (then most received) when asked', () => {
    const slow = route('slow', 99_000_000n, { estimatedSeconds: 60 })
    const fast = route('fast', 99_000_000n, { estimatedSeconds: 5 })
    const richSlow = route('rich', 99_500_000n, { estimatedSeconds: 60 })
    expect(ids(rankRoutes([slow, richSlow, fast]))).toEqual(['rich', 'fast', 'slow'])
    expect(ids(rankRoutes([slow, richSlow, fast], 'fastest'))).toEqual(['fast', 'rich', 'slow'])
  })
})

describe('rankRoutes: net of the person’s own network cost', () => {
  // ETH on the origin at $3000: 0.0005 ETH of gas is $1.50, 1.5 USDC off what the route delivers.
  const withOriginEth: TokenPrice[] = [...prices, { chainId: 1, address: NATIVE_TOKEN_ADDRESS, usd: '3000' }]
  /** The ids ranked "most received" with these network costs (route id → wei of the origin's ETH). */
  const rankedWith = (routes: Route[], fees: [string, bigint][]) =>
    ids(rankRoutes(routes, 'most-received', new Map(fees)))
  // The solver opens the order and pays its gas (its fee is in the amount).
  const GASLESS = { openFee: 1_000_000n, openDeadline: 0 }

  it('puts a route that needs no gas first when the other keeps less after its gas', () => {
    const paid = route('paid', 99_700_000n, { prices: withOriginEth })
    const gasless = route('gasless', 98_500_000n, { prices: withOriginEth, gasless: GASLESS })
    // 99.7 − 1.5 = 98.2 kept, below the 98.5 of the route whose gas the solver pays.
    expect(rankedWith([paid, gasless], [['paid', 5n * 10n ** 14n]])).toEqual(['gasless', 'paid'])
    // Without the estimates, the token amounts alone.
    expect(ids(rankRoutes([paid, gasless]))).toEqual(['paid', 'gasless'])
  })

  it('ranks two paid routes by what each keeps after its own gas', () => {
    const cheapGas = route('cheap', 99_000_000n, { prices: withOriginEth })
    const dearGas = route('dear', 99_400_000n, { prices: withOriginEth })
    const ranked = rankedWith(
      [dearGas, cheapGas],
      [
        ['cheap', 10n ** 14n], // $0.30: 98.7 kept
        ['dear', 5n * 10n ** 14n], // $1.50: 97.9 kept
      ],
    )
    expect(ranked).toEqual(['cheap', 'dear'])
  })

  it('treats a difference inside the estimate’s precision as a tie, ranked by the tokens signed', () => {
    // 99.7 − 1.5 = 98.2 against 98.201: 0.1 bps apart, less than the 2 bps the estimate is good for.
    const paid = route('paid', 99_700_000n, { prices: withOriginEth })
    const gasless = route('gasless', 98_201_000n, { prices: withOriginEth, gasless: GASLESS })
    expect(rankedWith([gasless, paid], [['paid', 5n * 10n ** 14n]])).toEqual(['paid', 'gasless'])
    // Further apart than that, the net value decides.
    const better = route('gasless', 98_300_000n, { prices: withOriginEth, gasless: GASLESS })
    expect(rankedWith([paid, better], [['paid', 5n * 10n ** 14n]])).toEqual(['gasless', 'paid'])
  })
})
