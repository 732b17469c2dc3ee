import { createRoot } from 'react-dom/client'
import { startupRequests } from './app/startupRequests.ts'

/**
 * Start-up: React, the language and the manifest (already on their way, as is the first page's code, see
 * `bootstrap.ts`), then the app frame. The providers load only once the page is interactive.
 */
export async function start() {
  const frame = import('./app/App.tsx')
  const [rawManifest, { mountApp }] = await Promise.all([startupRequests.manifest, frame, startupRequests.language])
  mountApp(createRoot(document.getElementById('root') as HTMLElement), rawManifest)
}
