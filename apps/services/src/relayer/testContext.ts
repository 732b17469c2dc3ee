/**
 * For the relayer's unit tests: a context of plain objects over two fake chains whose reads answer what the test
 * says the chains hold (`World`), and an attester whose answer the test sets. Nothing here starts a service or a
 * chain; the operations and the transfer machine under test are the real ones.
 */
import { poolBridgeStatus } from '@multi-bridge/contracts'
import { type Address, type Hex, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem'
import type { AttesterTransfer } from '../shared/attesterClient.ts'
import type { ChainContext } from '../shared/context.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { type LogLine, recordingLogger } from '../shared/recordingLogger.ts'
import { openScratchStore } from '../shared/store/testEngines.ts'
import type { RelayerContext } from './context.ts'
import { openRelayerStore } from './state.ts'
import { type RelayerTransfer, seenTransfer } from './transferMachine.ts'

export const ORIGIN = 1
export const DESTINATION = 2
export const POOL: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const USER: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
export const NOW = 1_800_000_000
export const TRANSFER_ID = `0x${'12'.repeat(32)}` as Hex

/** What the fake chains and the attester hold, changed by each test. */
export type World = {
  /** The deposit's status on the origin (`poolBridgeStatus`), at the latest block and at the final head. */
  deposit: number
  finalDeposit: number
  /** Whether the destination pool released it, at the latest block and at the final head. */
  released: boolean
  finalReleased: boolean
  /** The latest block's timestamp on the destination. */
  now: number
  /** The gas a transaction is estimated at; an Error makes the estimate throw it. */
  estimate: bigint | Error
  attester: AttesterTransfer | undefined
  /** Where the relayer's own transactions are, by hash: in the node's pool, or mined (and how); absent: gone. */
  transactions: Record<Hex, 'pending' | 'success' | 'reverted'>
  /** What the relayer sent, by chain: the function and its arguments. */
  sent: { chainId: number; functionName: string; args: readonly unknown[]; gas?: bigint }[]
  attesterAsked: number
}

function fakeChain(world: World, id: number): ChainContext {
  const read = async ({ functionName, blockNumber }: { functionName: string; blockNumber?: bigint }) => {
    const final = blockNumber !== undefined
    if (functionName === 'deposits') {
      return [USER, USER, 1_000_000n, NOW + 600, NOW + 4_200, final ? world.finalDeposit : world.deposit, 0n]
    }
    if (functionName === 'released') return final ? world.finalReleased : world.released
    throw new Error(`unexpected read ${functionName}`)
  }
  return {
    config: { id, name: `Chain ${id}`, blockTime: 1, contracts: { poolBridge: POOL } },
    publicClient: {
      readContract: read,
      getBlock: async () => ({ timestamp: BigInt(world.now) }),
      estimateContractGas: async () => {
        if (world.estimate instanceof Error) throw world.estimate
        return world.estimate
      },
      getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
        const state = world.transactions[hash]
        if (state === 'success' || state === 'reverted') return { status: state, blockNumber: 9n }
        throw new TransactionReceiptNotFoundError({ hash })
      },
      getTransaction: async ({ hash }: { hash: Hex }) => {
        if (world.transactions[hash] === undefined) throw new TransactionNotFoundError({ hash })
        return { hash, blockNumber: world.transactions[hash] === 'pending' ? null : 9n }
      },
    },
    send: async (request: { functionName: string; args: readonly unknown[] }, gas?: bigint) => {
      world.sent.push({ chainId: id, functionName: request.functionName, args: request.args, gas })
      return `0x${String(world.sent.length).padStart(64, 'f')}` as Hex
    },
    finalBlockNumber: async () => 5n,
    finalitySeconds: 2,
    waitForReceipt: async () => ({ status: 'success', blockNumber: 9n }),
  } as unknown as ChainContext
}

/** A relayer context over fake chains, with one transfer seen (pending unless `transfer` says otherwise). */
export async function setUp(world: Partial<World> = {}, transfer?: (seen: RelayerTransfer) => RelayerTransfer) {
  const state: World = {
    deposit: poolBridgeStatus.Pending,
    finalDeposit: poolBridgeStatus.Pending,
    released: false,
    finalReleased: false,
    now: NOW,
    estimate: 150_000n,
    attester: undefined,
    transactions: {},
    sent: [],
    attesterAsked: 0,
    ...world,
  }
  const lines: LogLine[] = []
  const log = recordingLogger(lines)
  const store = await openScratchStore('relayer-unit-', openRelayerStore)
  const seen = seenTransfer(
    {
      transferId: TRANSFER_ID,
      originChainId: ORIGIN,
      destinationChainId: DESTINATION,
      deadline: NOW + 600,
      expires: NOW + 4_200,
    },
    1,
  )
  store.update((s) => {
    s.transfers[TRANSFER_ID] = transfer ? transfer(seen) : seen
  })
  const context: RelayerContext = {
    account: { address: USER, type: 'json-rpc' },
    chains: new Map([
      [ORIGIN, fakeChain(state, ORIGIN)],
      [DESTINATION, fakeChain(state, DESTINATION)],
    ]),
    store,
    attester: {
      transfer: async () => {
        state.attesterAsked++
        return state.attester
      },
    },
    log,
    failures: createFailureTracker(log),
    inFlight: new Set(),
  }
  const stored = () => store.value.transfers[TRANSFER_ID] as RelayerTransfer
  return { world: state, context, lines, stored }
}

/** The attester's answer for the transfer: authorized (`pending`), then `released` or `not-released` attested. */
export function attesterAnswer(status: AttesterTransfer['status']): AttesterTransfer {
  const signatures = `0x${'ab'.repeat(65)}` as Hex
  return {
    status,
    originChainId: ORIGIN,
    destinationChainId: DESTINATION,
    release: {
      transferId: TRANSFER_ID,
      originChainId: ORIGIN,
      originPool: POOL,
      token: USER,
      recipient: USER,
      amount: '1000000',
      deadline: NOW + 600,
      signatures,
    },
    attestation: status === 'pending' ? null : { kind: status, signatures },
  }
}
