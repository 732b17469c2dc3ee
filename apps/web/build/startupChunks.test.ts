import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import {
  addCompileHint,
  COMPILE_HINT,
  checkSplitImports,
  checkStartupCircles,
  startupChunks,
  startupGroups,
  startupPreloads,
} from './startupChunks.ts'

const root = '/app'
const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    name: fileName.replace(/\.js$/, ''),
    moduleIds,
    imports,
    code: '',
  }) as unknown as Rolldown.OutputChunk

// Rolldown's own chunking of a small app: the entry shares `http` with the frame; `react` and `i18n`
// load at start-up; `dialog` and `services` are lazy and share `viemActions`, which start-up never loads.
const chunks = [
  chunk('index.js', ['/app/src/bootstrap.ts'], ['http.js']),
  chunk('http.js', ['/app/src/http.ts']),
  chunk('main.js', ['/app/src/main.tsx'], ['react.js', 'http.js']),
  chunk('App.js', ['/app/src/app/App.tsx', '/app/src/app/router.tsx'], ['react.js', 'wagmi.js']),
  chunk('react.js', ['/node_modules/react/index.js', '/node_modules/react-dom/index.js']),
  chunk('wagmi.js', ['/node_modules/wagmi/index.js']),
  chunk('i18n.js', ['/app/src/i18n/index.ts'], ['react.js']),
  chunk('SwapPage.js', ['/app/src/pages/swap/SwapPage.tsx'], ['react.js', 'format.js']),
  chunk('format.js', ['/app/src/lib/format.ts']),
  chunk('HistoryPage.js', ['/app/src/pages/history/HistoryPage.tsx'], ['react.js', 'format.js', 'historyList.js']),
  chunk('historyList.js', ['/app/src/features/historyList.ts']),
  chunk('dialog.js', ['/app/src/features/dialog.tsx'], ['viemActions.js', 'react.js']),
  chunk('services.js', ['/app/src/features/services.ts'], ['viemActions.js']),
  chunk('viemActions.js', ['/node_modules/viem/actions.js']),
]

const options = {
  root,
  boot: 'src/bootstrap.ts',
  startup: ['src/main.tsx', 'src/app/App.tsx', 'src/i18n/index.ts'],
  pages: { 'swap-page': 'src/pages/swap/SwapPage.tsx', 'history-page': 'src/pages/history/HistoryPage.tsx' },
}

