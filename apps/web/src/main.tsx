import { startupRequests } from './app/startupRequests.ts'
import { isPrerenderedAddress } from './lib/routes.ts'

/** The markup `build/prerender.ts` writes into index.html for the swap page, when the inline script kept it. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

/**
 * Start-up: React, the language and the manifest (already on their way, as is the first page's code, see
 * `bootstrap.ts`), then the app frame. The providers load only once the page is interactive.
 *
 * When the root holds the prerendered swap page, React hydrates it, which needs the page's code in: the person
 * can read and type meanwhile. If that code is late, the app renders afresh (with the loader and its time-out)
 * rather than leave a page that does not respond.
 */
export async function start() {
  const root = document.getElementById('root') as HTMLElement
  const frame = import('./app/App.tsx')
  const [rawManifest, { mountApp }] = await Promise.all([startupRequests.manifest, frame, startupRequests.language])
  // The person may have followed a link of the prerendered page (History) before the app was up.
  const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE) && isPrerenderedAddress(window.location.hash)
  const pageIn =
    prerendered &&
    (await Promise.race([
      startupRequests.page.then(
        () => true,
        () => false,
      ),
      delay(PAGE_WAIT_MS),
    ]))
  if (!pageIn) root.replaceChildren()
  root.removeAttribute(PRERENDERED_ATTRIBUTE)
  mountApp(root, rawManifest, pageIn)
}

/** How long hydration waits for the page's code after everything else is in (it is usually in first). */
const PAGE_WAIT_MS = 3_000
const delay = (ms: number) => new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))
