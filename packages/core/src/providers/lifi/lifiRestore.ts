import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { getManifestChain } from '../../config/manifest.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import type { DepositedSwap } from '../../records/types.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { apiTokenRef, describeIssues, txHash } from '../apiSupport.ts'
import { depositOnChain } from '../deliveryCheck.ts'
import type { FoundSwap } from '../types.ts'
import { LIFI_PROVIDER_ID, LIFI_PROVIDER_NAME } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import { lifiStatusSchema, lifiTransfersSchema } from './lifiSchemas.ts'
import { confirmLifiOnChain } from './lifiStatus.ts'
import { notAboutDeposit } from './lifiStatusUpdate.ts'

/** History's restore: the transfers LI.FI lists for `owner` (`/analytics/transfers`), each proven on the chains. */
export async function findLifiSwaps(context: LifiContext, owner: Address): Promise<FoundSwap[]> {
  const raw = await httpRequestWithRetry(`${context.apiUrl}/analytics/transfers`, {
    query: { wallet: owner, ...context.common },
    timeoutMs: context.statusTimeoutMs,
  })
  const parsed = lifiTransfersSchema.safeParse(raw)
  if (!parsed.success) throw new InvalidResponseError(LIFI_PROVIDER_ID, 'transfer list', describeIssues(parsed.error))
  const found = await Promise.all(parsed.data.transfers.map((entry) => foundTransfer(context, entry, owner)))
  return found.filter((transfer) => transfer !== undefined)
}

/**
 * A History record for a transfer LI.FI knows of, when it is one of this config's chains and tokens. Its
 * status counts as tracking's does: about this deposit and its chains, a delivery only once the destination
 * chain shows it; otherwise the record stays deposited and tracking follows it on.
 */
export async function foundTransfer(
  context: LifiContext,
  entry: unknown,
  owner: Address,
): Promise<FoundSwap | undefined> {
  const { manifest, clients } = context
  const transfer = lifiStatusSchema
    .extend({ sending: lifiStatusSchema.shape.sending.unwrap().extend({ txHash, chainId: z.number().int() }) })
    .safeParse(entry)
  if (!transfer.success) return undefined
  const { sending, receiving } = transfer.data
  const lastStep = sending.includedSteps?.at(-1)
  const toToken = receiving?.token ?? lastStep?.toToken
  const toAmount = receiving?.amount ?? lastStep?.toAmount
  if (!sending.token || !sending.amount || !toToken || !toAmount) return undefined
  if (!getManifestChain(manifest, sending.chainId) || !getManifestChain(manifest, toToken.chainId)) return undefined
  const contracts = context.allowlist(sending.chainId)
  const diamond = contracts[0]
  if (!diamond) return undefined
  // Only a deposit the origin chain shows: succeeded, sent by the owner, to LI.FI's contract there.
  if (!(await depositOnChain(clients, { chainId: sending.chainId, hash: sending.txHash as Hex, owner, contracts }))) {
    return undefined
  }
  const depositedAt = sending.timestamp ?? Math.floor(Date.now() / 1000)
  const record: DepositedSwap = {
    key: sending.txHash,
    id: sending.txHash,
    providerId: LIFI_PROVIDER_ID,
    providerName: LIFI_PROVIDER_NAME,
    owner,
    recipient: transfer.data.toAddress ?? owner,
    origin: { token: apiTokenRef(manifest, sending.token), amount: sending.amount },
    destination: { token: apiTokenRef(manifest, toToken), estimatedAmount: toAmount, minAmount: toAmount },
    depositAddress: diamond,
    status: 'deposited',
    createdAt: depositedAt * 1000,
    depositTx: sending.txHash as Hex,
    depositedAt,
    ...(transfer.data.tool ? { data: { tool: transfer.data.tool } } : {}),
    updatedAt: Date.now(),
  }
  if (notAboutDeposit(transfer.data, record)) return { record }
  // A destination chain that does not answer now leaves the swap Swapping: tracking looks again.
  const event = await confirmLifiOnChain(context, record, transfer.data).catch(() => undefined)
  return event ? { record, event } : { record }
}