describe('startupGroups', () => {
  const groups = startupGroups(chunks, options)
  const members = (name: string) => [...groups].filter(([, group]) => group === name).map(([id]) => id)

  it("groups the entry's shared imports, but leaves the entry module in its own chunk", () => {
    expect(members('boot')).toEqual(['/app/src/http.ts'])
    expect(groups.has('/app/src/bootstrap.ts')).toBe(false)
  })

  it('groups everything start-up loads in one chunk, without what boot already holds', () => {
    expect(members('startup').sort()).toEqual(
      [
        '/app/src/app/App.tsx',
        '/app/src/app/router.tsx',
        '/app/src/i18n/index.ts',
        '/app/src/main.tsx',
        '/node_modules/react-dom/index.js',
        '/node_modules/react/index.js',
        '/node_modules/wagmi/index.js',
      ].sort(),
    )
  })

  it('gives each page what it adds; a module two pages share goes to the first page', () => {
    expect(members('swap-page').sort()).toEqual(['/app/src/lib/format.ts', '/app/src/pages/swap/SwapPage.tsx'])
    expect(members('history-page').sort()).toEqual([
      '/app/src/features/historyList.ts',
      '/app/src/pages/history/HistoryPage.tsx',
    ])
  })

  it('gives a lazy module start-up always loads its group before the pages, so no page group is pulled in by it', () => {
    // The wallet layer shares viem's actions with History: without its own group they went to History's, and the
    // wallet layer's import of them made start-up fetch all of History.
    const withWallet = [
      ...chunks,
      chunk('walletRuntime.js', ['/app/src/features/wallet/walletRuntime.ts'], ['viemActions.js']),
      chunk('HistoryPage.js', ['/app/src/pages/history/HistoryPage.tsx'], ['react.js', 'viemActions.js']),
    ].filter((c, i, all) => all.findLastIndex((other) => other.fileName === c.fileName) === i)
    const eager = { 'wallet-layer': 'src/features/wallet/walletRuntime.ts' }
    const grouped = startupGroups(withWallet, { ...options, eager })
    // Its own code apart from the libraries it shares, which pages and lazy code need even when its own file is late.
    expect(grouped.get('/node_modules/viem/actions.js')).toBe('wallet-layer-libs')
    expect(grouped.get('/app/src/features/wallet/walletRuntime.ts')).toBe('wallet-layer')
    expect(grouped.get('/app/src/pages/history/HistoryPage.tsx')).toBe('history-page')
    // Before: the shared code went with the first page that reaches it.
    expect(startupGroups(withWallet, options).get('/node_modules/viem/actions.js')).toBe('history-page')
  })

  it("gives what an eager group's dialogs share with a page to the group's libraries, and leaves their own code lazy", () => {
    // The Connect dialog shares the error texts with the swap page: in the page's group, it waited for the page's
    // file, and the wallet button, up before the page, opened nothing.
    const withDialog = [
      ...chunks,
      chunk('walletRuntime.js', ['/app/src/features/wallet/walletRuntime.ts'], []),
      chunk('ConnectDialog.js', ['/app/src/features/wallet/ConnectDialog.tsx'], ['errors.js']),
      chunk('SwapPage.js', ['/app/src/pages/swap/SwapPage.tsx', '/app/src/lib/format.ts'], ['react.js', 'errors.js']),
      chunk('errors.js', ['/app/src/lib/errorMessages.ts'], []),
    ].filter((c, i, all) => all.findLastIndex((other) => other.fileName === c.fileName) === i)
    const eager = { 'wallet-layer': 'src/features/wallet/walletRuntime.ts' }
    const eagerDialogs = { 'wallet-layer': ['src/features/wallet/ConnectDialog.tsx'] }
    const grouped = startupGroups(withDialog, { ...options, eager, eagerDialogs })
    expect(grouped.get('/app/src/lib/errorMessages.ts')).toBe('wallet-layer-libs')
    expect(grouped.has('/app/src/features/wallet/ConnectDialog.tsx')).toBe(false)
    expect(grouped.get('/app/src/pages/swap/SwapPage.tsx')).toBe('swap-page')
    // Without it: the page's.
    expect(startupGroups(withDialog, { ...options, eager }).get('/app/src/lib/errorMessages.ts')).toBe('swap-page')
  })

  it('leaves lazy-only code to Rolldown', () => {
    for (const id of ['/app/src/features/dialog.tsx', '/app/src/features/services.ts', '/node_modules/viem/actions.js'])
      expect(groups.has(id)).toBe(false)
  })

  it('gives the split packages a group of their own, taken out of start-up only', () => {
    const split = startupGroups(chunks, { ...options, split: { name: 'react', packages: ['react', 'react-dom'] } })
    const splitMembers = (name: string) => [...split].filter(([, group]) => group === name).map(([id]) => id)
    expect(splitMembers('react').sort()).toEqual(['/node_modules/react-dom/index.js', '/node_modules/react/index.js'])
    expect(splitMembers('startup').sort()).toEqual(
      [
        '/app/src/app/App.tsx',
        '/app/src/app/router.tsx',
        '/app/src/i18n/index.ts',
        '/app/src/main.tsx',
        '/node_modules/wagmi/index.js',
      ].sort(),
    )
    expect(splitMembers('swap-page')).toEqual(members('swap-page'))
  })

  it("takes the split packages out of an eager group's libraries too, and shares with the frame what the wallet layer loads first", () => {
    // Start-up without the frame (issue #33): main.tsx reaches only React itself; react-dom first comes with the wallet
    // layer's libraries, which the frame shares. Order counts: the wallet layer is grouped before the frame.
    const lean = [
      chunk('index.js', ['/app/src/bootstrap.ts'], []),
      chunk('main.js', ['/app/src/main.tsx'], ['react.js']),
      chunk('react.js', ['/node_modules/react/index.js']),
      chunk('walletRuntime.js', ['/app/src/features/wallet/walletRuntime.ts'], ['react.js', 'dom.js', 'wagmi.js']),
      chunk('dom.js', ['/node_modules/react-dom/index.js'], ['react.js']),
      chunk('wagmi.js', ['/node_modules/wagmi/index.js']),
      chunk('App.js', ['/app/src/app/App.tsx'], ['react.js', 'dom.js', 'wagmi.js', 'router.js']),
      chunk('router.js', ['/node_modules/react-router/index.js']),
      chunk('SwapPage.js', ['/app/src/pages/swap/SwapPage.tsx'], ['react.js']),
    ]
    const grouped = startupGroups(lean, {
      root,
      boot: 'src/bootstrap.ts',
      startup: ['src/main.tsx'],
      eager: { 'wallet-layer': 'src/features/wallet/walletRuntime.ts', frame: 'src/app/App.tsx' },
      pages: { 'swap-page': 'src/pages/swap/SwapPage.tsx' },
      split: { name: 'react', packages: ['react', 'react-dom'] },
    })
    expect(grouped.get('/node_modules/react/index.js')).toBe('react')
    expect(grouped.get('/node_modules/react-dom/index.js')).toBe('react')
    expect(grouped.get('/node_modules/wagmi/index.js')).toBe('wallet-layer-libs')
    expect(grouped.get('/node_modules/react-router/index.js')).toBe('frame-libs')
    expect(grouped.get('/app/src/app/App.tsx')).toBe('frame')
    expect(grouped.get('/app/src/main.tsx')).toBe('startup')
  })

  it('names a start-up module that no chunk holds', () => {
    expect(() => startupGroups(chunks, { ...options, startup: ['src/missing.ts'] })).toThrow(/src\/missing\.ts/)
  })
})

