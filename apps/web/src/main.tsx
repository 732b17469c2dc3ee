import { createRoot } from 'react-dom/client'
import { startupRequests } from './app/startupRequests.ts'

/**
 * Start-up: React, the language and the manifest, then the app frame (already on its way, see
 * `bootstrap.ts`). The providers load only once the page is interactive.
 */
export async function start() {
  const frame = import('./app/App.tsx')
  const [rawManifest, { mountApp }] = await Promise.all([startupRequests.manifest, frame, startupRequests.language])
  mountApp(createRoot(document.getElementById('root') as HTMLElement), rawManifest)
}
