import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// `npm run check:layers` on a small tree laid out like the repository, with one import breaking each rule beside
// imports the rules allow: the rules fire on what they forbid, and only on that.
const root = join(import.meta.dirname, '..')
const depcruise = join(root, 'node_modules', '.bin', 'depcruise')

const files: Record<string, string> = {
  'packages/contracts/index.ts': 'export const contracts = 1\n',
  'packages/core/src/index.ts':
    "export { contracts } from '@multi-bridge/contracts'\nexport { modules } from './setup/modules.ts'\nexport const core = 1\n",
  'packages/core/src/inner.ts': 'export const inner = 1\n',
  'packages/core/src/usesDevnet.ts': "export { devnet } from '../../devnet/src/index.ts'\n",
  'packages/core/src/typo.ts': "export { x } from './missing.ts'\n",
  // core's composition root: setup/ knows the provider modules; config/ knows none, and only the entry knows setup/.
  'packages/core/src/setup/modules.ts': "import { p } from '../providers/p/module.ts'\nexport const modules = [p]\n",
  'packages/core/src/providers/p/module.ts': "import { limit } from '../../config/limit.ts'\nexport const p = limit\n",
  'packages/core/src/providers/p/usesSetup.ts': "export { modules } from '../../setup/modules.ts'\n",
  'packages/core/src/providers/p/p.test.ts': "export { modules } from '../../setup/modules.ts'\n",
  'packages/core/src/config/limit.ts': 'export const limit = 1\n',
  'packages/core/src/config/usesProvider.ts': "export { p } from '../providers/p/module.ts'\n",
  'packages/core/test/usesDevnet.ts': "export { devnet } from '../../devnet/src/index.ts'\n",
  'packages/devnet/src/index.ts': 'export const devnet = 1\n',
  'apps/services/src/usesWeb.ts': "export { format } from '../../web/src/lib/format.ts'\n",
  'apps/services/src/usesCoreInside.ts': "export { inner } from '../../../packages/core/src/inner.ts'\n",
  'apps/web/src/lib/format.ts': 'export const format = 1\n',
  'apps/web/src/lib/usesFeature.ts': "export { a } from '../features/a/index.ts'\n",
  'apps/web/src/app/App.tsx':
    "export { a } from '../features/a/index.ts'\nexport { inner } from '../features/a/inner.ts'\nexport const App = 1\n",
  'apps/web/src/features/a/index.ts': "export { a } from './a.ts'\n",
  'apps/web/src/features/a/a.ts': "import { inner } from './inner.ts'\nexport const a = inner\n",
  'apps/web/src/features/a/inner.ts': 'export type Inner = number\nexport const inner = 1\n',
  'apps/web/src/features/a/Dialog.tsx': 'export const Dialog = 1\n',
  'apps/web/src/features/b/b.ts': [
    "import { App } from '../../app/App.tsx'",
    "import { a } from '../a/index.ts'",
    "import { inner } from '../a/inner.ts'",
    "import type { Inner } from '../a/inner.ts'",
    "export const dialog = () => import('../a/Dialog.tsx')",
    'export const b: Inner = a + inner + App',
    '',
  ].join('\n'),
  'apps/web/src/pages/one/One.tsx':
    "export { a } from '../../features/a/index.ts'\nexport { two } from '../two/Two.tsx'\n",
  'apps/web/src/pages/two/Two.tsx': 'export const two = 2\n',
  // Cycles: one at run time; one only through a type-only import; one only through a lazy import().
  'packages/core/src/cycle/x.ts': "import { y } from './y.ts'\nexport const x = () => y\n",
  'packages/core/src/cycle/y.ts': "import { x } from './x.ts'\nexport const y = () => x\n",
  'packages/core/src/typeCycle/p.ts': "import { q } from './q.ts'\nexport type P = number\nexport const p = q\n",
  'packages/core/src/typeCycle/q.ts': "import type { P } from './p.ts'\nexport const q: P = 1\n",
  'packages/core/src/lazyCycle/m.ts': "import { n } from './n.ts'\nexport const m = n\n",
  'packages/core/src/lazyCycle/n.ts': "export const n = () => import('./m.ts')\n",
}