describe('checkSplitImports', () => {
  const bundle = (reactImports: string[]) =>
    Object.fromEntries(
      [
        chunk('rolldown-runtime-1.js', []),
        chunk('react-1.js', [], reactImports),
        chunk('startup-1.js', [], ['react-1.js', 'rolldown-runtime-1.js']),
      ].map((item) => [item.fileName, { ...item, name: item.fileName.replace(/-1\.js$/, '') }]),
    ) as unknown as Rolldown.OutputBundle

  it('accepts a split file that imports only the runtime', () => {
    expect(() => checkSplitImports(bundle(['rolldown-runtime-1.js']), 'react')).not.toThrow()
  })

  it('fails the build when the split file imports the rest of start-up (a circle)', () => {
    expect(() => checkSplitImports(bundle(['rolldown-runtime-1.js', 'startup-1.js']), 'react')).toThrow(
      /"react" imports startup-1\.js/,
    )
  })

  it('fails the build when no split file was built', () => {
    expect(() => checkSplitImports(bundle([]), 'vendor')).toThrow(/no "vendor" chunk/)
  })
})

describe('checkStartupCircles', () => {
  const bundle = (libsImports: string[]) =>
    Object.fromEntries(
      [
        chunk('startup-1.js', []),
        chunk('frame-libs-1.js', [], ['startup-1.js', 'wallet-layer-libs-1.js']),
        chunk('wallet-layer-libs-1.js', [], ['startup-1.js', ...libsImports]),
        chunk('lazy-1.js', [], ['frame-libs-1.js']),
      ].map((item) => [item.fileName, { ...item, name: item.fileName.replace(/-1\.js$/, '') }]),
    ) as unknown as Rolldown.OutputBundle
  const names = ['startup', 'frame-libs', 'wallet-layer-libs']

  it('accepts start-up files that import each other one way', () => {
    expect(() => checkStartupCircles(bundle([]), names)).not.toThrow()
  })

  it('fails the build on a circle between two start-up files, naming it', () => {
    expect(() => checkStartupCircles(bundle(['frame-libs-1.js']), names)).toThrow(
      /circle: frame-libs-1\.js → wallet-layer-libs-1\.js → frame-libs-1\.js/,
    )
  })
})

