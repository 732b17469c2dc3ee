import { readFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** One row of the History list, as it reads on screen. */
export type ListedSwap = {
  /** Completed, Failed or Swapping... */
  status: string
  /** "150.25 USDC → 0.050123 ETH" (display amounts: grouped, at most 6 fraction digits). */
  amounts: string
  /** "Local Chain A → Local Chain B · Intent Bridge". */
  route: string
}

export type HistoryFilter = 'All' | 'Swapping...' | 'Completed' | 'Failed'

/** The History page, by what a person sees (English UI; the notifications toggle by its test id). */
export class HistoryPage {
  constructor(readonly page: Page) {}

  get rows(): Locator {
    return this.page.getByTestId('history-row')
  }

  get notificationsToggle(): Locator {
    return this.page.getByTestId('notifications-toggle')
  }

  get exportButton(): Locator {
    return this.page.getByRole('button', { name: 'Export CSV', exact: true })
  }

  filter(label: HistoryFilter): Locator {
    return this.page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: label, exact: true })
  }

  async setFilter(label: HistoryFilter) {
    await this.filter(label).click()
    await expect.poll(() => this.filter(label).getAttribute('aria-pressed')).toBe('true')
  }

  /** The rows listed now, top to bottom. */
  listed(): Promise<ListedSwap[]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((row) => ({
        status: row.querySelector('.status')?.textContent ?? '',
        amounts: row.querySelector('.history-amounts')?.textContent ?? '',
        route: row.querySelector('.muted.small')?.textContent ?? '',
      })),
    )
  }

  /** The id of each listed swap, top to bottom: opens each row's detail (`?id=` in the address) and closes it. */
  async listedIds(): Promise<string[]> {
    const ids: string[] = []
    const count = await this.rows.count()
    for (let i = 0; i < count; i++) {
      await this.rows.nth(i).click()
      await expect.poll(() => new URL(this.page.url()).hash).toMatch(/\?id=/)
      ids.push(new URLSearchParams(new URL(this.page.url()).hash.split('?')[1]).get('id') ?? '')
      await this.page.getByRole('dialog').waitFor()
      await this.page.keyboard.press('Escape')
      await this.page.getByRole('dialog').waitFor({ state: 'detached' })
    }
    return ids
  }

  /** Clicks Export CSV and returns the file the browser downloaded: its suggested name and its bytes. */
  async exportCsv(): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 15_000 }),
      this.exportButton.click(),
    ])
    const path = await download.path()
    return { name: download.suggestedFilename(), bytes: readFileSync(path) }
  }
}
