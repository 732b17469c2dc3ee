import { describe, expect, it } from 'vitest'

// The app's own sources, as text (Vite's glob: no node modules in the web's types).
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
})
const KEYS_FILE = './queryKeys.ts'

/** Where a query key is written in place: an array or string literal where a key goes, or a key factory made aside. */
function inlineQueryKeys(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/\bqueryKey\s*:\s*([^\n]*)/g)) {
    // A factory's arguments may hold literals (`signedKeys.route(id ?? '')`); the key itself may not.
    let value = match[1] ?? ''
    for (let before = ''; before !== value; ) [before, value] = [value, value.replace(/\([^()]*\)/g, '()')]
    if (/[[`'"]/.test(value)) found.push(match[0].trim())
  }
  for (const match of source.matchAll(/\b(?:const|function)\s+\w*QueryKeys?\b/g)) found.push(match[0])
  return found
}

describe('query keys', () => {
  it('reads the app sources, the keys file and its users among them', () => {
    expect(Object.keys(sources)).toContain(KEYS_FILE)
    const uses = Object.entries(sources).filter(([path, text]) => path !== KEYS_FILE && /\bqueryKey\s*:/.test(text))
    expect(uses.length).toBeGreaterThan(5)
  })

  it('finds a key written in place', () => {
    expect(inlineQueryKeys("useQuery({ queryKey: ['refundPlan', record.key], queryFn })")).toHaveLength(1)
    expect(inlineQueryKeys("queryKey: route ? networkCostKeys.route(route) : ['balances', 'none'],")).toHaveLength(1)
    expect(inlineQueryKeys("export const providerTokensQueryKey = () => ['picker'] as const")).toHaveLength(1)
    expect(inlineQueryKeys('queryClient.invalidateQueries({ queryKey: balanceKeys.all })')).toEqual([])
    expect(inlineQueryKeys('queryKey: request ? routeKeys.quote(request, manifest) : routeKeys.none,')).toEqual([])
    expect(inlineQueryKeys("queryKey: signedKeys.route(route?.id ?? ''),")).toEqual([])
  })

  it('builds every key of the app in lib/queryKeys.ts', () => {
    const inline = Object.entries(sources)
      .filter(([path]) => path !== KEYS_FILE)
      .flatMap(([path, text]) => inlineQueryKeys(text).map((found) => `${path}: ${found}`))
    expect(inline).toEqual([])
  })
})
