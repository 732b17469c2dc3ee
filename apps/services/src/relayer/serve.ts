import type { Hono } from 'hono'
import { createApi, HttpError, json } from '../shared/http.ts'
import { parseBytes32 } from '../shared/validation.ts'
import type { RelayerContext } from './context.ts'

/** The relayer's HTTP API: its health, and each transfer's record as the relayer keeps it. */
export function createRelayerApi(context: Pick<RelayerContext, 'store' | 'log' | 'account'>): Hono {
  const api = createApi(context.log)
  api.get('/health', (c) => json(c, { ok: true, relayer: context.account.address }))
  api.get('/v1/transfers/:transferId', async (c) => {
    await context.store.flush() // what is shown is in the database first
    const transfer = context.store.value.transfers[parseBytes32(c.req.param('transferId'), 'transferId')]
    if (!transfer) throw new HttpError(404, 'UNKNOWN_TRANSFER', 'The relayer has not seen this transfer')
    return json(c, transfer)
  })
  return api
}
