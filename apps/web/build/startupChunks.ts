import { join } from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'

/**
 * Puts the code the first page runs into a few files instead of a few dozen.
 *
 * Why: Rolldown gives a module its own chunk whenever a different set of entries (every dynamic import is
 * one) reaches it. Start-up then fetched ~30 files, and over HTTP/1.1's six connections per host that took
 * longer than running the code. Which modules start-up really runs is only known after tree-shaking, so the
 * plugin first builds the app in memory with Rolldown's own chunking (a few seconds), reads which chunks
 * start-up loads, and then groups their modules:
 *
 * - `boot`: the parts of `index.html`'s script shared with other chunks (the script itself stays apart);
 * - `startup`: what the start-up script and the i18n runtime load, minus `boot`;
 * - two groups per lazy module start-up always asks for besides (`eager`: the wallet layer, then the app frame),
 *   beyond the ones above: its own code (`name`), and the libraries it loads (`name-libs`), which pages and lazy
 *   code share with it. So the module's own file can be late or missing without holding anything else back, and the
 *   wallet button, which needs the wallet layer but not the frame's router, waits for neither the frame's files nor
 *   its compilation (issue #33). The first eager module gets what it shares with the later ones;
 * - React itself (`react`: react, react-dom, scheduler), taken out of all of these into a file of its own.
 *   Chromium compiles each file on its own background thread, so two halves are ready sooner than one whole
 *   (measured: about 12 % sooner interactive over 21 cold loads). React imports nothing outside itself, so its
 *   file never imports the others in a circle;
 * - one group per page: what the page loads beyond the groups above. (Without the wallet layer's group, the wagmi and
 *   viem code it shares with History went to History's group, and start-up fetched all of History: 87 kB.)
 *
 * A group holds exactly the modules that the same start-up loaded before, so the bytes fetched before the
 * form is interactive do not change; only the number of files does. Lazy code (dialogs, the swap services,
 * the other languages) keeps Rolldown's own chunks.
 *
 * The groups named in `compileHint` carry V8's compile hint `//# allFunctionsCalledOnLoad`: Chromium then compiles
 * all their functions up front instead of one by one as the first render reaches each. Worth it only for a file
 * whose functions start-up nearly all calls: on every file it was about 9 % sooner interactive while the wallet
 * waited for the whole page; once the wallet button no longer did, it made the eager compilation of code start-up
 * never calls the longest task of a repeat visit (docs/history/first-page.md). Other engines read it as a comment.
 */
export type StartupChunkOptions = {
  /** The Vite project root and config file, for the in-memory build. */
  root: string
  configFile: string
  /** The entry script's module (this and the paths below are relative to `root`). */
  boot: string
  /** Modules start-up imports dynamically and always runs first (the start-up script, i18n). */
  startup: string[]
  /**
   * Modules start-up imports lazily but always loads (the wallet layer, the frame): each its own group, before the
   * pages.
   */
  eager?: Record<string, string>
  /**
   * Lazy modules an eager group opens on a click (the wallet's dialogs), by the group's name: what they share with
   * the pages goes to the group's `-libs`, so that they open while a page's file is still on its way (issue #33).
   * Their own code stays lazy.
   */
  eagerDialogs?: Record<string, string[]>
  /** Pages a first visit may load, each its own group. */
  pages: Record<string, string>
  /**
   * Packages of start-up (and of the eager groups) that get a file of their own, compiled in parallel with the rest
   * (see above). They must import nothing outside this list: the build fails if their file imports the rest of
   * start-up.
   */
  split?: { name: string; packages: string[] }
  /** The groups whose files get V8's compile hint (see above). */
  compileHint?: string[]
}

const PROBE = 'MULTIBRIDGE_CHUNK_PROBE'
/** True inside the in-memory build this plugin runs: other plugins can skip work that build does not need. */
export const isChunkProbe = () => process.env[PROBE] === '1'
/** https://v8.dev/blog/explicit-compile-hints */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
const normalize = (path: string) => path.replace(/\\/g, '/')

