/**
 * Keeps dependencies flowing one way (STYLE.md): contracts → core → {web, services}; devnet may use
 * contracts and core. Test files may also use the devnet launcher. madge checks file-level cycles;
 * this checks the package level, which madge cannot see through workspace names.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const allowed: Record<string, string[]> = {
  'packages/contracts': [],
  'packages/core': ['contracts'],
  'packages/devnet': ['contracts', 'core'],
  // The services package also holds the launcher of the whole local network (devnet + services).
  'apps/services': ['contracts', 'core', 'devnet'],
  'apps/web': ['contracts', 'core'],
}
const testOnly = ['devnet', 'core', 'contracts', 'services']
const isTest = (path: string) => /(^|\/)(test|e2e)\//.test(path) || /\.test\.tsx?$/.test(path)

function files(dir: string): string[] {
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    if (['node_modules', 'dist', 'generated'].includes(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return files(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const problems: string[] = []
for (const [pkg, deps] of Object.entries(allowed)) {
  for (const file of files(join(root, pkg))) {
    const rel = relative(root, file)
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/from '@multi-bridge\/([a-z-]+)/g)) {
      const target = match[1]!
      const ok = deps.includes(target) || (isTest(relative(join(root, pkg), file)) && testOnly.includes(target))
      if (!ok) problems.push(`${rel} imports @multi-bridge/${target}, which ${pkg} must not depend on`)
    }
    for (const match of source.matchAll(/from '(\.\.\/)+(packages|apps)\//g)) {
      problems.push(`${rel} reaches into another package by path (${match[0]}); import its entry point`)
    }
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log('layers: every package imports only what it may')
