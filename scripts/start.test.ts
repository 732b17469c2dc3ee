import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getFreeBasePort, isPortTaken } from '@multi-bridge/devnet'
import { afterAll, describe, expect, it } from 'vitest'

const stateDir = mkdtempSync(join(tmpdir(), 'multibridge-start-'))
afterAll(() => rmSync(stateDir, { recursive: true, force: true }))

const OFFSETS = [0, 1, 2, 100, 101, 102, 103, 104, 200]

const freeBasePort = () => getFreeBasePort(OFFSETS)

function runStart(base: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      DEVNET_BASE_PORT: String(base),
      WEB_PORT: String(base + 200),
      MULTIBRIDGE_STATE_DIR: stateDir,
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe('npm start', () => {
  it('starts chains and services with prefixed output, and Ctrl-C stops all of them', async () => {
    const base = await freeBasePort()
    const run = runStart(base)
    const deadline = Date.now() + 120_000
    while (!run.output().includes('everything is up')) {
      if (Date.now() > deadline || run.child.exitCode !== null) throw new Error(`npm start failed:\n${run.output()}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(run.output()).toMatch(/^\[devnet\] +Local Chain A/m)
    expect(run.output()).toMatch(/^\[solver\] +solver started/m)
    for (const n of [1, 2, 3]) expect(run.output()).toMatch(new RegExp(`^\\[attester-${n}\\] +attester started`, 'm'))
    expect(run.output()).toMatch(/^\[relayer\] +relayer started/m)
    const health = await fetch(`http://127.0.0.1:${base + 100}/health`)
    expect(health.status).toBe(200)
    // The app is served, and it reads the manifest of the network that was just started.
    expect((await fetch(`http://127.0.0.1:${base + 200}/`)).status).toBe(200)
    const manifest = (await (await fetch(`http://127.0.0.1:${base + 200}/config/manifest.json`)).json()) as {
      chains: { rpcUrls: string[] }[]
    }
    expect(manifest.chains[0]?.rpcUrls[0]).toBe(`http://127.0.0.1:${base}`)

    run.child.kill('SIGINT')
    expect(await run.exited).toBe(0)
    for (const offset of OFFSETS) expect(await isPortTaken(base + offset), `port ${base + offset}`).toBe(false)
  })

  it('stops with a clear message when a port is taken', async () => {
    const base = await freeBasePort()
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(base + 100, '127.0.0.1', resolve))
    try {
      const run = runStart(base)
      expect(await run.exited).toBe(1)
      expect(run.output()).toContain(`Port ${base + 100} (solver) is already in use`)
    } finally {
      blocker.close()
    }
  })
})
