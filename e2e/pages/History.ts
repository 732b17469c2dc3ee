import { readFileSync } from 'node:fs'
import { expect, type Locator, type Page } from '@playwright/test'

/** One row of the History list, as it reads on screen. */
export type ListedSwap = {
  /** Completed, Failed or Swapping... */
  status: string
  /** "150.25 USDC → 0.050123 ETH" (display amounts: grouped, at most 6 fraction digits). */
  amounts: string
  /** "Local Chain A → Local Chain B · Intent Bridge". */
  route: string
}

export type HistoryFilter = 'All' | 'Needs action' | 'Swapping...' | 'Completed' | 'Failed' | 'Refunded'

export const HISTORY_PATH = '#/pages/log/index'

/** The History page, by what a person sees (English UI unless said; the notifications toggle by its test id). */
export class HistoryPage {
  constructor(readonly page: Page) {}

  get rows(): Locator {
    return this.page.getByTestId('history-row')
  }

  get statusDetails(): Locator {
    return this.page.getByTestId('history-status-detail')
  }

  get empty(): Locator {
    return this.page.getByText('No swaps yet')
  }

  /** Money waiting for the person's refund, above the list (and above the Swap form). */
  get refundBanner(): Locator {
    return this.page.getByTestId('refund-banner')
  }

  /** The banner's title: "Refund available", "Refund opens soon" or "2 swaps to refund". */
  get refundBannerTitle(): Locator {
    return this.refundBanner.locator('#refund-banner-title')
  }

  /** What the last Restore could not read (chains, bridges), with Retry. */
  get restoreStatus(): Locator {
    return this.page.getByTestId('restore-status')
  }

  get notificationsToggle(): Locator {
    return this.page.getByTestId('notifications-toggle')
  }

  exportButtonLabelled(label: string): Locator {
    return this.page.getByRole('button', { name: label, exact: true })
  }

  get exportButton(): Locator {
    return this.exportButtonLabelled('Export CSV')
  }

  get restoreButton(): Locator {
    return this.page.getByRole('button', { name: 'Restore from chain' })
  }

  /** A status filter; `group` is the filter group's name in another language. */
  filter(label: string, group = 'Filter by status'): Locator {
    return this.page.getByRole('group', { name: group }).getByRole('button', { name: label, exact: true })
  }

  async setFilter(label: HistoryFilter) {
    await this.filter(label).click()
    await expect(this.filter(label)).toHaveAttribute('aria-pressed', 'true')
  }

  /** The rows listed now, top to bottom. */
  async listed(): Promise<ListedSwap[]> {
    const rows = await this.rows.all()
    return Promise.all(
      rows.map(async (row) => ({
        status: (await row.getByTestId('history-status').textContent()) ?? '',
        amounts: (await row.getByTestId('history-amounts').textContent()) ?? '',
        route: (await row.getByTestId('history-route').textContent()) ?? '',
      })),
    )
  }

  /** The id of each listed swap, top to bottom: opens each row's detail (`?id=` in the address) and closes it. */
  async listedIds(): Promise<string[]> {
    const ids: string[] = []
    const count = await this.rows.count()
    for (let i = 0; i < count; i++) {
      await this.rows.nth(i).click()
      await expect(this.page).toHaveURL(/\?id=/)
      ids.push(new URLSearchParams(new URL(this.page.url()).hash.split('?')[1]).get('id') ?? '')
      await expect(this.page.getByRole('dialog')).toBeVisible()
      await this.page.keyboard.press('Escape')
      await expect(this.page.getByRole('dialog')).toHaveCount(0)
    }
    return ids
  }

  /** Clicks the export button and returns the file the browser downloaded: its suggested name and its bytes. */
  async exportCsv(button = this.exportButton): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), button.click()])
    const path = await download.path()
    return { name: download.suggestedFilename(), bytes: readFileSync(path) }
  }
}
