import { httpRequest } from '@multi-bridge/core'
import { createRoot } from 'react-dom/client'
import { MANIFEST_URL } from './app/constants.ts'
import { preloadPage } from './app/pageModules.tsx'
import { initI18n } from './i18n/index.ts'
import './styles.css'

const root = createRoot(document.getElementById('root') as HTMLElement)

/**
 * Eager code is kept to React and i18next: the frame (wallet, router), the page and the manifest are
 * fetched in parallel, and the providers only once the page is idle.
 */
async function start() {
  const frame = import('./app/App.tsx')
  // Usually loaded by the time the frame mounts, so the page renders without suspending.
  void preloadPage(window.location.hash)
  const [rawManifest, { mountApp }] = await Promise.all([
    httpRequest(MANIFEST_URL, { timeoutMs: 15_000 }),
    frame,
    initI18n(),
  ])
  mountApp(root, rawManifest)
}

start().catch((error: unknown) => {
  console.error('[app] failed to start', error)
  // Nothing else is up yet: a plain message, and a click tries again.
  const message = document.createElement('button')
  message.className = 'page-error'
  message.textContent = 'Oops, something went wrong'
  message.onclick = () => window.location.reload()
  document.getElementById('root')?.replaceChildren(message)
})
