import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startNetwork } from '@multi-bridge/services'
import { build } from 'vite'

const root = join(import.meta.dirname, '..')

/**
 * Once for all browser tests: the production build of the app, and a fresh network with its services. The
 * workers start after this and find both through the environment (E2E_MANIFEST_PATH, E2E_DIST_DIR).
 */
export default async function globalSetup() {
  const webRoot = join(root, 'apps', 'web')
  const distDir = join(webRoot, 'dist')
  await build({ root: webRoot, configFile: join(webRoot, 'vite.config.ts'), logLevel: 'warn' })
  const stateDir = mkdtempSync(join(tmpdir(), 'multibridge-e2e-'))
  // A short fill window, so that a swap nobody fills becomes refundable within a test; long enough that such a swap
  // is "taking longer than usual" (its estimate and 10 s of grace after the deposit) before its deadline even when a
  // loaded machine takes 40 s from the quote to the deposit (the review waits for the network cost, then an approval
  // and the deposit are mined). 40 s was not enough on CI twice: its window closed before it opened.
  const network = await startNetwork({ stateDir, serviceEnv: { SOLVER_FILL_WINDOW_SECONDS: '60' } })
  process.env.E2E_MANIFEST_PATH = network.manifestPath
  process.env.E2E_DIST_DIR = distDir
  process.env.E2E_LOCK_DIR = stateDir
  return async () => {
    await network.stop()
    rmSync(stateDir, { recursive: true, force: true })
  }
}
