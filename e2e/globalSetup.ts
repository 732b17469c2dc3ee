import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Network, startNetwork } from '@multi-bridge/services'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    manifestPath: string
    distDir: string
  }
}

const root = join(import.meta.dirname, '..')
let network: Network | undefined
let stateDir: string | undefined

/** Once for all browser tests: the production build of the app, and a fresh network with its services. */
export async function setup(project: TestProject) {
  const webRoot = join(root, 'apps', 'web')
  const distDir = join(webRoot, 'dist')
  await build({ root: webRoot, configFile: join(webRoot, 'vite.config.ts'), logLevel: 'warn' })
  stateDir = mkdtempSync(join(tmpdir(), 'multibridge-e2e-'))
  // A short fill window, so that a swap nobody fills becomes refundable within a test.
  network = await startNetwork({ stateDir, serviceEnv: { SOLVER_FILL_WINDOW_SECONDS: '30' } })
  project.provide('manifestPath', network.manifestPath)
  project.provide('distDir', distDir)
}

export async function teardown() {
  await network?.stop()
  if (stateDir) rmSync(stateDir, { recursive: true, force: true })
}
