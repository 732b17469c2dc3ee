import './styles.css'
import './app/startupRequests.ts'
import { showStartupError } from './app/startupError.ts'

/**
 * The first page's only eager script. It starts, at once and in parallel, everything the first page needs:
 * the manifest, the language and the page's code (`startupRequests.ts`), and React with the start-up code
 * and the app frame (`main.tsx`, built into one chunk with `App.tsx`, see `build/startupChunks.ts`).
 * Waiting for React to run before asking for the rest would put one download after the other.
 */
import('./main.tsx')
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error('[app] failed to start', error)
    // Nothing else is up yet (not even i18next): a plain message in the person's language; a click tries again.
    showStartupError(document.getElementById('root'), undefined, error)
  })
