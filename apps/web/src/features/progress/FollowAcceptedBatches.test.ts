import { applySwapEvent, createSwapStore, type WalletAdapter } from '@multi-bridge/core'
import { signingSwap } from '@multi-bridge/core/test/swapRecords'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The app's loop that asks the wallet about accepted batches (`FollowAcceptedBatches`), run without a DOM:
 * React's hooks are stood in for (an effect runs at once, a ref is a box), the client and the wallet are fakes.
 */
const PERSON = '0x8ba1f109551bD432803012645Ac136ddd64DBA72' as const
const BATCH = `0x${'ba'.repeat(32)}`
const APPROVE_TX = `0x${'a1'.repeat(32)}`
const DEPOSIT_TX = `0x${'de'.repeat(32)}`

/** Core's `CALLS_DEPOSIT_INDEX` (not exported from the package's entry). */
const CALLS_DEPOSIT_INDEX = 'callsDeposit'

const signing = signingSwap('approving', { key: 'a', owner: PERSON })

const hoisted = vi.hoisted(() => ({
  client: undefined as unknown,
  getWallet: undefined as unknown as () => Promise<unknown>,
}))

vi.mock('react', () => ({
  useEffect: (effect: () => void) => void effect(),
  useRef: <T>(value: T) => ({ current: value }),
}))
vi.mock('../../lib/swapClient.tsx', () => ({
  useSwapClient: () => hoisted.client,
  useSwaps: <T>(selector: (state: unknown) => T) =>
    selector((hoisted.client as { store: { getState: () => unknown } }).store.getState()),
}))
vi.mock('../wallet/index.ts', () => ({ useWalletAdapter: () => hoisted.getWallet }))

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('FollowAcceptedBatches', () => {
  it('asks the wallet again after the wallet could not be reached once (a chunk that did not load, a wallet not ready)', async () => {
    const store = createSwapStore()
    store
      .getState()
      .takeIn(applySwapEvent(signing, { type: 'callsAccepted', callsId: BATCH, data: { [CALLS_DEPOSIT_INDEX]: 1 } }))
    hoisted.client = { store, track: vi.fn() }
    const wallet = {
      account: PERSON,
      callsStatus: async () => ({ done: true, complete: true, outcome: { hashes: [APPROVE_TX, DEPOSIT_TX] } }),
    } as unknown as WalletAdapter
    // The first time, the wallet's adapter cannot be made (its code failed to load after a reload, say); then it can.
    let calls = 0
    hoisted.getWallet = async () => {
      calls++
      if (calls === 1) throw new Error('Failed to fetch dynamically imported module')
      return wallet
    }
    const { default: FollowAcceptedBatches } = await import('./FollowAcceptedBatches.tsx')
    FollowAcceptedBatches({ address: PERSON })
    // A minute passes: the component is still there, the swap still waiting for its deposit's hash.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls, 'the wallet is asked again').toBeGreaterThan(1)
    expect(store.getState().swaps.a).toMatchObject({ depositTx: DEPOSIT_TX })
  })
})
