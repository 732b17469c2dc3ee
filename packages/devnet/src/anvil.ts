import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { getFreePort, isPortTaken, PortInUseError } from './ports.ts'

const require = createRequire(import.meta.url)

/** Path of the anvil binary shipped inside the npm package for this platform. */
export function anvilBinary(): string {
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`
  return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', 'anvil')
}

export type StartAnvilParameters = {
  chainId: number
  /** Fixed port; a free one is chosen when omitted. */
  port?: number
  /** Seconds between blocks; omitted means a block per transaction (automine). */
  blockTime?: number
  /** Where anvil's output goes, line by line. Defaults to nowhere. */
  onLog?: (line: string) => void
}

export type AnvilInstance = {
  chainId: number
  port: number
  rpcUrl: string
  process: ChildProcess
  stop: () => Promise<void>
}

/** Starts one anvil chain and resolves once its RPC answers. */
export async function startAnvil(parameters: StartAnvilParameters): Promise<AnvilInstance> {
  const port = parameters.port ?? (await getFreePort())
  if (parameters.port !== undefined && (await isPortTaken(port))) {
    throw new PortInUseError(port, `anvil chain ${parameters.chainId}`)
  }
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(parameters.chainId)]
  args.push('--accounts', '11', '--balance', '1000000')
  if (parameters.blockTime !== undefined) args.push('--block-time', String(parameters.blockTime))
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const log = parameters.onLog
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8')
    stream?.on('data', (chunk: string) => {
      if (!log) return
      for (const line of chunk.split('\n')) if (line.trim()) log(line)
    })
  }
  const rpcUrl = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    }
  }
  try {
    await waitForRpc(rpcUrl, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { chainId: parameters.chainId, port, rpcUrl, process: child, stop }
}

/**
 * Waits for anvil to answer. Generous: on two cores busy with a test run (unit, integration and browser tests side
 * by side), a start took more than 15 s once in CI. Each try has its own time-out, so one hanging request does not
 * outlive the wait.
 */
async function waitForRpc(rpcUrl: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode} before answering`)
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(2_000),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`anvil at ${rpcUrl} did not answer within ${timeoutMs} ms`)
}
