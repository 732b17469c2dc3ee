/**
 * For tests that run on both of the services' database engines: SQLite in a fresh folder, and PostgreSQL on a server
 * of the test's own (a new database per call), started before the file's tests and stopped after them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PostgresServer, startPostgresServer } from '@multi-bridge/devnet/postgres'
import { afterAll, beforeAll, onTestFinished } from 'vitest'
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

/**
 * Opens a store in a fresh temporary folder for the running test, and closes it and removes the folder when the test
 * ends (unit tests left one folder per test in the system's temporary folder before).
 */
export async function openScratchStore<S extends { close(): Promise<void> }>(
  prefix: string,
  open: (parameters: OpenStateParameters) => Promise<S>,
): Promise<S> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const store = await open({ dataDir })
  onTestFinished(async () => {
    await store.close().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  })
  return store
}
