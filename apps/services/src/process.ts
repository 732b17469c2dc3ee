import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export type ServiceName = 'solver' | 'attester' | 'relayer'

export type ServiceProcess = {
  name: ServiceName
  child: ChildProcess
  /** Resolves once the service answers on /health. */
  ready: Promise<void>
  stop: (signal?: NodeJS.Signals) => Promise<void>
}

const require = createRequire(import.meta.url)
const cliPath = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts')

/** Starts a service as its own node process (so tests can kill it like a crash would). */
export function spawnService(parameters: {
  name: ServiceName
  manifestPath: string
  dataDir: string
  port: number
  onLine?: (line: string) => void
  env?: NodeJS.ProcessEnv
}): ServiceProcess {
  const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs')
  const child = spawn(
    process.execPath,
    [
      tsx,
      cliPath,
      parameters.name,
      '--manifest',
      parameters.manifestPath,
      '--data-dir',
      parameters.dataDir,
      '--port',
      String(parameters.port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...parameters.env } },
  )
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8')
    let buffered = ''
    stream?.on('data', (chunk: string) => {
      buffered += chunk
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) if (line.trim()) parameters.onLine?.(line)
    })
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = (async () => {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${parameters.name} exited with code ${child.exitCode}`)
      try {
        const response = await fetch(`http://127.0.0.1:${parameters.port}/health`)
        if (response.ok) return
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`${parameters.name} did not become healthy in time`)
  })()
  return {
    name: parameters.name,
    child,
    ready,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