/** The group each module goes to, from the chunks of a build with Rolldown's own chunking. */
export function startupGroups(
  chunks: readonly Rolldown.OutputChunk[],
  options: Pick<StartupChunkOptions, 'root' | 'boot' | 'startup' | 'eager' | 'eagerDialogs' | 'pages' | 'split'>,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const chunkOf = (path: string) => {
    const id = normalize(join(options.root, path))
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((moduleId) => normalize(moduleId) === id))
    if (!chunk) throw new Error(`startup-chunks: no chunk holds ${path}`)
    return chunk
  }
  // The chunks a chunk needs before it runs: itself and, transitively, its static imports.
  const closure = (roots: Rolldown.OutputChunk[]) => {
    const seen = new Set<Rolldown.OutputChunk>()
    const stack = [...roots]
    while (stack.length > 0) {
      const chunk = stack.pop() as Rolldown.OutputChunk
      if (seen.has(chunk)) continue
      seen.add(chunk)
      for (const file of chunk.imports) {
        const imported = byFile.get(file)
        if (imported) stack.push(imported)
      }
    }
    return seen
  }
  const entry = chunkOf(options.boot)
  const groupOf = new Map<string, string>()
  const assign = (name: string, group: Set<Rolldown.OutputChunk>) => {
    for (const chunk of group) {
      // The entry chunk's own modules stay where they are, whoever else imports them.
      if (chunk === entry) continue
      for (const id of chunk.moduleIds) if (!groupOf.has(id)) groupOf.set(id, name)
    }
  }
  assign('boot', closure([entry]))
  assign('startup', closure(options.startup.map(chunkOf)))
  for (const [name, path] of Object.entries(options.eager ?? {})) {
    assign(name, new Set([chunkOf(path)]))
    assign(`${name}-libs`, closure([chunkOf(path)]))
  }
  if (options.split) {
    // Wherever start-up loads them first: with the wallet layer's libraries as much as with start-up's own.
    const startupGroupNames = new Set([
      'startup',
      ...Object.keys(options.eager ?? {}).flatMap((name) => [name, `${name}-libs`]),
    ])
    const { name, packages } = options.split
    const inPackage = (id: string) => packages.some((pkg) => normalize(id).includes(`/node_modules/${pkg}/`))
    for (const [id, group] of groupOf) if (startupGroupNames.has(group) && inPackage(id)) groupOf.set(id, name)
  }
  const pageModules = new Set(
    [...closure(Object.values(options.pages).map(chunkOf))].flatMap((chunk) => chunk.moduleIds),
  )
  for (const [name, paths] of Object.entries(options.eagerDialogs ?? {})) {
    for (const chunk of closure(paths.map(chunkOf))) {
      if (chunk === entry) continue
      for (const id of chunk.moduleIds) if (pageModules.has(id) && !groupOf.has(id)) groupOf.set(id, `${name}-libs`)
    }
  }
  for (const [name, path] of Object.entries(options.pages)) assign(name, closure([chunkOf(path)]))
  return groupOf
}

/** Builds the app in memory with Rolldown's own chunking and returns its chunks. */
async function probeChunks(options: StartupChunkOptions, mode: string): Promise<Rolldown.OutputChunk[]> {
  process.env[PROBE] = '1'
  try {
    const output = await build({
      root: options.root,
      configFile: options.configFile,
      mode,
      logLevel: 'silent',
      build: { write: false, minify: false, sourcemap: false, reportCompressedSize: false },
    })
    const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[]
    return outputs.flatMap((result) => result.output.filter((item) => item.type === 'chunk'))
  } finally {
    delete process.env[PROBE]
  }
}

/**
 * Puts the compile hint on the first line of a chunk (V8 reads it only there; Vite's own preload map is
 * prepended late, which is why this runs after it) and moves the chunk's source map down by that line.
 */
