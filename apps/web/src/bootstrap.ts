import './styles.css'
import './app/startupRequests.ts'
import { showStartupError } from './app/startupError.ts'

/**
 * The first page's only eager script. It starts, at once and in parallel, everything the first page needs:
 * the manifest, the language, the wallet layer, the app frame and the page's code (`startupRequests.ts`), and React
 * with the start-up code (`main.tsx`, see `build/startupChunks.ts`). Waiting for React to run before asking for the
 * rest would put one download after the other. What those files import (React, the libraries) the module loader asks
 * for as it parses them, not ahead: compiled as they come, not all at once as the person types (`lazyPreloads`).
 *
 * index.html loads it `async` (issue #33): it runs as soon as it is in, without waiting for the stylesheet and the
 * first layout, so these requests leave that much sooner. What touches the page waits until the parser has the
 * whole of it, the prerendered markup and its inline script (which may swap the language) included.
 */
const documentParsed = new Promise<void>((resolve) => {
  if (document.readyState !== 'loading') resolve()
  else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true })
})

Promise.all([import('./main.tsx'), documentParsed])
  .then(([{ start }]) => start())
  .catch((error: unknown) => {
    console.error('[app] failed to start', error)
    // Nothing else is up yet (not even i18next): a plain message in the person's language; a click tries again.
    void documentParsed.then(() => showStartupError(document.getElementById('root'), undefined, error))
  })
