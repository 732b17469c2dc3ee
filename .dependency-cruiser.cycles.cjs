/**
 * No circular imports (`npm run check:layers`), on the graph the code has when it runs: a type-only import is
 * compiled away and a lazy `import()` runs after its importer has loaded, so neither makes a cycle.
 *
 * A pass of its own because dependency-cruiser reports, for each import, the first cycle it finds through any kind
 * of import and only then applies a rule's filters: in the boundaries' pass, which keeps type-only and lazy
 * imports, a cycle through one of those could hide a real one.
 */
const { options } = require('./.dependency-cruiser.cjs')

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
  options: { ...options, tsPreCompilationDeps: false, exclude: { ...options.exclude, dynamic: true } },
}
