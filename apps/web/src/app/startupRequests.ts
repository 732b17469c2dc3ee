import { httpRequest } from '@multi-bridge/core'
import { MANIFEST_URL } from './constants.ts'

/**
 * What start-up waits for, asked for by `bootstrap.ts` the moment the page runs, before React has even
 * loaded; `main.tsx` takes the answers over. Both are promises, so a failure reaches `main.tsx`.
 */
export const startupRequests = {
  manifest: httpRequest(MANIFEST_URL, { timeoutMs: 15_000 }),
  language: import('../i18n/index.ts').then(({ initI18n }) => initI18n()),
}
// Handled by main.tsx; without this a failure before it runs would also be reported as unhandled.
startupRequests.manifest.catch(() => undefined)
startupRequests.language.catch(() => undefined)
