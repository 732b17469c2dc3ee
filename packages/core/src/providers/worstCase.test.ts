import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Manifest } from '../config/manifest.ts'
import type { Route } from '../routes/types.ts'
import type { DecodedDeposit } from '../signing/decodedDeposit.ts'
import { worstCaseOf } from './worstCase.ts'

const USDC = '0x0000000000000000000000000000000000000aaa' as Address
const CONTRACT = '0x0000000000000000000000000000000000000bbb' as Address
const PERSON = '0x0000000000000000000000000000000000000ccc' as Address

// Chain 2: 2 s blocks, 4 confirmations (the devnet's Local Chain B).
const manifest = {
  chains: [
    { id: 1, name: 'A', blockTime: 2, confirmations: 2 },
    { id: 2, name: 'B', blockTime: 2, confirmations: 4 },
  ],
} as unknown as Manifest

const route = {
  estimatedSeconds: 14,
  request: { origin: { chainId: 1, address: USDC }, destination: { chainId: 2 }, amount: 40_000_000n },
} as unknown as Route

const decoded = (more: Partial<DecodedDeposit>): DecodedDeposit => ({
  contract: CONTRACT,
  contractName: 'Bridge',
  functionName: 'deposit',
  inputToken: USDC,
  inputAmount: 40_000_000n,
  value: 0n,
  recipient: PERSON,
  destinationChainId: 2,
  ...more,
})

describe('the worst case before signing', () => {
  it("an escrow (the intent bridge): delivered by its fill deadline, else the person's Refund once B's final blocks pass it", () => {
    const back = { chainId: 1, token: USDC, amount: 40_000_000n }
    const worst = worstCaseOf(route, decoded({ fillBy: 1_000, comesBack: back }), manifest, 'person')
    // A block past the deadline (2 s), 4 confirmations (8 s), the attesters' round (1 s).
    expect(worst).toEqual({
      typicalSeconds: 14,
      latest: { at: 1_000 },
      ifNotDelivered: { by: 'you', opensAt: 1_011 },
      comesBack: back,
    })
  })

  it('the pool: its deadline is set when the deposit is mined, so both times count from the deposit', () => {
    const back = { chainId: 1, token: USDC, amount: 40_000_000n }
    expect(worstCaseOf(route, decoded({ fillWithin: 300, comesBack: back }), manifest, 'person')).toEqual({
      typicalSeconds: 14,
      latest: { withinSeconds: 300 },
      ifNotDelivered: { by: 'you', opensAfterSeconds: 311 },
      comesBack: back,
    })
  })

  it('a provider that refunds by itself (Across, Relay) does so after the deadline the deposit names', () => {
    const worst = worstCaseOf(
      route,
      decoded({ fillBy: 5_000, comesBack: { chainId: 1, token: USDC } }),
      manifest,
      'provider',
    )
    expect(worst).toEqual({
      typicalSeconds: 14,
      latest: { at: 5_000 },
      ifNotDelivered: { by: 'provider', after: 5_000 },
      comesBack: { chainId: 1, token: USDC },
    })
  })

  it('a rail with no refund (LI.FI over CCTP or Stargate): always delivered, nothing comes back, no time bound', () => {
    expect(worstCaseOf(route, decoded({ comesBack: 'none' }), manifest, 'provider')).toEqual({
      typicalSeconds: 14,
      ifNotDelivered: { by: 'nobody' },
    })
  })
})
