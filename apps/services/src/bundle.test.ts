import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serviceBundle } from './bundle.ts'

describe('the services’ bundle', () => {
  it('is built into the cache, keyed by its sources', () => {
    const path = serviceBundle()
    expect(path).toMatch(/node_modules\/\.cache\/multi-bridge-services\/[0-9a-f]{16}\/cli\.mjs$/)
    expect(serviceBundle()).toBe(path)
  })

  it('runs the CLI: every module initialises, and a bad command gets the usage', () => {
    const run = spawnSync(process.execPath, [serviceBundle(), 'nobody'], { encoding: 'utf8' })
    expect(run.stderr).toContain('usage: cli.ts <solver|attester|relayer>')
    expect(run.status).toBe(2)
  })

  it('starts a service as far as its configuration, with the message a person needs', () => {
    const manifest = join(import.meta.dirname, 'no-such-manifest.json')
    const run = spawnSync(process.execPath, [serviceBundle(), 'solver', '--manifest', manifest], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(JSON.parse(run.stdout.trim())).toMatchObject({
      level: 'error',
      service: 'solver',
      msg: 'failed to start',
      error: `Cannot read the manifest at ${manifest}: start the devnet first (npm run devnet) or pass --manifest`,
    })
  })
})
