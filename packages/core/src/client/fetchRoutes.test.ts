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
