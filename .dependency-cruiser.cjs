/**
 * Which module may import which (STYLE.md "Layout"), checked by `npm run check:layers` in `npm test`.
 *
 * Packages: contracts → core → {web, services}; devnet uses contracts and core; web and services never import
 * each other; a package reaches another only by its name and `exports` entry. Tests may also use the launchers.
 * Inside the web app: `app/` depends on features, never the reverse; a feature (and a page, and `app/`) reaches
 * another feature only through its public entry `features/<name>/index.ts`, except a lazy `import()` of a file
 * (a dialog loaded on first use, which must stay out of the entry so that it stays out of the page's chunk);
 * `lib/` and `i18n/` are shared code and import none of the app's parts.
 * Inside core: `setup/` is the composition root (the provider modules, the manifest they check, the production
 * config): only the package's entry imports it, and `config/` imports no provider; its folders stand on floors
 * (`coreFloors`), and none imports from a floor above its own.
 *
 * No circle of imports anywhere, through static, lazy (`import()`) and type-only imports alike: a lazy import that
 * closes a loop ties the two chunks together as surely as a static one, and a loop of types is a loop of design.
 */
const test = ['(^|/)(test|e2e)/', '\\.test\\.tsx?$']
/** What each package's `exports` names. */
const entries = [
  '^packages/contracts/index\\.ts$',
  '^packages/core/src/index\\.ts$',
  // core's "./test/swapRecords" export: the one swap-record builder, for core's and the web app's tests.
  '^packages/core/test/support/swapRecords\\.ts$',
  '^packages/devnet/src/(index|anvil|postgres)\\.ts$',
  '^apps/services/src/index\\.ts$',
]

/**
 * Core's folders from the ground up: a folder imports only from its own floor and the floors below (the record model
 * below the providers that report on it, the operations above the providers they run, the client's actions above
 * them, the composition root on top).
 */
const coreFloors = [
  ['protocols', 'errors', 'storage', 'amounts'],
  ['config', 'http', 'wallet'],
  ['chains'],
  ['routes'],
  ['signing', 'records', 'prices'],
  ['providers'],
  ['swaps', 'approvals'],
  ['client'],
  ['setup'],
]
const coreFolder = (folders) => `^packages/core/src/(${folders.join('|')})/`
const coreFloorRules = coreFloors.slice(0, -1).map((floor, index) => ({
  name: `core-floor-${floor[0]}`,
  comment: `core's ${floor.join(', ')} import nothing from the floors above them`,
  severity: 'error',
  from: { path: coreFolder(floor), pathNot: test },
  to: { path: coreFolder(coreFloors.slice(index + 1).flat()) },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...coreFloorRules,
    {
      name: 'no-circular',
      comment: 'no circle of imports, whatever their kind: static, lazy import() or type-only',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-first',
      comment: 'contracts depends on no other package',
      severity: 'error',
      from: { path: '^packages/contracts/', pathNot: test },
      to: { path: '^(packages/(core|devnet)|apps)/' },
    },
    {
      name: 'core-on-contracts',
      comment: 'core depends on contracts only: the browser and the services share it',
      severity: 'error',
      from: { path: '^packages/core/', pathNot: test },
      to: { path: '^(packages/devnet|apps)/' },
    },
    {
      name: 'devnet-on-contracts-and-core',
      severity: 'error',
      from: { path: '^packages/devnet/', pathNot: test },
      to: { path: '^apps/' },
    },
    {
      name: 'web-on-contracts-and-core',
      comment: 'the web app depends on contracts and core; its tests may start the local network',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: test },
      to: { path: '^(packages/devnet|apps/services)/' },
    },
    {
      name: 'nothing-imports-web',
      comment: 'web and services never import each other; no package depends on the app',
      severity: 'error',
      from: { path: '^(packages|apps/services)/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'package-by-its-name',
      comment: 'another package is imported by its name (@multi-bridge/…), never by a path into it',
      severity: 'error',
      from: { path: '^((packages|apps)/[^/]+)/' },
      to: { path: '^(packages|apps)/', pathNot: '^$1/', dependencyTypes: ['local'] },
    },
    {
      name: 'package-by-its-entry',
      comment: 'another package is imported through its `exports` entry only, never a file inside it',
      severity: 'error',
      from: { path: '^((packages|apps)/[^/]+)/' },
      to: { path: '^(packages|apps)/', pathNot: ['^$1/', ...entries] },
    },
    {
      name: 'config-knows-no-provider',
      comment:
        "core's config/ (the manifest, the environment's values) imports no provider and not setup/: setup/ checks each provider's section",
      severity: 'error',
      from: { path: '^packages/core/src/config/', pathNot: test },
      to: { path: '^packages/core/src/(providers|setup)/' },
    },
    {
      name: 'setup-is-the-root',
      comment:
        "core's setup/ wires config and the provider modules: only the package's entry (index.ts) imports it, no layer below",
      severity: 'error',
      from: { path: '^packages/core/src/', pathNot: ['^packages/core/src/(setup/|index\\.ts$)', ...test] },
      to: { path: '^packages/core/src/setup/' },
    },
    {
      name: 'app-on-features-not-back',
      comment: 'app/ (providers, router, frame) depends on features and pages, never the reverse',
      severity: 'error',
      from: { path: '^apps/web/src/(features|pages|lib|i18n)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-code-stands-alone',
      comment: 'lib/ and i18n/ are shared by every part of the app and import none of them',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|i18n)/' },
      to: { path: '^apps/web/src/(app|pages|features)/' },
    },
    {
      name: 'lib-below-i18n',
      comment:
        'lib/ is the floor under i18n/ (its stored language): what formats or says words by language is in i18n/',
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: test },
      to: { path: '^apps/web/src/i18n/' },
    },
    {
      name: 'feature-through-its-entry',
      comment:
        "a feature uses another feature through its public entry (features/<name>/index.ts); a lazy import() of a dialog's file is the exception",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'features-through-their-entries',
      comment:
        "app/ and the pages use a feature through its public entry (features/<name>/index.ts); a lazy import() of a dialog's file is the exception",
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/features/[^/]+/(?!index\\.ts$)', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'pages-stand-alone',
      comment: 'a page does not import another page',
      severity: 'error',
      from: { path: '^apps/web/src/pages/([^/]+)/' },
      to: { path: '^apps/web/src/pages/', pathNot: '^apps/web/src/pages/$1/' },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        "an import that resolves to nothing is a typo or a missing dependency (a Vite plugin's virtual module, such as vite-plugin-pwa's `virtual:pwa-register`, exists only in the build)",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^packages/contracts/generated/'] },
    // Type-only imports count for the boundaries: a type is part of a feature's surface too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
