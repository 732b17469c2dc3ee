import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

/** With E2E_SCREENSHOTS set, keeps a picture of the page in test-results/ to look at. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return
  const dir = join(import.meta.dirname, '..', '..', 'test-results')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: options.fullPage ?? true })
}
