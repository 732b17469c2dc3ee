import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { chainAClients, PERSON, poolProvider, poolRoute } from '../../../test/support/poolDeposit.ts'
import { NotEnoughGasError } from '../../errors/gasErrors.ts'
import { BatchIncompleteError } from '../../routes/routeErrors.ts'
import type { CallsOutcome } from '../walletAdapter.ts'
import { executeRoute } from './executeRoute.ts'

/**
 * A wallet that takes a batch (EIP-5792) and sends its calls one by one afterwards (the devnet's wallet,
 * `createLocalCalls`) ends the batch at a call the node refuses for insufficient funds: status 400 (nothing sent) or
 * 500 (the approval mined, not the deposit). EIP-5792's status has no field for why. A batch stopped short for gas is
 * said as a single transaction short of gas is, with the network, the coin and about how much is needed: trying again
 * would stop the same way.
 */
const APPROVE_TX = `0x${'a1'.repeat(32)}` as Hex
const BATCH_ID = `0x${'ba'.repeat(32)}`

function setup(outcome: CallsOutcome, balance = 1_000n) {
  const provider = poolProvider()
  const wallet = {
    account: PERSON,
    getChainId: async () => 1,
    switchChain: async () => {},
    sendTransaction: vi.fn(),
    canSendCalls: async () => true,
    sendCalls: vi.fn(async () => ({ id: BATCH_ID })),
    // What the adapter reads from the batch's status once the wallet stopped: the hashes mined before the refused call.
    waitForCalls: vi.fn(async () => outcome),
  }
  return executeRoute({
    route: poolRoute(),
    provider,
    wallet,
    // 1 000 wei by default: less than one approval's gas (50k gas at 5 wei).
    clients: chainAClients({ getBalance: async () => balance }),
    refreshRoute: async () => undefined,
    onUpdate: () => {},
  }).catch((caught: unknown) => caught)
}

describe('executeRoute: a batch the wallet stopped because the account cannot pay the gas', () => {
  it.each([
    ['before its first call (nothing sent)', []],
    ['after the approval (the deposit refused)', [APPROVE_TX]],
  ])('is said as "Not enough ETH on Local Chain A for gas", not "try again": stopped %s', async (_, mined) => {
    const error = await setup({ hashes: mined as Hex[] })
    expect(error).toBeInstanceOf(NotEnoughGasError)
    // The steps still to send (an approval estimated at 50k gas with its margin, the deposit at its 300k fallback) at
    // the most a wallet offers per gas (6 wei): what the balance should hold.
    expect(error).toMatchObject({ network: 'Local Chain A', coin: 'ETH', needed: (55_000n + 300_000n) * 6n })
  })

  it("takes the wallet's own reason when its status gives one", async () => {
    const error = await setup(
      {
        hashes: [],
        error:
          'The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.',
      },
      10n ** 18n,
    )
    expect(error).toBeInstanceOf(NotEnoughGasError)
    expect(error).toMatchObject({ network: 'Local Chain A', coin: 'ETH' })
  })

  it('is still "the wallet stopped before the deposit" when the balance covers the gas', async () => {
    const error = await setup({ hashes: [APPROVE_TX] }, 10n ** 18n)
    expect(error).toBeInstanceOf(BatchIncompleteError)
  })
})