/** One report per circle of the tree above, each closed by another kind of import. */
const CYCLES = [
  'no-circular: packages/core/src/cycle/x.ts → packages/core/src/cycle/y.ts',
  'no-circular: packages/core/src/lazyCycle/m.ts → packages/core/src/lazyCycle/n.ts',
  'no-circular: packages/core/src/typeCycle/p.ts → packages/core/src/typeCycle/q.ts',
]

let dir: string

function check(config: string): string[] {
  const run = spawnSync(depcruise, ['--config', join(root, config), '--output-type', 'json', 'packages', 'apps'], {
    cwd: dir,
    encoding: 'utf8',
  })
  const result = JSON.parse(run.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] }
  }
  return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort()
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'layers-'))
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), source)
  }
  copyFileSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'))
  // A workspace package is imported by its name, through the link npm makes in node_modules.
  writeFileSync(
    join(dir, 'packages', 'contracts', 'package.json'),
    JSON.stringify({ name: '@multi-bridge/contracts', exports: { '.': './index.ts' } }),
  )
  mkdirSync(join(dir, 'node_modules', '@multi-bridge'), { recursive: true })
  symlinkSync(join(dir, 'packages', 'contracts'), join(dir, 'node_modules', '@multi-bridge', 'contracts'), 'dir')
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('check:layers', () => {
  it('reports each import that crosses a boundary, and none of those the rules allow', () => {
    expect(check('.dependency-cruiser.cjs')).toEqual(
      [
        'app-on-features-not-back: apps/web/src/features/b/b.ts → apps/web/src/app/App.tsx',
        'config-knows-no-provider: packages/core/src/config/usesProvider.ts → packages/core/src/providers/p/module.ts',
        // Core's floors: config stands below the providers, and they below setup/ (a provider's import of config/
        // is downward, and allowed).
        'core-floor-config: packages/core/src/config/usesProvider.ts → packages/core/src/providers/p/module.ts',
        'core-floor-providers: packages/core/src/providers/p/usesSetup.ts → packages/core/src/setup/modules.ts',
        'core-on-contracts: packages/core/src/usesDevnet.ts → packages/devnet/src/index.ts',
        'feature-through-its-entry: apps/web/src/features/b/b.ts → apps/web/src/features/a/inner.ts',
        'features-through-their-entries: apps/web/src/app/App.tsx → apps/web/src/features/a/inner.ts',
        'nothing-imports-web: apps/services/src/usesWeb.ts → apps/web/src/lib/format.ts',
        'not-to-unresolvable: packages/core/src/typo.ts → ./missing.ts',
        'package-by-its-entry: apps/services/src/usesCoreInside.ts → packages/core/src/inner.ts',
        'package-by-its-entry: apps/services/src/usesWeb.ts → apps/web/src/lib/format.ts',
        'package-by-its-name: apps/services/src/usesCoreInside.ts → packages/core/src/inner.ts',
        'package-by-its-name: apps/services/src/usesWeb.ts → apps/web/src/lib/format.ts',
        'package-by-its-name: packages/core/src/usesDevnet.ts → packages/devnet/src/index.ts',
        'package-by-its-name: packages/core/test/usesDevnet.ts → packages/devnet/src/index.ts',
        'pages-stand-alone: apps/web/src/pages/one/One.tsx → apps/web/src/pages/two/Two.tsx',
        'setup-is-the-root: packages/core/src/providers/p/usesSetup.ts → packages/core/src/setup/modules.ts',
        'shared-code-stands-alone: apps/web/src/lib/usesFeature.ts → apps/web/src/features/a/index.ts',
        ...CYCLES,
      ].sort(),
    )
  })

  it('reports a cycle of imports whatever closes it: a static, a type-only or a lazy import', () => {
    expect(check('.dependency-cruiser.cjs').filter((line) => line.startsWith('no-circular:'))).toEqual(CYCLES)
  })
})
