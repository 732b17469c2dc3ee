import { type Address, type Hex, isAddressEqual } from 'viem'
import { getManifestChain } from '../../config/manifest.ts'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import type { DepositedSwap } from '../../records/types.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { apiTokenRef, describeIssues, transactionTime } from '../apiSupport.ts'
import { depositOnChain } from '../deliveryCheck.ts'
import type { FoundSwap } from '../types.ts'
import { RELAY_PROVIDER_ID } from './relayConfig.ts'
import type { RelayContext } from './relayContext.ts'
import { relayRequestSchema, relayRequestsSchema, relayStatusSchema } from './relaySchemas.ts'
import { confirmRelayOnChain, relayStatusEvent } from './relayStatus.ts'

/** Requests per page, and how many pages restore reads at most (Relay pages with `continuation`). */
const PAGE_SIZE = 50
const MAX_PAGES = 10

/** One page of `/requests/v3` (`query`: for an owner, `{ user }`; for a deposit, `{ hash }`). */
export async function requestsPage(context: RelayContext, query: Record<string, string | number>) {
  let raw: unknown
  try {
    raw = await httpRequestWithRetry(`${context.apiUrl}/requests/v3`, {
      headers: context.headers,
      query,
      timeoutMs: context.statusTimeoutMs,
    })
  } catch (error) {
    if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403)) {
      throw new InvalidResponseError(
        RELAY_PROVIDER_ID,
        'request list',
        'Relay lists past requests only with an API key (a proxy that adds it, or MULTIBRIDGE_RELAY_PUBLIC_KEY)',
      )
    }
    throw error
  }
  const parsed = relayRequestsSchema.safeParse(raw)
  if (!parsed.success) throw new InvalidResponseError(RELAY_PROVIDER_ID, 'request list', describeIssues(parsed.error))
  return parsed.data
}

/**
 * A History record for a request Relay lists, when it is one of this config's chains; bad entries are skipped. A
 * `success` becomes Completed only when the destination chain shows its fill of this order, after the deposit's block
 * (`confirmRelayOnChain`), whatever time Relay gives it or not.
 */
export async function foundRequest(
  context: RelayContext,
  entry: unknown,
  owner: Address,
): Promise<FoundSwap | undefined> {
  const parsed = relayRequestSchema.safeParse(entry)
  if (!parsed.success) return undefined
  const { data } = parsed.data
  const [sent] = data.inTxs
  const hash = sent?.txHash ?? sent?.hash
  const route = data.route.actual ?? data.route.quoted
  const input = route.origin.inputCurrency
  const output = data.route.quoted.destination.outputCurrency
  if (!sent || !hash || !isAddressEqual(parsed.data.user, owner)) return undefined
  if (!context.served(input.currency.chainId) || !getManifestChain(context.manifest, output.currency.chainId)) {
    return undefined
  }
  // Only a deposit the origin chain shows: succeeded, sent by the owner, to Relay's depository there.
  const chainId = input.currency.chainId
  const deposit = { chainId, hash: hash as Hex, owner, contracts: context.allowlist(chainId) }
  if (!(await depositOnChain(context.clients, deposit))) return undefined
  // Relay's time of the deposit, else its block's (a delivery is looked for after it either way: confirmDelivery).
  const listed = sent.timestamp ?? Math.floor(Date.parse(parsed.data.createdAt ?? '') / 1000)
  const at = Number.isFinite(listed) ? listed : ((await transactionTime(context.clients, chainId, hash as Hex)) ?? 0)
  const record: DepositedSwap = {
    key: hash,
    id: hash,
    providerId: RELAY_PROVIDER_ID,
    providerName: 'Relay',
    owner,
    recipient: parsed.data.recipient,
    origin: { token: apiTokenRef(context.manifest, input.currency), amount: input.amount },
    destination: {
      token: apiTokenRef(context.manifest, output.currency),
      estimatedAmount: output.amount,
      minAmount: output.minimumAmount ?? output.amount,
    },
    depositAddress: context.allowlist(input.currency.chainId)[0] as Address,
    status: 'deposited',
    createdAt: at * 1000,
    depositTx: hash as Hex,
    depositedAt: at,
    data: { requestId: parsed.data.id },
    updatedAt: Date.now(),
  }
  const status = relayStatusSchema.shape.status.safeParse(parsed.data.status)
  if (!status.success) return { record }
  const out = data.outTxs?.[0]
  const outHash = out?.txHash ?? out?.hash
  const event = relayStatusEvent(
    { status: status.data, ...(outHash ? { txHashes: [outHash] } : {}) },
    data.route.actual,
  )
  return { record, event: await confirmRelayOnChain(context, record, event, out?.chainId) }
}

/**
 * History's restore: every request Relay lists for `owner` (`/requests/v3`, which needs an API key), following
 * `continuation` for at most `MAX_PAGES` pages.
 */
export async function findRelaySwaps(context: RelayContext, owner: Address): Promise<FoundSwap[]> {
  const records = new Map<string, FoundSwap>()
  let continuation: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await requestsPage(context, {
      user: owner,
      limit: PAGE_SIZE,
      ...(continuation ? { continuation } : {}),
    })
    for (const entry of list.requests) {
      const found = await foundRequest(context, entry, owner)
      // Pages may overlap while Relay indexes new requests: one record per deposit.
      if (found && !records.has(found.record.key)) records.set(found.record.key, found)
    }
    if (!list.continuation || list.continuation === continuation) break
    continuation = list.continuation
  }
  return [...records.values()]
}
