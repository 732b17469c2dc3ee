import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseManifest } from '@multi-bridge/core'
import { afterAll, describe, expect, it } from 'vitest'
import { GENERATED_COMMENT, productionConfigJson, writeProductionConfig } from './productionConfig.ts'

const dir = mkdtempSync(join(tmpdir(), 'multibridge-production-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('productionConfig', () => {
  it('writes a config the app accepts, marked as generated, with the environment applied', () => {
    const path = writeProductionConfig(join(dir, 'nested', 'manifest.json'), {
      MULTIBRIDGE_RPC_42161: 'https://arb.example/rpc, https://arb-backup.example/rpc',
      MULTIBRIDGE_LIFI_API_URL: 'https://lifi.example/v1/',
      MULTIBRIDGE_ACROSS_INTEGRATOR_ID: '0x00ab',
    })
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    expect(raw.$comment).toBe(GENERATED_COMMENT)
    const manifest = parseManifest(raw)
    expect(manifest).not.toHaveProperty('$comment')
    expect(manifest.mode).toBe('production')
    expect(manifest.devnet).toBeUndefined()
    expect(manifest.chains.find((chain) => chain.id === 42161)?.rpcUrls).toEqual([
      'https://arb.example/rpc',
      'https://arb-backup.example/rpc',
    ])
    expect(manifest.providers?.lifi?.apiUrl).toBe('https://lifi.example/v1')
    expect(manifest.providers?.across?.integratorId).toBe('0x00ab')
  })

  it('refuses a variable it cannot use, naming it', () => {
    expect(() => productionConfigJson({ MULTIBRIDGE_ACROSS_API_URL: 'ftp://across.example' })).toThrow(
      /MULTIBRIDGE_ACROSS_API_URL/,
    )
    // A typo of Base's 8453 would leave Base on its default RPC without a word.
    expect(() => productionConfigJson({ MULTIBRIDGE_RPC_8543: 'https://base.example/rpc' })).toThrow(
      /^Invalid MULTIBRIDGE_RPC_8543: .*its chains are 1, 42161, 10, 8453, 137, 56$/,
    )
  })

  it('writes no secret: an API key stops it, a key named public is written as such', () => {
    expect(() => productionConfigJson({ MULTIBRIDGE_RELAY_API_KEY: 'secret-key-1' })).toThrow(
      /MULTIBRIDGE_RELAY_API_KEY: the built config is public/,
    )
    expect(productionConfigJson({ MULTIBRIDGE_RELAY_PUBLIC_KEY: 'public-key-1' })).toContain('"apiKey": "public-key-1"')
  })
})