describe('addCompileHint', () => {
  it('puts the hint on the first line and moves the source map down one line, once', () => {
    const map = { mappings: 'AAAA;AACA', toString: () => JSON.stringify({ mappings: map.mappings }) }
    const output = {
      ...chunk('startup.js', []),
      code: 'const a=1;\nexport{a};',
      map,
    } as unknown as Rolldown.OutputChunk
    const asset = { type: 'asset', source: '' } as unknown as Rolldown.OutputAsset
    addCompileHint(output, asset)
    addCompileHint(output, asset)
    expect(output.code).toBe(`${COMPILE_HINT}\nconst a=1;\nexport{a};`)
    expect(map.mappings).toBe(';AAAA;AACA')
    expect(JSON.parse(String(asset.source))).toEqual({ mappings: ';AAAA;AACA' })
  })
})

describe('startupChunks', () => {
  it('refuses a compile hint for a group it does not build, rather than drop the hint', () => {
    const plugin = (compileHint: string[]) => () =>
      startupChunks({
        ...options,
        configFile: '/app/vite.config.ts',
        split: { name: 'react', packages: ['react'] },
        compileHint,
      })
    expect(plugin(['react', 'swap-page'])).not.toThrow()
    expect(plugin(['reakt'])).toThrow(/no start-up group is named reakt/)
  })
})

describe('startupPreloads', () => {
  const { plugin, resolveDependencies } = startupPreloads(['boot', 'react', 'startup', 'swap-page'])
  const built = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [
        `assets/${name}-h.js`,
        { type: 'chunk', name, fileName: `assets/${name}-h.js`, isEntry: name === 'index' },
      ]),
    ) as unknown as Rolldown.OutputBundle
  const bundle = built(['index', 'boot', 'react', 'startup', 'swap-page', 'rolldown-runtime', 'Picker', 'chains'])
  const generateBundle = plugin.generateBundle as { order: string; handler: (...args: unknown[]) => void }
  generateBundle.handler.call({}, {}, bundle, false)

  it('learns the start-up files before Vite writes its preload lists', () => {
    expect(generateBundle.order).toBe('pre')
  })

  it('asks a start-up import for none of the start-up files ahead: the module loader finds them as it parses', () => {
    const deps = ['assets/swap-page-h.js', 'assets/rolldown-runtime-h.js', 'assets/react-h.js', 'assets/startup-h.js']
    expect(resolveDependencies('assets/swap-page-h.js', deps, { hostType: 'js' })).toEqual([])
  })

  it("still asks for a lazy file's own libraries ahead, and nothing start-up has loaded", () => {
    const deps = [
      'assets/Picker-h.js',
      'assets/index-h.js',
      'assets/chains-h.js',
      'assets/react-h.js',
      'assets/boot-h.js',
    ]
    expect(resolveDependencies('assets/Picker-h.js', deps, { hostType: 'js' })).toEqual([
      'assets/Picker-h.js',
      'assets/chains-h.js',
    ])
  })

  it("keeps index.html's preload of the entry script's own imports", () => {
    expect(resolveDependencies('assets/index-h.js', ['assets/boot-h.js'], { hostType: 'html' })).toEqual([
      'assets/boot-h.js',
    ])
  })

  it('learns the files of each build anew', () => {
    generateBundle.handler.call({}, {}, built(['react']), false)
    expect(resolveDependencies('assets/x-h.js', ['assets/startup-h.js'], { hostType: 'js' })).toEqual([
      'assets/startup-h.js',
    ])
    generateBundle.handler.call({}, {}, bundle, false)
  })
})
