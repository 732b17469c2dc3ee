import type { Hono } from 'hono'
import { createApi, HttpError, json } from '../shared/http.ts'
import { parseBytes32 } from '../shared/validation.ts'
import type { SolverContext } from './context.ts'
import { parseGaslessOrderRequest } from './gaslessRequest.ts'
import { openGasless } from './openGasless.ts'
import { priceTable } from './pricing.ts'
import { quote } from './quote.ts'

/**
 * The solver's HTTP API: health, quotes, its price table (read-only: the app shows USD values on the local network
 * from it), what it knows of an order (without the origin data), and the submission of signed gasless orders.
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
  // A gasless order the person signed: the solver opens it on the origin, paying the gas (docs/gasless.md).
  // Its body at most 16 KiB, sized or chunked (createApi).
  api.post('/v1/orders/gasless', async (c) => {
    const body: unknown = await c.req.json().catch(() => {
      throw new HttpError(400, 'INVALID_JSON', 'The request body is not JSON')
    })
    return json(c, await openGasless(context, parseGaslessOrderRequest(body)))
  })
  api.get('/v1/orders/:orderId', async (c) => {
    await context.store.flush() // what is shown is in the database first
    const order = context.store.value.orders[parseBytes32(c.req.param('orderId'), 'orderId')]
    if (!order) throw new HttpError(404, 'UNKNOWN_ORDER', 'The solver has not seen this order')
    const { originData: _originData, ...visible } = order as typeof order & { originData?: unknown }
    return json(c, visible)
  })
  return api
}
