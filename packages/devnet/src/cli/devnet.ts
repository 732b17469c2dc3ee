/** `npm run devnet`: the local chains with everything deployed, until Ctrl-C. */
import { join } from 'node:path'
import { DEFAULT_BASE_PORT } from '../config.ts'
import { startDevnet } from '../startDevnet.ts'

const basePort = Number(process.env.DEVNET_BASE_PORT ?? DEFAULT_BASE_PORT)
const manifestPath = process.env.MULTIBRIDGE_MANIFEST ?? join(process.cwd(), '.devnet', 'manifest.json')

try {
  const devnet = await startDevnet({ basePort, manifestPath })
  for (const chain of devnet.manifest.chains) {
    console.log(`${chain.name} (chain id ${chain.id}, ${chain.blockTime}s blocks): ${chain.rpcUrls[0]}`)
  }
  console.log(`manifest: ${manifestPath}  (ready in ${devnet.startupMs} ms; Ctrl-C stops the chains)`)
  const shutdown = async () => {
    await devnet.stop()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
