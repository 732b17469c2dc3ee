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
}

/** Reads, at the origin's final head, how the item `id` described by `source` settled, if it has. */
function settlementReader<const abi extends Abi, name extends ViewName<abi>>(source: SettlementSource<abi, name>) {
  return async (origin: ChainContext, id: Hex): Promise<Settlement | undefined> => {
    const address = origin.config.contracts[source.contract]
    if (!address) return undefined
    const blockNumber = await origin.finalBlockNumber()
    // The source ties its status reader to its ABI and view; the read itself only needs them as given.
    const value = await origin.publicClient.readContract({
      address: address as Address,
      abi: source.abi as Abi,
      functionName: source.functionName,
      args: [id],
      blockNumber,
    })
    return source.settled[source.status(value as ContractFunctionReturnType<abi, 'view', name>)]
  }
}

/** The intent's escrow on `origin` at its final head: how it settled, if it has. */
export const intentSettlement = settlementReader({
  contract: 'intentOriginSettler',
  abi: intentOriginSettlerAbi,
  functionName: 'escrows',
  status: (escrow) => escrowFromTuple(escrow).status,
  settled: {
    [intentOriginSettlerStatus.Claimed]: 'claimed',
    [intentOriginSettlerStatus.Refunded]: 'refunded',
  },
})

/** The transfer's deposit on `origin` at its final head: how it settled, if it has. */
export const transferSettlement = settlementReader({
  contract: 'poolBridge',
  abi: poolBridgeAbi,
  functionName: 'deposits',
  status: (deposit) => depositFromTuple(deposit).status,
  settled: {
    [poolBridgeStatus.Finalized]: 'finalized',
    [poolBridgeStatus.Refunded]: 'refunded',
  },
})

/** Reads how one item settled on `origin`, at its final head. */
export type SettlementReader = (origin: ChainContext, id: Hex) => Promise<Settlement | undefined>

/** The kinds of item the attester prunes once settled, by the store's collection name. */
export type SettledKind = 'intents' | 'transfers'

/** Each kind's reader: its records name their origin (`originChainId`). */
export const SETTLEMENT_READERS: Readonly<Record<SettledKind, SettlementReader>> = {
  intents: intentSettlement,
  transfers: transferSettlement,
}
