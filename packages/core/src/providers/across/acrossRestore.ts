import { type Address, type Hex, isAddressEqual } from 'viem'
import { getManifestChain } from '../../config/manifest.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import type { DepositedSwap } from '../../records/types.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { describeIssues } from '../apiSupport.ts'
import { depositOnChain } from '../deliveryCheck.ts'
import type { FoundSwap } from '../types.ts'
import { ACROSS_PROVIDER_ID, ACROSS_PROVIDER_NAME } from './acrossConfig.ts'
import type { AcrossContext } from './acrossContext.ts'
import { acrossDepositSchema, acrossDepositsSchema } from './acrossSchemas.ts'
import { confirmAcrossOnChain } from './acrossStatus.ts'
import { acrossStatusUpdate } from './acrossStatusUpdate.ts'

/** Restore: the owner's deposits Across indexed (`/deposits`), each one the origin chain shows, as History records. */
export async function findAcrossSwaps(context: AcrossContext, owner: Address): Promise<FoundSwap[]> {
  const raw = await httpRequestWithRetry(`${context.apiUrl}/deposits`, {
    query: { depositor: owner, limit: 100 },
    timeoutMs: context.statusTimeoutMs,
  })
  const parsed = acrossDepositsSchema.safeParse(raw)
  if (!parsed.success) {
    throw new InvalidResponseError(ACROSS_PROVIDER_ID, 'deposit list', describeIssues(parsed.error))
  }
  const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.deposits
  const records = await Promise.all(entries.map((entry) => foundDeposit(context, entry, owner)))
  return records.filter((found) => found !== undefined)
}

/** A History record for a deposit Across indexed, when its chains are this config's, with what Across says of it. */
async function foundDeposit(context: AcrossContext, entry: unknown, owner: Address): Promise<FoundSwap | undefined> {
  const { manifest, clients } = context
  const parsed = acrossDepositSchema.safeParse(entry)
  if (!parsed.success) return undefined
  const deposit = parsed.data
  const depositTx = deposit.depositTxnRef ?? deposit.depositTxHash
  const pool = context.spokePool(deposit.originChainId)
  if (!depositTx || !pool || !getManifestChain(manifest, deposit.destinationChainId)) return undefined
  if (!isAddressEqual(deposit.depositor, owner)) return undefined
  // Only a deposit the origin chain shows: succeeded, sent by the owner, to the SpokePool there.
  const shown = { chainId: deposit.originChainId, hash: depositTx as Hex, owner, contracts: [pool] }
  if (!(await depositOnChain(clients, shown))) return undefined
  const timestamp = deposit.depositBlockTimestamp
  const depositedAt =
    typeof timestamp === 'number'
      ? timestamp
      : typeof timestamp === 'string' && !Number.isNaN(Date.parse(timestamp))
        ? Math.floor(Date.parse(timestamp) / 1000)
        : Math.floor(Date.now() / 1000)
  const record = await acrossDepositRecord(context, {
    owner,
    recipient: deposit.recipient,
    originChainId: deposit.originChainId,
    inputToken: deposit.inputToken,
    inputAmount: deposit.inputAmount,
    destinationChainId: deposit.destinationChainId,
    outputToken: deposit.outputToken,
    outputAmount: deposit.outputAmount,
    pool,
    depositTx: depositTx as Hex,
    depositedAt,
  })
  return { record, event: await confirmAcrossOnChain(context, record, acrossStatusUpdate(deposit, record)) }
}

/**
 * A History record of an Across deposit (restored from Across's list, or read from its receipt), saying the token
 * that really arrives: WETH out to a wallet arrives as ETH (and the reverse for a contract).
 */
export async function acrossDepositRecord(
  context: AcrossContext,
  deposit: {
    owner: Address
    recipient: Address
    originChainId: number
    inputToken: Address
    /** A decimal string, as records keep amounts. */
    inputAmount: string
    destinationChainId: number
    outputToken: Address
    outputAmount: string
    pool: Address
    depositTx: Hex
    depositedAt: number
  },
): Promise<DepositedSwap> {
  const { tokenRef } = context
  const output = await tokenRef(deposit.destinationChainId, deposit.outputToken)
  const received =
    (await context.deliveredToken(deposit.destinationChainId, deposit.recipient, output).catch(() => undefined)) ??
    output
  return {
    key: deposit.depositTx,
    id: deposit.depositTx,
    providerId: ACROSS_PROVIDER_ID,
    providerName: ACROSS_PROVIDER_NAME,
    owner: deposit.owner,
    recipient: deposit.recipient,
    origin: { token: await tokenRef(deposit.originChainId, deposit.inputToken), amount: deposit.inputAmount },
    destination: { token: received, estimatedAmount: deposit.outputAmount, minAmount: deposit.outputAmount },
    depositAddress: deposit.pool,
    status: 'deposited',
    createdAt: deposit.depositedAt * 1000,
    depositTx: deposit.depositTx,
    depositedAt: deposit.depositedAt,
    updatedAt: Date.now(),
  }
}
