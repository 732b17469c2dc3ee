import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { type BuildResult, buildSync, version as esbuildVersion } from 'esbuild'
import { ServiceError } from './shared/errors.ts'

const root = join(import.meta.dirname, '..', '..', '..')
const cacheDir = join(root, 'node_modules', '.cache', 'multi-bridge-services')

/**
 * What the bundle is made of besides installed packages (pinned by the lockfile): the workspace
 * packages `cli.ts` reaches, their sources, manifests and TypeScript settings. A build that reads a
 * source outside them fails, so the hash cannot miss one.
 */
const PACKAGES = ['apps/services', 'packages/core', 'packages/contracts']
const SKIPPED_DIRS = new Set(['node_modules', 'test', 'dist', '.cache'])
const isSource = (name: string) =>
  (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) || name === 'package.json' || /^tsconfig.*\.json$/.test(name)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path)
    return isSource(entry.name) ? [path] : []
  })
}

/** Changes with any bundled source, any installed version, esbuild itself or these build options. */
function sourcesHash(files: string[]): string {
  const hash = createHash('sha256')
  hash.update(`esbuild ${esbuildVersion}\n`)
  const shared = ['package-lock.json', 'tsconfig.base.json'].map((file) => join(root, file))
  for (const file of [...files.sort(), ...shared, import.meta.filename]) {
    hash.update(`${relative(root, file)}\n`)
    hash.update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * The services' CLI bundled into one ES module (and the chunks of what it loads lazily): node starts
 * it in a fraction of the time `node --import tsx cli.ts` takes. Built on the first call after the
 * sources changed, under node_modules/.cache/multi-bridge-services/<hash>/ (hashing them takes a few
 * milliseconds, so every call checks): a build is never stale, and never committed. Processes
 * building at once each build aside and rename into place: one wins, the others use its output.
 */
export function serviceBundle(): string {
  const files = PACKAGES.flatMap((path) => sourceFiles(join(root, path)))
  const target = join(cacheDir, sourcesHash(files))
  const entry = join(target, 'cli.mjs')
  if (!existsSync(entry)) {
    const staging = `${target}.${process.pid}-${Date.now()}.tmp`
    try {
      buildInto(staging, new Set(files))
      renameSync(staging, target)
    } catch (error) {
      // Unless another process installed the same build first.
      if (!existsSync(entry)) throw error
    } finally {
      rmSync(staging, { recursive: true, force: true })
    }
    pruneOldBuilds(target)
  }
  return entry
}

function buildInto(outdir: string, sources: ReadonlySet<string>) {
  let result: BuildResult<{ metafile: true }>
  try {
    result = buildSync({
      absWorkingDir: root,
      entryPoints: { cli: join(import.meta.dirname, 'cli.ts') },
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Everything in, viem and zod included: one file parses faster than hundreds of modules resolve.
      packages: 'bundle',
      // Loaded from node_modules at run time: SQLite's native addon finds its binary beside its own files, and pg's
      // optional native driver is never installed.
      external: ['better-sqlite3', 'pg-native'],
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Splitting keeps the lazily loaded route providers of core out of the start, and it avoids
      // esbuild's lazy module wrappers, which `sideEffects: false` packages can leave uninitialized.
      splitting: true,
      // CommonJS dependencies (ws, under viem) call require() for node's own modules.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      metafile: true,
      logLevel: 'silent',
    })
  } catch (error) {
    throw new ServiceError(`the services could not be bundled: ${(error as Error).message}`, {
      code: 'BUILD_FAILED',
      cause: error,
    })
  }
  const unhashed = Object.keys(result.metafile.inputs)
    .map((input) => join(root, input))
    .filter((input) => !input.split(sep).includes('node_modules') && !sources.has(input))
  if (unhashed.length > 0) {
    throw new ServiceError(
      `the services' bundle reads sources outside its hash (add them to PACKAGES): ${unhashed.join(', ')}`,
      {
        code: 'BUILD_FAILED',
      },
    )
  }
}

/** Builds for older sources, once no service could still be starting from them. */
function pruneOldBuilds(current: string) {
  const hourAgo = Date.now() - 3_600_000
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name)
    if (path === current) continue
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true })
    } catch {
      // Gone already, or in use elsewhere: the next prune tries again.
    }
  }
}
