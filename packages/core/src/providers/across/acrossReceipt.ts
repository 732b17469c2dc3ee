import { isAddressEqual, parseEventLogs, type TransactionReceipt } from 'viem'
import { clientFor } from '../../chains/chainClients.ts'
import { readChain } from '../../chains/readChain.ts'
import { chainName, getManifestChain } from '../../config/manifest.ts'
import { depositContract } from '../apiSupport.ts'
import { addressInWord, spokePoolDepositAbi } from '../deliveryCheck.ts'
import { withFirstLook } from '../settlement.ts'
import type { FoundSwap } from '../types.ts'
import type { AcrossContext } from './acrossContext.ts'
import { acrossDepositRecord } from './acrossRestore.ts'
import { trackAcross } from './acrossStatus.ts'

/**
 * The receipt of one Across deposit: a successful transaction sent to the config's SpokePool on `chainId` (a deposit
 * through another contract, LI.FI's diamond, is that contract's provider's), read from the SpokePool's own
 * `FundsDeposited` in it: who deposited what, to whom, towards which chain of this config. What Across says of it
 * comes from `track` (its `/deposit/status`, whose "filled" or "refunded" counts only once the chains show it).
 * Undefined for any other transaction.
 */
export async function findAcrossSwapByDeposit(
  context: AcrossContext,
  chainId: number,
  receipt: TransactionReceipt,
): Promise<FoundSwap | undefined> {
  const pool = context.spokePool(chainId)
  if (!pool || !depositContract(receipt, [pool])) return undefined
  const [log] = parseEventLogs({
    abi: spokePoolDepositAbi,
    logs: receipt.logs.filter((entry) => isAddressEqual(entry.address, pool)),
  })
  if (!log) return undefined
  const destinationChainId = Number(log.args.destinationChainId)
  if (!getManifestChain(context.manifest, destinationChainId)) return undefined
  const { args } = log
  const address = (value: `0x${string}`) => (value.length === 66 ? addressInWord(value) : value)
  const [owner, recipient, inputToken, outputToken] = [
    args.depositor,
    args.recipient,
    args.inputToken,
    args.outputToken,
  ].map(address)
  if (!owner || !recipient || !inputToken || !outputToken) return undefined
  const chain = { id: chainId, name: chainName(context.manifest, chainId) }
  const client = clientFor(context.clients, chainId)
  const block = await readChain(chain, () => client.getBlock({ blockNumber: receipt.blockNumber }))
  const record = await acrossDepositRecord(context, {
    owner,
    recipient,
    originChainId: chainId,
    inputToken,
    inputAmount: args.inputAmount.toString(),
    destinationChainId,
    outputToken,
    outputAmount: args.outputAmount.toString(),
    pool,
    depositTx: receipt.transactionHash,
    depositedAt: Number(block.timestamp),
  })
  return withFirstLook(record, { track: (tracked) => trackAcross(context, tracked) })
}
