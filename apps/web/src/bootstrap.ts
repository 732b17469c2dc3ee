import './styles.css'
import './app/startupRequests.ts'

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
    // Nothing else is up yet: a plain message, and a click tries again.
    const message = document.createElement('button')
    message.className = 'page-error'
    message.textContent = 'Oops, something went wrong'
    message.onclick = () => window.location.reload()
    document.getElementById('root')?.replaceChildren(message)
  })
