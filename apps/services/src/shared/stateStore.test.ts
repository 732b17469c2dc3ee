import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CorruptStateError, JsonStateStore } from './stateStore.ts'

type State = { cursors: Record<string, string>; orders: Record<string, { status: string }> }
const empty = (): State => ({ cursors: {}, orders: {} })

const dir = mkdtempSync(join(tmpdir(), 'state-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const fileWith = (content?: string) => {
  const path = join(dir, `state-${files++}.json`)
  if (content !== undefined) writeFileSync(path, content)
  return path
}

describe('a service state file', () => {
  it('starts empty, persists every update, and reads it back after a restart', () => {
    const path = fileWith()
    const store = new JsonStateStore(path, empty)
    expect(store.value).toEqual(empty())
    store.update((state) => {
      state.orders['0x01'] = { status: 'accepted' }
    })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ cursors: {}, orders: { '0x01': { status: 'accepted' } } })
    expect(new JsonStateStore(path, empty).value.orders['0x01']).toEqual({ status: 'accepted' })
  })

  it('refuses to start over from a corrupt or foreign file, naming it', () => {
    const cases: [string, RegExp][] = [
      ['{"cursors": {}, "orders": {', /cannot be read \(.*JSON/],
      ['', /cannot be read/],
      ['[]', /expected a JSON object, found array/],
      ['null', /expected a JSON object, found null/],
      ['{"cursors": {}}', /"orders" should be object, found undefined/],
      ['{"cursors": {}, "orders": []}', /"orders" should be object, found array/],
    ]
    for (const [content, reason] of cases) {
      const path = fileWith(content)
      let error: unknown
      try {
        new JsonStateStore(path, empty)
      } catch (caught) {
        error = caught
      }
      expect(error, content).toBeInstanceOf(CorruptStateError)
      expect(error, content).toMatchObject({ code: 'CORRUPT_STATE' })
      expect((error as Error).message, content).toMatch(reason)
      expect((error as Error).message).toContain(`State file ${path}`)
      expect((error as Error).message).toContain('Refusing to start')
      // The file is left as it was, for a person to inspect.
      expect(readFileSync(path, 'utf8')).toBe(content)
    }
  })
})
