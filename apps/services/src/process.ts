import { type ChildProcess, spawn } from 'node:child_process'
import { serviceBundle } from './bundle.ts'
import { ServiceError } from './shared/errors.ts'
import { READY_MESSAGE } from './shared/ipc.ts'

/** An attester by its place in the manifest's list, from 1: `attester-1` is `services.attesters.urls[0]`. */
export type AttesterName = `attester-${number}`
export type ServiceName = 'solver' | 'relayer' | AttesterName

export const attesterName = (index: number): AttesterName => `attester-${index + 1}`

/** The cli's arguments naming a service: an attester is `attester --index <n>`. */
function serviceArguments(name: ServiceName): string[] {
  const attester = /^attester-([1-9][0-9]*)$/.exec(name)
  return attester ? ['attester', '--index', String(Number(attester[1]) - 1)] : [name]
}

export type ServiceProcess = {
  name: ServiceName
  child: ChildProcess
  /** Resolves once this very process reports that it serves on its port; rejects if it exits first. */
  ready: Promise<void>
  stop: (signal?: NodeJS.Signals) => Promise<void>
}

/**
 * Starts a service as its own node process (so tests can kill it like a crash would). The process
 * is the service itself (node running the bundled cli.ts, never a wrapper that signals would not pass
 * through), and it stops on its own when the parent goes away (the IPC channel closes).
 */
export function spawnService(parameters: {
  name: ServiceName
  manifestPath: string
  dataDir: string
  port: number
  onLine?: (line: string) => void
  env?: NodeJS.ProcessEnv
}): ServiceProcess {
  const child = spawn(
    process.execPath,
    [
      // Built from cli.ts on the first start after a change (see bundle.ts): starts several times
      // faster than through tsx, for the services' restarts in tests above all.
      serviceBundle(),
      ...serviceArguments(parameters.name),
      '--manifest',
      parameters.manifestPath,
      '--data-dir',
      parameters.dataDir,
      '--port',
      String(parameters.port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, ...parameters.env } },
  )
  // The last lines explain an early exit (e.g. "port already in use", "state file cannot be read").
  const recent: string[] = []
  const onLine = (line: string) => {
    recent.push(line)
    if (recent.length > 5) recent.shift()
    parameters.onLine?.(line)
  }
  readLines(child, onLine)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ServiceError(`${parameters.name} did not become ready within 60 s`, { code: 'SERVICE_START_TIMEOUT' }))
      child.kill('SIGKILL')
    }, 60_000)
    child.on('message', (message) => {
      if (message !== READY_MESSAGE) return
      clearTimeout(timer)
      resolve()
    })
    // 'close' comes after the output streams ended, so the last lines are in `recent`.
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      reject(
        new ServiceError(
          `${parameters.name} exited (${signal ?? `code ${code}`}) before it was ready:\n${summarize(recent)}`,
          { code: 'SERVICE_EXITED' },
        ),
      )
    })
  })
  ready.catch(() => undefined) // observed by whoever awaits it; never an unhandled rejection
  return {
    name: parameters.name,
    child,
    ready,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal)
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
        await exited
        clearTimeout(timer)
      }
    },
  }
}

/** Each non-empty line `child` writes to its stdout and stderr, as it comes. */
function readLines(child: ChildProcess, onLine: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8')
    let buffered = ''
    stream?.on('data', (chunk: string) => {
      buffered += chunk
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) if (line.trim()) onLine(line)
    })
    stream?.on('end', () => {
      if (buffered.trim()) onLine(buffered)
      buffered = ''
    })
  }
}

/** A service's JSON log lines, as their message and error (what a person needs to see). */
function summarize(lines: string[]): string {
  return lines
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: unknown; error?: unknown }
        return entry.error ? `${String(entry.msg)}: ${String(entry.error)}` : String(entry.msg)
      } catch {
        return line
      }
    })
    .join('\n')
}
