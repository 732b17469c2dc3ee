import type { Hono } from 'hono'
import type { Hex } from 'viem'
import { createApi, HttpError, json } from '../shared/http.ts'
import { parseBytes32 } from '../shared/validation.ts'
import type { AttesterContext } from './context.ts'
import type { IntentRecord } from './intentMachine.ts'
import type { SettledKind } from './settlement.ts'
import { signIntentAttestation, signReleaseAuthorization, signTransferAttestation } from './sign.ts'
import type { TransferRecord } from './transferMachine.ts'

export type ServeContext = Pick<AttesterContext, 'store' | 'signer' | 'signatures' | 'log' | 'settled'>

/** The intent's status on the wire: what has been decided, not how far the attester got. */
const intentStatus = (intent: IntentRecord) =>
  intent.status === 'decided-fill' ? 'filled' : intent.status === 'decided-no-fill' ? 'not-filled' : 'open'

const transferStatus = (transfer: TransferRecord) =>
  transfer.status === 'decided-released'
    ? 'released'
    : transfer.status === 'decided-not-released'
      ? 'not-released'
      : 'pending'

/**
 * An id the attester does not hold, in memory or in the database: one it pruned after it settled (answered from the
 * chain, 410 with how it ended), or one it has not seen final (yet), 404. Each origin is asked at its final head, once per id while the
 * answer holds (`context.settled`, settledLookup.ts).
 */
async function notHeld(context: ServeContext, kind: SettledKind, id: Hex, unknown: HttpError): Promise<never> {
  const settled = await context.settled(kind, id)
  if (!settled) throw unknown
  const { settlement, originChainId } = settled
  throw new HttpError(410, 'SETTLED', `Settled on chain ${originChainId} (${settlement}): nothing to sign any more`, {
    settlement,
    originChainId,
  })
}

/** The intent's answer: its decision signed, null while undecided. */
export async function intentAnswer(context: ServeContext, orderId: Hex) {
  await context.store.flush() // what is answered is in the database first
  // One out of memory (its escrow never settled, long past its expires: prune.ts) is read from the database.
  const intent = context.store.value.intents[orderId] ?? (await context.store.cold('intents', orderId))
  if (!intent) {
    return notHeld(
      context,
      'intents',
      orderId,
      new HttpError(404, 'UNKNOWN_ORDER', 'No final order with this id (yet)'),
    )
  }
  return {
    orderId,
    status: intentStatus(intent),
    originChainId: intent.originChainId,
    destinationChainId: intent.destinationChainId,
    fillDeadline: intent.fillDeadline,
    fillTx: ('fill' in intent ? intent.fill.txHash : undefined) ?? null,
    attestation: await signIntentAttestation(context, { orderId, intent }),
  }
}

/** The transfer's answer: its release authorization (a pool of the manifest) and its decision signed. */
export async function transferAnswer(context: ServeContext, transferId: Hex) {
  await context.store.flush()
  const transfer = context.store.value.transfers[transferId] ?? (await context.store.cold('transfers', transferId))
  if (!transfer) {
    return notHeld(
      context,
      'transfers',
      transferId,
      new HttpError(404, 'UNKNOWN_TRANSFER', 'No final transfer with this id (yet)'),
    )
  }
  return {
    transferId,
    status: transferStatus(transfer),
    originChainId: transfer.originChainId,
    destinationChainId: transfer.destinationChainId,
    release: await signReleaseAuthorization(context, { transferId, transfer }),
    releasedTx: ('releasedTx' in transfer ? transfer.releasedTx : undefined) ?? null,
    attestation: await signTransferAttestation(context, { transferId, transfer }),
  }
}

/** The attester's HTTP API: its health, and each final intent's and transfer's signed answer. */
export function createAttesterApi(context: ServeContext): Hono {
  const api = createApi(context.log)
  api.get('/health', (c) => json(c, { ok: true, attester: context.signer.address }))
  api.get('/v1/intents/:orderId', async (c) =>
    json(c, await intentAnswer(context, parseBytes32(c.req.param('orderId'), 'orderId'))),
  )
  api.get('/v1/transfers/:transferId', async (c) =>
    json(c, await transferAnswer(context, parseBytes32(c.req.param('transferId'), 'transferId'))),
  )
  return api
}