export function addCompileHint(chunk: Rolldown.OutputChunk, mapAsset: Rolldown.OutputAsset | undefined): void {
  if (chunk.code.startsWith(COMPILE_HINT)) return
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`
  if (!chunk.map) return
  chunk.map.mappings = `;${chunk.map.mappings}`
  if (mapAsset) mapAsset.source = chunk.map.toString()
}

/** The split-off file may import only Rolldown's runtime: anything else could make a circle with start-up. */
export function checkSplitImports(bundle: Rolldown.OutputBundle, name: string): void {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  const split = chunks.find((chunk) => chunk.name === name)
  if (!split) throw new Error(`startup-chunks: no "${name}" chunk was built`)
  const runtime = (file: string) => chunks.find((chunk) => chunk.fileName === file)?.name === 'rolldown-runtime'
  const others = split.imports.filter((file) => !runtime(file))
  if (others.length > 0)
    throw new Error(`startup-chunks: "${name}" imports ${others.join(', ')}; its packages must import only each other`)
}

/**
 * No circle of static imports among the start-up groups' files (`names`). In a circle, which file runs first
 * depends on which arrives first: on a busy machine a file ran before the one defining what it calls ("Ve is not a
 * function" at start-up, found by the e2e when the tracker's start-up code imported one of viem's error classes,
 * which went to the wallet layer's libraries). A circle fails the build, named.
 */
export function checkStartupCircles(bundle: Rolldown.OutputBundle, names: readonly string[]): void {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const startup = chunks.filter((chunk) => names.includes(chunk.name))
  const state = new Map<string, 'open' | 'done'>()
  const visit = (chunk: Rolldown.OutputChunk, path: string[]): void => {
    if (state.get(chunk.fileName) === 'done') return
    if (state.get(chunk.fileName) === 'open') {
      const circle = [...path.slice(path.indexOf(chunk.fileName)), chunk.fileName]
      throw new Error(`startup-chunks: the start-up files import each other in a circle: ${circle.join(' → ')}`)
    }
    state.set(chunk.fileName, 'open')
    for (const file of chunk.imports) {
      const imported = byFile.get(file)
      if (imported && names.includes(imported.name)) visit(imported, [...path, chunk.fileName])
    }
    state.set(chunk.fileName, 'done')
  }
  for (const chunk of startup) visit(chunk, [])
}

/**
 * Which of an import's dependencies Vite's preload helper asks for ahead (`build.modulePreload.resolveDependencies`):
 * none of the start-up files (`startupFiles`: the entry, the groups above and Rolldown's runtime); every other file,
 * as Vite does.
 *
 * Why (issue #33): a start-up import (the frame, the page, the wallet layer) asked for the files it imports ahead with
 * `<link rel="modulepreload">`, which compiles each file as it arrives. They all arrived together, in the 50 ms after
 * the first paint in which a person (and the bench) types into the prerendered form, and their compilation on the
 * browser's threads held the keystroke back. Found by the module loader as it parses each start-up file, they arrive
 * and compile one after the other instead. Measured in interleaved A/B runs against the build that asked ahead: the
 * keystroke painted sooner (159 against 177 ms), the form painted sooner, the wallet known sooner, and the same
 * figures on a network 80 ms away (docs/history/first-page.md). Any later import finds the start-up files already loaded; a
 * lazy file's own libraries are still asked for ahead, so a dialog opens after one round trip, not several.
 */
export function lazyPreloads(deps: readonly string[], startupFiles: ReadonlySet<string>): string[] {
  return deps.filter((dep) => !startupFiles.has(dep))
}

/**
 * `lazyPreloads` for a build: its `plugin` learns the start-up files (the entry, the chunks named `names`, and
 * Rolldown's runtime) once the build is bundled, before Vite writes its preload lists with `resolveDependencies`. `index.html` keeps its
 * `modulepreload` of the entry script's own imports (boot): the entry cannot run without them.
 */
export function startupPreloads(names: readonly string[]) {
  const startupFiles = new Set<string>()
  const plugin: Plugin = {
    name: 'multibridge-startup-files',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        startupFiles.clear()
        for (const item of Object.values(bundle)) {
          if (
            item.type === 'chunk' &&
            (item.isEntry || names.includes(item.name) || item.name === 'rolldown-runtime')
          ) {
            startupFiles.add(item.fileName)
          }
        }
      },
    },
  }
  const resolveDependencies = (_file: string, deps: string[], context: { hostType: 'html' | 'js' }): string[] =>
    context.hostType === 'html' ? deps : lazyPreloads(deps, startupFiles)
  return { plugin, resolveDependencies }
}

export function startupChunks(options: StartupChunkOptions): Plugin[] {
  const names = [
    'boot',
    ...(options.split ? [options.split.name] : []),
    'startup',
    ...Object.keys(options.eager ?? {}).flatMap((name) => [name, `${name}-libs`]),
    ...Object.keys(options.pages),
  ]
  // A misspelt group would silently lose its hint.
  const unknownHints = (options.compileHint ?? []).filter((name) => !names.includes(name))
  if (unknownHints.length > 0) throw new Error(`startup-chunks: no start-up group is named ${unknownHints.join(', ')}`)
  const preloads = startupPreloads(names)
  const groupChunks: Plugin = {
    name: 'multibridge-startup-chunks',
    apply: 'build',
    async config(_config, { mode }) {
      if (process.env[PROBE]) return
      const groupOf = startupGroups(await probeChunks(options, mode), options)
      return {
        build: {
          modulePreload: { resolveDependencies: preloads.resolveDependencies },
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: names.map((name, index) => ({
                  name,
                  priority: names.length - index,
                  test: (id: string) => groupOf.get(id) === name,
                  // The groups already hold everything their start-up needs; following imports would also
                  // pull in modules whose used code only lazy chunks need.
                  includeDependenciesRecursively: false,
                })),
              },
            },
          },
        },
      }
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (process.env[PROBE]) return
        if (options.split) checkSplitImports(bundle, options.split.name)
        checkStartupCircles(bundle, names)
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !options.compileHint?.includes(item.name)) continue
          const mapAsset = bundle[`${item.fileName}.map`]
          addCompileHint(item, mapAsset?.type === 'asset' ? mapAsset : undefined)
        }
      },
    },
  }
  return [preloads.plugin, groupChunks]
}
