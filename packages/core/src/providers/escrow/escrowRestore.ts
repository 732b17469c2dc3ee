import { type AbiEvent, type Address, getAbiItem, isAddressEqual, parseEventLogs, type TransactionReceipt } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import type { DepositedSwap } from '../../records/types.ts'
import { foundSwapRecord, withFirstLook } from '../settlement.ts'
import type { FoundSwap, RouteProvider } from '../types.ts'
import type { EscrowProviderContext, EventLog } from './escrowContext.ts'

/** The chains where the protocol takes deposits: those Restore reads. */
export const escrowRestoreChains = ({ manifest, protocol }: EscrowProviderContext) =>
  manifest.chains.filter((chain) => chain.contracts[protocol.contracts.origin]).map((chain) => chain.id)

/**
 * Restore on one chain: the owner's deposits in the protocol's origin contract, each as a History record with what
 * a first look at it saw (`withFirstLook`), those looks side by side.
 */
export async function findEscrowSwapsOnChain(
  context: EscrowProviderContext,
  track: RouteProvider['track'],
  owner: Address,
  chainId: number,
): Promise<FoundSwap[]> {
  const { protocol, read } = context
  const contract = context.contracts(chainId).origin
  if (!contract) return []
  const { ownerArg } = protocol.origin
  const logs = await read(chainId, (client) =>
    client.getLogs({
      address: contract,
      event: getAbiItem({ abi: protocol.origin.abi, name: protocol.origin.depositEvent }) as AbiEvent,
      ...(ownerArg ? { args: { [ownerArg]: owner } } : {}),
      fromBlock: 0n,
      strict: true,
    }),
  )
  const found: DepositedSwap[] = []
  for (const log of logs as unknown as EventLog[]) {
    if (!isAddressEqual(protocol.readDeposit(log.args).owner, owner)) continue
    found.push(await escrowFoundRecord(context, chainId, contract, log))
  }
  // The first looks side by side: a destination that does not answer delays them all once, not once each.
  return Promise.all(found.map((record) => withFirstLook(record, { track })))
}

/** A deposit event of the protocol's origin contract as a History record (deposited), its block's time read. */
async function escrowFoundRecord(
  context: EscrowProviderContext,
  chainId: number,
  contract: Address,
  log: EventLog,
): Promise<DepositedSwap> {
  const { protocol, read, tokenRef } = context
  const deposit = protocol.readDeposit(log.args)
  const block = await read(chainId, (client) => client.getBlock({ blockNumber: log.blockNumber }))
  const destinationChainId = Number(deposit.destinationChainId)
  return foundSwapRecord({
    id: deposit.id,
    providerId: protocol.id,
    providerName: protocol.name,
    owner: deposit.owner,
    recipient: deposit.recipient,
    origin: await tokenRef(chainId, deposit.inputToken),
    amount: deposit.inputAmount,
    destination: await tokenRef(destinationChainId, deposit.outputToken),
    outputAmount: deposit.outputAmount,
    ...(deposit.gasAmount > 0n
      ? { gas: { token: await tokenRef(destinationChainId, NATIVE_TOKEN_ADDRESS), amount: deposit.gasAmount } }
      : {}),
    depositAddress: contract,
    depositTx: log.transactionHash,
    depositBlock: log.blockNumber,
    depositedAt: Number(block.timestamp),
    deadline: deposit.deadline,
    expires: deposit.expires,
    deadlineKey: protocol.deadlineKey,
  })
}

/**
 * The receipt of one deposit: the mined transaction of `receipt` on `chainId`, when it is a deposit in the protocol's
 * origin contract (its event, emitted by that contract), as a History record with what a first look at it saw.
 * Undefined for any other transaction.
 */
export async function findEscrowSwapByDeposit(
  context: EscrowProviderContext,
  track: RouteProvider['track'],
  chainId: number,
  receipt: TransactionReceipt,
): Promise<FoundSwap | undefined> {
  const { protocol } = context
  const contract = context.contracts(chainId).origin
  if (!contract) return undefined
  const [log] = parseEventLogs({
    abi: protocol.origin.abi,
    eventName: protocol.origin.depositEvent,
    logs: receipt.logs.filter((entry) => isAddressEqual(entry.address, contract)),
    strict: true,
  }) as unknown as EventLog[]
  if (!log) return undefined
  return withFirstLook(await escrowFoundRecord(context, chainId, contract, log), { track })
}
