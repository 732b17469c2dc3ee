import { type PostgresServer, startPostgresServer } from '@multi-bridge/devnet/postgres'
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest'
import { type ChainClients, clientsFor, startTestNetwork, type TestNetwork } from './harness.ts'
import { restartCases } from './restartCases.ts'

// The services with their state in PostgreSQL (DATABASE_URL) instead of their SQLite files: a server of the test's
// own, from the machine's packages, on a free port and a temporary folder. The same restart and corrupt-state cases
// as integration.test.ts runs on SQLite.
let server: PostgresServer
let network: TestNetwork
let A: ChainClients
let B: ChainClients
let C: ChainClients

beforeAll(async () => {
  server = await startPostgresServer()
  network = await startTestNetwork({ databaseUrl: await server.createDatabase() })
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
})

afterAll(async () => {
  await network?.stop()
  await server?.stop()
})

afterEach(() => {
  const exits = network.unexpectedExits.splice(0)
  expect(exits, `unexpected service exits; last logs:\n${network.logs.slice(-20).join('\n')}`).toEqual([])
})

describe('the services on PostgreSQL', () => {
  restartCases(() => ({ network, A, B, C, freshDatabaseUrl: () => server.createDatabase() }))
})
