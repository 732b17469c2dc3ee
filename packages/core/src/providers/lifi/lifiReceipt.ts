import { getAddress, isAddressEqual, type TransactionReceipt } from 'viem'
import { clientFor } from '../../chains/chainClients.ts'
import { readChain } from '../../chains/readChain.ts'
import { chainName } from '../../config/manifest.ts'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { depositContract } from '../apiSupport.ts'
import type { FoundSwap } from '../types.ts'
import { LIFI_BRIDGE_NAMES, lifiBridgeData } from './lifiCalldata.ts'
import { LIFI_PROVIDER_ID, LIFI_PROVIDER_NAME } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import { foundTransfer } from './lifiRestore.ts'

/**
 * The receipt of one LI.FI deposit: a successful transaction sent to LI.FI's diamond on `chainId`. Its call is read
 * from the chain (BridgeData: the receiver and the destination chain signed); LI.FI's `/status` of that hash says the
 * rest (the tokens and amounts on the way, the delivery), taken only when it is about this deposit, to that receiver
 * and chain, and its delivery or refund only as the chains show it (as History's restore takes it). Undefined for any
 * other transaction, and for a deposit LI.FI does not know (yet): without it the token on arrival is not known.
 */
export async function findLifiSwapByDeposit(
  context: LifiContext,
  chainId: number,
  receipt: TransactionReceipt,
): Promise<FoundSwap | undefined> {
  if (!depositContract(receipt, context.allowlist(chainId))) return undefined
  const client = clientFor(context.clients, chainId)
  const chain = { id: chainId, name: chainName(context.manifest, chainId) }
  const transaction = await readChain(chain, () => client.getTransaction({ hash: receipt.transactionHash }))
  const signed = lifiBridgeData(transaction.input)
  let status: unknown
  try {
    status = await httpRequestWithRetry(`${context.apiUrl}/status`, {
      query: { txHash: receipt.transactionHash, fromChain: chainId, ...context.common },
      timeoutMs: context.statusTimeoutMs,
    })
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 404) return undefined
    throw error
  }
  const transfer = await foundTransfer(context, status, getAddress(receipt.from))
  if (!transfer) return undefined
  // An answer that names no receiver: the one the call signed (unless a call on arrival receives first).
  const said = status as { toAddress?: unknown; tool?: unknown }
  const recipient =
    typeof said.toAddress === 'string' || signed.hasDestinationCall ? transfer.record.recipient : signed.receiver
  // The bridge is the call's own (LI.FI's answer may leave it out): the route reads as the review read it.
  const tool = typeof said.tool === 'string' ? said.tool : signed.bridge
  const bridgeName = LIFI_BRIDGE_NAMES[signed.bridge]
  const providerName = bridgeName ? `${LIFI_PROVIDER_NAME} (${bridgeName})` : LIFI_PROVIDER_NAME
  const record = { ...transfer.record, recipient, providerName, data: { ...transfer.record.data, tool } }
  const found = { ...transfer, record, providerWord: true as const }
  // LI.FI's word must be about what was signed: that destination chain, and that receiver unless a call on arrival
  // (a swap there) receives first and pays the person.
  const otherChain = record.destination.token.chainId !== Number(signed.destinationChainId)
  const otherReceiver = !signed.hasDestinationCall && !isAddressEqual(record.recipient, signed.receiver)
  if (otherChain || otherReceiver) {
    throw new InvalidResponseError(
      LIFI_PROVIDER_ID,
      'status',
      `it names ${otherChain ? `chain ${record.destination.token.chainId}` : record.recipient}, not what the deposit signed`,
    )
  }
  return found
}
