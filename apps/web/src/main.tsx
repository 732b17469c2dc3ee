import { createRoot } from 'react-dom/client'
import { startupRequests } from './app/startupRequests.ts'

/** Resolves after the tasks already queued (a downloaded module's evaluation, say) have run. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

/**
 * Start-up: React, the language and the manifest (already on their way, see `bootstrap.ts`), then the app
 * frame. The providers load only once the page is interactive.
 */
export async function start() {
  const frame = import('./app/App.tsx')
  const [rawManifest, { mountApp, preloadPage }] = await Promise.all([
    startupRequests.manifest,
    frame,
    startupRequests.language,
  ])
  // The first page's code was asked for at the same time and is usually here too: mounting with it means the
  // first render never suspends (React holds a suspended boundary's reveal back for up to 300 ms). A page that
  // is late does not hold the frame back; its loader shows instead. `preloadPage` never rejects.
  await Promise.race([preloadPage(window.location.hash), nextTask()])
  mountApp(createRoot(document.getElementById('root') as HTMLElement), rawManifest)
}
