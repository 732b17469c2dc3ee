/**
 * `npm run start:production`: the app against mainnet. Writes the production config from the
 * environment to .cache/production/manifest.json and serves the app with it (no local network, no
 * devnet wallet: connect a browser wallet). Ctrl-C stops it.
 */
import { join } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { formatLogLine } from './output.ts'
import { writeProductionConfig } from './productionConfig.ts'

const root = join(import.meta.dirname, '..')
const webPort = Number(process.env.WEB_PORT ?? 5173)
const print = (line: string) => process.stdout.write(`${formatLogLine('web', line)}\n`)

let web: ViteDevServer | undefined

async function shutdown(code: number) {
  await web?.close()
  process.exit(code)
}
process.once('SIGINT', () => void shutdown(0))
process.once('SIGTERM', () => void shutdown(0))

try {
  const configPath = writeProductionConfig(join(root, '.cache', 'production', 'manifest.json'), process.env)
  print(`production config ${configPath}`)
  // The dev server answers ./config/manifest.json with this file (see apps/web/vite.config.ts).
  process.env.MULTIBRIDGE_MANIFEST = configPath
  web = await createServer({
    root: join(root, 'apps', 'web'),
    configFile: join(root, 'apps', 'web', 'vite.config.ts'),
    server: { port: webPort, strictPort: true, host: '127.0.0.1' },
    clearScreen: false,
    logLevel: 'warn',
  })
  await web.listen()
  print(`the app against mainnet (LI.FI, Across and Relay): http://127.0.0.1:${webPort}/`)
} catch (error) {
  print(error instanceof Error ? error.message : String(error))
  await shutdown(1)
}
