import {
  depositFromTuple,
  escrowFromTuple,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeStatus,
} from '@multi-bridge/contracts'
import type { Abi, Address, ContractFunctionName, ContractFunctionReturnType, Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'

/** How an escrow or deposit ended on its origin, at the final head: settled, or undefined while it is not. */
export type Settlement = 'claimed' | 'refunded' | 'finalized'

type ViewName<abi extends Abi> = ContractFunctionName<abi, 'view'>

/**
 * Where one kind of item says how it settled on its origin: the contract the manifest names there, its view of the
 * item by id, that view's status, and which statuses are settled (any other: not settled).
 */
type SettlementSource<abi extends Abi, name extends ViewName<abi>> = {
  contract: 'intentOriginSettler' | 'poolBridge'
  abi: abi
  functionName: name
  status: (value: ContractFunctionReturnType<abi, 'view', name>) => number
  settled: Partial<Record<number, Settlement>>
  /** The status of one that exists and is not settled yet. */
  open: number
  /** When (seconds) anyone may refund it without an attestation, pauses aside. */
  expires: (value: ContractFunctionReturnType<abi, 'view', name>) => number
}

/** Reads the item `id` described by `source` on `origin` at `blockNumber`; undefined where the origin has no such contract. */
async function readItem<const abi extends Abi, name extends ViewName<abi>>(
  source: SettlementSource<abi, name>,
  origin: ChainContext,
  id: Hex,
  blockNumber: bigint,
): Promise<ContractFunctionReturnType<abi, 'view', name>> {
  const address = origin.config.contracts[source.contract] as Address
  // The source ties its status reader to its ABI and view; the read itself only needs them as given.
  const value = await origin.publicClient.readContract({
    address,
    abi: source.abi as Abi,
    functionName: source.functionName,
    args: [id],
    blockNumber,
  })
  return value as ContractFunctionReturnType<abi, 'view', name>
}

/** Reads, at the origin's final head, how the item `id` described by `source` settled, if it has. */
function settlementReader<const abi extends Abi, name extends ViewName<abi>>(source: SettlementSource<abi, name>) {
  return async (origin: ChainContext, id: Hex): Promise<Settlement | undefined> => {
    if (!origin.config.contracts[source.contract]) return undefined
    const value = await readItem(source, origin, id, await origin.finalBlockNumber())
    return source.settled[source.status(value)]
  }
}

/** An item's escrow or deposit at its origin's final head, as pruning looks at it (prune.ts). */
export type SettlementState = {
  settlement: Settlement | undefined
  /** It exists there and is not settled yet. */
  open: boolean
  /** When (seconds) anyone may refund it without an attestation, pauses aside. */
  expires: number
  /** The final head's timestamp (seconds). */
  finalTime: number
}

function settlementStateReader<const abi extends Abi, name extends ViewName<abi>>(source: SettlementSource<abi, name>) {
  return async (origin: ChainContext, id: Hex): Promise<SettlementState | undefined> => {
    if (!origin.config.contracts[source.contract]) return undefined
    const head = await origin.finalHead()
    const value = await readItem(source, origin, id, head.number)
    const status = source.status(value)
    return {
      settlement: source.settled[status],
      open: status === source.open,
      expires: source.expires(value),
      finalTime: head.timestamp,
    }
  }
}

const escrowSource = {
  contract: 'intentOriginSettler',
  abi: intentOriginSettlerAbi,
  functionName: 'escrows',
  status: (escrow) => escrowFromTuple(escrow).status,
  settled: {
    [intentOriginSettlerStatus.Claimed]: 'claimed',
    [intentOriginSettlerStatus.Refunded]: 'refunded',
  },
  open: intentOriginSettlerStatus.Open,
  expires: (escrow) => escrowFromTuple(escrow).expires,
} satisfies SettlementSource<typeof intentOriginSettlerAbi, 'escrows'>

const depositSource = {
  contract: 'poolBridge',
  abi: poolBridgeAbi,
  functionName: 'deposits',
  status: (deposit) => depositFromTuple(deposit).status,
  settled: {
    [poolBridgeStatus.Finalized]: 'finalized',
    [poolBridgeStatus.Refunded]: 'refunded',
  },
  open: poolBridgeStatus.Pending,
  expires: (deposit) => depositFromTuple(deposit).expires,
} satisfies SettlementSource<typeof poolBridgeAbi, 'deposits'>

/** The intent's escrow on `origin` at its final head: how it settled, if it has. */
export const intentSettlement = settlementReader(escrowSource)

/** The transfer's deposit on `origin` at its final head: how it settled, if it has. */
export const transferSettlement = settlementReader(depositSource)

/** Reads how one item settled on `origin`, at its final head. */
export type SettlementReader = (origin: ChainContext, id: Hex) => Promise<Settlement | undefined>

/** The kinds of item the attester prunes once settled, by the store's collection name. */
export type SettledKind = 'intents' | 'transfers'

/** Each kind's reader: its records name their origin (`originChainId`). */
export const SETTLEMENT_READERS: Readonly<Record<SettledKind, SettlementReader>> = {
  intents: intentSettlement,
  transfers: transferSettlement,
}

/** Reads one item's escrow or deposit on `origin`, at its final head, as pruning looks at it. */
export type SettlementStateReader = (origin: ChainContext, id: Hex) => Promise<SettlementState | undefined>

/** Each kind's reader of what pruning looks at (prune.ts). */
export const SETTLEMENT_STATE_READERS: Readonly<Record<SettledKind, SettlementStateReader>> = {
  intents: settlementStateReader(escrowSource),
  transfers: settlementStateReader(depositSource),
}
