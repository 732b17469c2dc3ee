import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isPureBarrel } from './directImports.ts'

// The features' public entries (see .dependency-cruiser.cjs) must cost nothing: `directImports` turns an import
// from a pure re-export file into imports of the files that define the names, so a page that imports one name
// does not get the others' code in its chunk. Code loaded with import() must not be re-exported at all.
const src = join(import.meta.dirname, '..', 'src')
const features = join(src, 'features')
const entries = readdirSync(features, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join(features, entry.name, 'index.ts'))
  .filter((file) => {
    try {
      return readFileSync(file).length > 0
    } catch {
      return false
    }
  })

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every file the app loads with `import('./relative/path')`. */
const lazyFiles = new Set(
  sourceFiles(src).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) =>
      resolve(dirname(file), m[1] ?? ''),
    ),
  ),
)

const reExported = (entry: string) =>
  [...readFileSync(entry, 'utf8').matchAll(/^export\s+(?:type\s+)?\{[^}]*\}\s+from\s+'([^']+)'/gm)].map((m) =>
    resolve(dirname(entry), m[1] ?? ''),
  )

describe("the features' public entries", () => {
  it('exist for the features other parts use', () => {
    expect(entries.map((entry) => entry.slice(features.length + 1))).toEqual(
      expect.arrayContaining(['history/index.ts', 'notifications/index.ts', 'swap/index.ts', 'wallet/index.ts']),
    )
  })

  it.each(entries.map((entry) => [entry.slice(src.length + 1), entry]))('%s only re-exports', (_name, entry) => {
    expect(isPureBarrel(readFileSync(entry, 'utf8'))).toBe(true)
  })

  it.each(entries.map((entry) => [entry.slice(src.length + 1), entry]))(
    '%s leaves out the files loaded with import()',
    (_name, entry) => {
      expect(reExported(entry).filter((file) => lazyFiles.has(file))).toEqual([])
    },
  )

  it('are told apart from files with code', () => {
    expect(isPureBarrel("export { a } from './a.ts'\nexport type { B } from './b.ts'\n")).toBe(true)
    expect(isPureBarrel("export { a } from './a.ts'\nconsole.log('loaded')\n")).toBe(false)
    expect(isPureBarrel("export { a } from './a.ts'\nexport const b = 1\n")).toBe(false)
  })
})
