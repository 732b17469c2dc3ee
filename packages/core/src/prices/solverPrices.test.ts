import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReplayServer, startReplayServer } from '../../test/support/replayServer.ts'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import { createSolverPriceSource, parseSolverPrices } from './solverPrices.ts'

let server: ReplayServer
beforeAll(async () => {
  server = await startReplayServer()
})
afterAll(() => server.close())

const USDC = '0x00000000000000000000000000000000000000A1'

describe("the solver's price table", () => {
  it('keeps the usable entries and drops the odd ones one by one', () => {
    expect(
      parseSolverPrices({
        prices: [
          { chainId: 1, address: USDC.toLowerCase(), symbol: 'USDC', usd: '1' },
          { chainId: 1, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', usd: '3000' },
          { chainId: 1, address: 'not-an-address', usd: '1' },
          { chainId: 1, address: USDC, usd: 1 },
          { chainId: 1, address: USDC, usd: '0' },
          { chainId: 1, address: USDC, usd: '-2' },
          'junk',
        ],
      }),
    ).toEqual([
      { chainId: 1, address: USDC, usd: '1' },
      { chainId: 1, address: NATIVE_TOKEN_ADDRESS, usd: '3000' },
    ])
    expect(parseSolverPrices({ error: 'nope' })).toEqual([])
  })

  it('is read once a minute at most, and a failed read is asked again', async () => {
    server.setRoutes({ '/v1/prices': { status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } } })
    const source = createSolverPriceSource(server.url)
    expect(await source.prices()).toEqual([])
    server.setRoutes({ '/v1/prices': { body: { prices: [{ chainId: 1, address: USDC, usd: '1' }] } } })
    expect(await source.prices()).toEqual([{ chainId: 1, address: USDC, usd: '1' }])
    const asked = server.requests.filter((request) => request.path === '/v1/prices').length
    await source.prices()
    expect(server.requests.filter((request) => request.path === '/v1/prices')).toHaveLength(asked)
  })
})
