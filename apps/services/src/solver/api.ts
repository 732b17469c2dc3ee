import type { Hono } from 'hono'
import { createApi, HttpError, json } from '../shared/http.ts'
import { parseBytes32 } from '../shared/validation.ts'
import type { SolverContext } from './context.ts'
import { priceTable } from './pricing.ts'
import { quote } from './quote.ts'

/**
 * The solver's HTTP API: health, quotes, its price table (read-only: the app shows USD values on the local network
 * from it), and what it knows of an order (without the origin data).
 */
export function solverApi(context: SolverContext): Hono {
  const { manifest } = context
  const api = createApi(context.log)
  api.get('/health', (c) =>
    json(c, { ok: true, solver: context.solver, chains: manifest.chains.map((chain) => chain.id) }),
  )
  api.get('/v1/quote', async (c) => json(c, await quote(context, c.req.query())))
  const prices = { prices: priceTable(context.pricing, manifest) }
  api.get('/v1/prices', (c) => json(c, prices))
  api.get('/v1/orders/:orderId', async (c) => {
    await context.store.flush() // what is shown is in the database first
    const order = context.store.value.orders[parseBytes32(c.req.param('orderId'), 'orderId')]
    if (!order) throw new HttpError(404, 'UNKNOWN_ORDER', 'The solver has not seen this order')
    const { originData: _originData, ...visible } = order as typeof order & { originData?: unknown }
    return json(c, visible)
  })
  return api
}
