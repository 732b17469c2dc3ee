import type { DepositedSwap, SigningSwap, SwapRecord } from '../../src/records/types.ts'
import type { TokenRef } from '../../src/routes/types.ts'

/** USDC on Local Chain A (1337001), as the local network lists it. */
export const TEST_USDC: TokenRef = {
  chainId: 1337001,
  address: '0x00000000000000000000000000000000000000a1',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
}

/**
 * A swap of 100 USDC from Local Chain A to Local Chain B, deposited at 1,000 s with its deadline at 1,030 s: the one
 * record tests change what they are about in (`{ ...depositedSwap(), status: 'refundable' }`, or `overrides`).
 */
export function depositedSwap(overrides: Partial<DepositedSwap> = {}): DepositedSwap {
  return {
    key: 'k',
    id: `0x${'1'.repeat(64)}`,
    providerId: 'intent',
    providerName: 'Intent Bridge',
    owner: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    recipient: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    origin: { token: TEST_USDC, amount: '100000000' },
    destination: { token: { ...TEST_USDC, chainId: 1337002 }, estimatedAmount: '99000000', minAmount: '98000000' },
    depositAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    status: 'deposited',
    depositTx: `0x${'2'.repeat(64)}`,
    depositedAt: 1_000,
    refundableAfter: 1_030,
    expiresAt: 4_630,
    createdAt: 999_000,
    updatedAt: 1_000_000,
    ...overrides,
  }
}

/** The same swap under review or being signed (nothing sent), in `phase`. */
export function signingSwap(phase: SigningSwap['phase'], overrides: Partial<SigningSwap> = {}): SigningSwap {
  const { depositTx: _tx, depositedAt: _at, refundableAfter: _r, expiresAt: _e, status: _s, ...base } = depositedSwap()
  return { ...base, status: 'signing', phase, ...overrides }
}

/** A record in another state, from the deposited one (what a test of that state needs, it adds). */
export const swapIn = <record extends SwapRecord>(status: record['status'], extra: Partial<record> = {}) =>
  ({ ...depositedSwap(), status, ...extra }) as unknown as record
