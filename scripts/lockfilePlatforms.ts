/**
 * Keeps `npm ci` working where the registry does not serve every platform build of a package.
 *
 * Biome and anvil ship their binaries as optional, per-platform packages. When the registry has
 * only some of them (here: the Linux x64 builds), `npm install` leaves the others out of
 * package-lock.json and `npm ci` then refuses the lock file ("Missing: … from lock file"). This
 * script writes a lock entry for every such missing platform package, with its `os`/`cpu` so that
 * npm skips it on other machines without fetching it. `npm install` keeps these entries.
 *
 *   npm run lockfile          adds the missing entries
 *   npm run lockfile -- --check   fails (exit 1) when an entry is missing
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface LockEntry {
  version?: string
  dev?: boolean
  optional?: boolean
  optionalDependencies?: Record<string, string>
  [key: string]: unknown
}

const platformName = /-(darwin|linux|win32|android)-(arm64|x64|amd64)(-musl)?$/

/** The lock entry for a platform package named like `@scope/tool-linux-arm64-musl`, or undefined. */
function platformEntry(name: string, version: string, dev: boolean): LockEntry | undefined {
  const match = platformName.exec(name)
  if (!match) return undefined
  const [, os, cpu, musl] = match
  return {
    version,
    cpu: [cpu === 'amd64' ? 'x64' : cpu],
    ...(dev ? { dev: true } : {}),
    ...(musl ? { libc: ['musl'] } : {}),
    optional: true,
    os: [os],
  }
}

/** Adds the missing platform entries to `packages`; returns the names it added. */
function fillPlatformEntries(packages: Record<string, LockEntry>): string[] {
  const added: string[] = []
  for (const entry of Object.values(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`
      if (packages[key]) continue
      const missing = platformEntry(name, version, entry.dev === true)
      if (!missing) continue
      packages[key] = missing
      added.push(name)
    }
  }
  return added
}

function main() {
  const file = join(import.meta.dirname, '..', 'package-lock.json')
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> }
  const added = fillPlatformEntries(lock.packages)
  if (process.argv.includes('--check')) {
    if (added.length > 0) {
      console.error(`package-lock.json lacks platform packages: ${added.join(', ')}. Run: npm run lockfile`)
      process.exit(1)
    }
    return
  }
  const [root, ...rest] = Object.entries(lock.packages)
  rest.sort(([a], [b]) => a.localeCompare(b, 'en'))
  lock.packages = Object.fromEntries(root ? [root, ...rest] : rest)
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(added.length > 0 ? `Added ${added.join(', ')}` : 'package-lock.json already complete')
}

main()
