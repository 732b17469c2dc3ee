import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import {
  acrossDepositSchema,
  acrossDepositsSchema,
  acrossErrorSchema,
  acrossFeesSchema,
  acrossStatusSchema,
} from '../src/providers/across/acrossSchemas.ts'
import {
  lifiChainsSchema,
  lifiErrorSchema,
  lifiGasSuggestionSchema,
  lifiQuoteSchema,
  lifiStatusSchema,
  lifiTokensSchema,
  lifiTransfersSchema,
} from '../src/providers/lifi/lifiSchemas.ts'
import { FIXTURE_SOURCES } from './fixtures/index.ts'

/** A provider's replayed answers live in its own folder. */
const dirOf = (provider: string) => join(import.meta.dirname, '..', 'src', 'providers', provider, 'fixtures')
const files = ['across', 'lifi'].flatMap((provider) =>
  readdirSync(dirOf(provider))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `${provider}/${name}`),
)
const read = (file: string): unknown => {
  const [provider = '', name = ''] = file.split('/')
  return JSON.parse(readFileSync(join(dirOf(provider), name), 'utf8'))
}

/** Which adapter schema reads each kind of answer. */
function schemaFor(file: string): ZodType {
  if (/^across\/suggested-fees/.test(file)) return acrossFeesSchema
  if (/^across\/deposit-status-/.test(file)) return acrossStatusSchema
  if (file === 'across/deposits.json') return acrossDepositsSchema
  if (/^across\/error-/.test(file)) return acrossErrorSchema
  if (/^lifi\/quote(-gas)?\.json$/.test(file)) return lifiQuoteSchema
  if (/^lifi\/status-/.test(file)) return lifiStatusSchema
  if (file === 'lifi/chains.json') return lifiChainsSchema
  if (file === 'lifi/tokens.json') return lifiTokensSchema
  if (file === 'lifi/analytics-transfers.json') return lifiTransfersSchema
  if (/^lifi\/error-/.test(file)) return lifiErrorSchema
  if (/^lifi\/gas-suggestion/.test(file)) return lifiGasSuggestionSchema
  throw new Error(`no schema for ${file}`)
}

describe('replayed provider answers', () => {
  it('says where every fixture’s shape comes from, and names no file that is gone', () => {
    expect(files.filter((file) => !FIXTURE_SOURCES[file])).toEqual([])
    expect(Object.keys(FIXTURE_SOURCES).filter((file) => !files.includes(file))).toEqual([])
  })

  it.each(files)('%s is read by the adapter', (file) => {
    const parsed = schemaFor(file).safeParse(read(file))
    expect(parsed.error?.issues).toBeUndefined()
  })

  it('has every deposit of the indexer list in its shape but the one made odd on purpose', () => {
    const entries = read('across/deposits.json') as unknown[]
    const odd = entries.filter((entry) => !acrossDepositSchema.safeParse(entry).success)
    expect(odd).toEqual([{ id: 1, originChainId: 42161, status: 'weird' }])
    // The statuses the indexer lists, each at least once.
    const statuses = new Set(entries.map((entry) => (entry as { status: string }).status))
    for (const status of ['unfilled', 'filled', 'slowFillRequested', 'expired', 'refunded']) {
      expect(statuses.has(status), status).toBe(true)
    }
  })

  it('keeps the relationships of real answers: an Across fill deadline hours after its quote, not in 2100', () => {
    for (const file of files.filter((name) => name.startsWith('across/suggested-fees'))) {
      const fees = read(file) as { timestamp: string; fillDeadline: string }
      const window = Number(fees.fillDeadline) - Number(fees.timestamp)
      expect(window, file).toBeGreaterThanOrEqual(2 * 60 * 60)
      expect(window, file).toBeLessThanOrEqual(6 * 60 * 60)
    }
  })
})
