/**
 * For the attester's unit tests: a context of plain objects over two fake chains whose reads answer what the test
 * says the chains hold (`World`), with a real local key. Nothing here starts a service or a chain; the operations
 * and the machines under test are the real ones.
 */
import type { FinalHead } from '@multi-bridge/core'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainContext } from '../shared/context.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { type LogLine, recordingLogger } from '../shared/recordingLogger.ts'
import { openScratchStore } from '../shared/store/testEngines.ts'
import { type AttesterContext, DEFAULT_ORPHAN_LIMITS } from './context.ts'
import { createSettledLookup } from './settledLookup.ts'
import { openAttesterStore } from './state.ts'

export const ORIGIN = 1
export const DESTINATION = 2
/** Each chain's contracts: the origin settler, the destination settler and the pool, as the manifest names them. */
export const ORIGIN_SETTLER: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const DESTINATION_SETTLER: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
export const POOL: Address = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
export const SOLVER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const USER: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
export const DEADLINE = 1_800_000_000
/** Anvil's third development key: a real key, so signatures can be checked against its address. */
export const attesterAccount = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')

/** What the fake chains hold, changed by each test. */
export type World = {
  /** Each chain's final head. */
  head: FinalHead
  /** The destination settler's `fills(orderId)` at the final head: solver and fill time (0: none). */
  fill: readonly [Address, number]
  /** The destination pool's `released(transferId)` at the final head. */
  released: boolean
  /** The origin settler's escrow status and the origin pool's deposit status at the final head (default 1: open). */
  escrowStatus?: number
  depositStatus?: number
  reads: string[]
}

function fakeChain(world: World, id: number): ChainContext {
  const readContract = async ({ functionName }: { functionName: string }) => {
    world.reads.push(`${functionName}@${id}`)
    if (functionName === 'fills') return world.fill
    if (functionName === 'released') return world.released
    // Only the status (the sixth value) is read from these.
    if (functionName === 'escrows') return [USER, USER, 1n, DEADLINE, DEADLINE, world.escrowStatus ?? 1, 0n]
    if (functionName === 'deposits') return [USER, USER, 1n, DEADLINE, DEADLINE, world.depositStatus ?? 1, 0n]
    throw new Error(`unexpected read ${functionName}`)
  }
  return {
    config: {
      id,
      name: `Chain ${id}`,
      blockTime: 1,
      contracts: {
        intentOriginSettler: ORIGIN_SETTLER,
        intentDestinationSettler: DESTINATION_SETTLER,
        poolBridge: POOL,
      },
    },
    publicClient: { readContract },
    finalHead: async () => world.head,
    finalBlockNumber: async () => world.head.number,
  } as unknown as ChainContext
}

/** An attester context over two fake chains, an empty state file in a fresh directory, and a real key. */
export async function setUp(world: Partial<World> = {}) {
  const state: World = {
    head: { number: 10n, timestamp: DEADLINE - 100 },
    fill: [SOLVER, 0],
    released: false,
    reads: [],
    ...world,
  }
  const lines: LogLine[] = []
  const log = recordingLogger(lines)
  let signings = 0
  const chains = new Map([
    [ORIGIN, fakeChain(state, ORIGIN)],
    [DESTINATION, fakeChain(state, DESTINATION)],
  ])
  const limits = { readsPerChain: 2, readTimeoutMs: 1_000 }
  const context: AttesterContext = {
    store: await openScratchStore('attester-unit-', openAttesterStore),
    chains,
    signer: {
      address: attesterAccount.address,
      signTypedData: (typedData) => {
        signings++
        return attesterAccount.signTypedData(typedData)
      },
    },
    signatures: new Map(),
    settled: createSettledLookup({ chains, limits }),
    log,
    failures: createFailureTracker(log),
    limits,
    orphanLimits: DEFAULT_ORPHAN_LIMITS,
  }
  return { world: state, context, lines, signings: () => signings }
}

export const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

/** The terms of an intent from the origin to the destination settler of the manifest. */
export const intentTerms = {
  originChainId: ORIGIN,
  originSettler: ORIGIN_SETTLER,
  destinationChainId: DESTINATION,
  destinationSettler: DESTINATION_SETTLER,
  fillDeadline: DEADLINE,
}

/** The terms of a pool transfer from the origin to the destination pool of the manifest. */
export const transferTerms = {
  originChainId: ORIGIN,
  originPool: POOL,
  destinationChainId: DESTINATION,
  destinationPool: POOL,
  token: USER,
  recipient: USER,
  amount: '1000000',
  deadline: DEADLINE,
  sender: USER,
}
