import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { directImports } from './build/directImports.ts'
import { startupChunks } from './build/startupChunks.ts'

const repoRoot = join(import.meta.dirname, '..', '..')

/**
 * In development the app reads the devnet's manifest, written by `npm start` / `npm run devnet`,
 * at the same URL a production deployment serves its config from.
 */
function devnetManifest(): Plugin {
  return {
    name: 'multibridge-devnet-manifest',
    configureServer(server) {
      server.middlewares.use('/config/manifest.json', (_request, response) => {
        const path = process.env.MULTIBRIDGE_MANIFEST ?? join(repoRoot, '.devnet', 'manifest.json')
        response.setHeader('content-type', 'application/json')
        response.setHeader('cache-control', 'no-store')
        if (!existsSync(path)) {
          response.statusCode = 404
          response.end(JSON.stringify({ error: 'No devnet manifest yet: run npm start' }))
          return
        }
        response.end(readFileSync(path))
      })
    },
  }
}

export default defineConfig({
  base: './',
  plugins: [
    react(),
    devnetManifest(),
    directImports(),
    startupChunks({
      root: import.meta.dirname,
      configFile: join(import.meta.dirname, 'vite.config.ts'),
      boot: 'src/bootstrap.ts',
      startup: ['src/main.tsx', 'src/app/App.tsx', 'src/i18n/index.ts'],
      pages: { 'swap-page': 'src/pages/swap/SwapPage.tsx', 'history-page': 'src/pages/history/HistoryPage.tsx' },
      split: { name: 'react', packages: ['react', 'react-dom', 'scheduler'] },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
})
