import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Rewrites named imports from "barrel" modules (files made only of re-exports, such as `viem`, `viem/actions`,
 * `@wagmi/core`, our own `@multi-bridge/core` and the app's feature entries `features/<name>/index.ts`) into imports
 * of the modules that define the names.
 *
 * Why: Rolldown assigns modules to chunks by import-graph reachability. Through a barrel, every module that
 * imports one name "reaches" every module the barrel re-exports, so code needed only by a lazy chunk (viem's
 * contract calls, signatures, our providers) lands in a shared chunk that the first page loads too. Direct
 * imports make reachability follow what is really used; the output code is the same.
 *
 * Only pure barrels are rewritten, and a name that cannot be traced stays imported from the barrel, so a
 * rewrite never changes which binding a name refers to.
 */

type Target = { file: string; name: string }

const IMPORT_FROM = /\b(import|export)\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3;?/g
const RE_EXPORT = /export\s*(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3/g
const STAR_EXPORT = /export\s*\*\s*from\s*(['"])([^'"]+)\1/g
const LOCAL_EXPORT = /export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([\w$]+)/g

/** Packages, and our own public entries (`features/<name>/index.ts`); other relative imports are direct already. */
const isBarrelSpecifier = (specifier: string) => !specifier.startsWith('.') || /\/index\.tsx?$/.test(specifier)

/** Comments, whitespace and re-export statements only. */
export function isPureBarrel(source: string): boolean {
  const rest = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(RE_EXPORT, '')
    .replace(STAR_EXPORT, '')
    .replace(/;/g, '')
  return rest.trim() === ''
}

function specifiers(list: string): { imported: string; local: string; type: boolean }[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const type = part.startsWith('type ')
      const [imported = '', local] = part.replace(/^type\s+/, '').split(/\s+as\s+/)
      return { imported: imported.trim(), local: (local ?? imported).trim(), type }
    })
}

export function directImports(): Plugin {
  const sources = new Map<string, string | undefined>()
  const read = (file: string) => {
    if (!sources.has(file)) {
      try {
        sources.set(file, readFileSync(file, 'utf8'))
      } catch {
        sources.set(file, undefined)
      }
    }
    return sources.get(file)
  }
  const traced = new Map<string, Target | undefined>()

  /** The module that defines `name` as exported by `file` (following re-exports), if it can be told. */
  function trace(file: string, name: string, depth = 0): Target | undefined {
    const key = `${file}\0${name}`
    if (traced.has(key)) return traced.get(key)
    traced.set(key, undefined) // cycles
    const source = read(file)
    let result: Target | undefined
    if (source && depth < 12) {
      if (!isPureBarrel(source)) {
        result = { file, name }
      } else {
        for (const match of source.matchAll(RE_EXPORT)) {
          const path = match[4] ?? ''
          if (match[1] || !path.startsWith('.')) continue
          const found = specifiers(match[2] ?? '').find((s) => s.local === name && !s.type)
          if (found) {
            result = trace(resolve(dirname(file), path), found.imported, depth + 1)
            break
          }
        }
        if (!result) {
          for (const match of source.matchAll(STAR_EXPORT)) {
            const path = match[2] ?? ''
            if (!path.startsWith('.')) continue
            const target = resolve(dirname(file), path)
            const targetSource = read(target)
            if (!targetSource) continue
            const defines = isPureBarrel(targetSource)
              ? trace(target, name, depth + 1)
              : [...targetSource.matchAll(LOCAL_EXPORT)].some((m) => m[1] === name)
                ? { file: target, name }
                : undefined
            if (defines) {
              result = defines
              break
            }
          }
        }
      }
    }
    traced.set(key, result)
    return result
  }

  return {
    name: 'multibridge-direct-imports',
    apply: 'build',
    async transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '') || !code.includes('from')) return null
      const statements = [...code.matchAll(IMPORT_FROM)].filter((m) => isBarrelSpecifier(m[4] ?? ''))
      if (statements.length === 0) return null
      let output = ''
      let last = 0
      let changed = false
      for (const match of statements) {
        const [statement, keyword, list = '', , specifier = ''] = match
        const resolved = await this.resolve(specifier, id, { skipSelf: true }).catch(() => null)
        const barrel = resolved && !resolved.external ? resolved.id.split('?')[0] : undefined
        const barrelSource = barrel ? read(barrel) : undefined
        if (!barrel || !barrelSource || !isPureBarrel(barrelSource)) continue
        const direct: string[] = []
        const kept: string[] = []
        for (const s of specifiers(list)) {
          const target: Target | undefined = s.type ? undefined : trace(barrel, s.imported)
          if (target && target.file !== barrel) {
            direct.push(`${keyword} { ${target.name} as ${s.local} } from ${JSON.stringify(target.file)};`)
          } else {
            kept.push(s.type ? `type ${s.imported} as ${s.local}` : `${s.imported} as ${s.local}`)
          }
        }
        if (direct.length === 0) continue
        if (kept.length > 0) direct.push(`${keyword} { ${kept.join(', ')} } from ${JSON.stringify(specifier)};`)
        // As many lines as the statement had: the module's line numbers, and so its source map, stay as they were.
        output += code.slice(last, match.index) + direct.join(' ') + '\n'.repeat(statement.split('\n').length - 1)
        last = (match.index ?? 0) + statement.length
        changed = true
      }
      if (!changed) return null
      return { code: output + code.slice(last), map: null }
    },
  }
}
