/**
 * For tests that run on both of the services' database engines: SQLite in a fresh folder, and PostgreSQL on a server
 * of the test's own (a new database per call), started before the file's tests and stopped after them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PostgresServer, startPostgresServer } from '@multi-bridge/devnet/postgres'
import { afterAll, beforeAll } from 'vitest'
import type { OpenStateParameters } from './openStore.ts'

export const ENGINES = ['sqlite', 'postgres'] as const
export type Engine = (typeof ENGINES)[number]

/** Registers the engine's server for the enclosing `describe`; `fresh()` gives a new, empty place for a state. */
export function useEngine(engine: Engine) {
  let server: PostgresServer | undefined
  const root = mkdtempSync(join(tmpdir(), `state-${engine}-`))
  let dirs = 0
  beforeAll(async () => {
    if (engine === 'postgres') server = await startPostgresServer()
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    rmSync(root, { recursive: true, force: true })
  })
  return {
    fresh: async (): Promise<OpenStateParameters> => ({
      dataDir: join(root, `data-${dirs++}`),
      databaseUrl: server ? await server.createDatabase() : undefined,
    }),
  }
}
