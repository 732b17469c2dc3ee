import type { Locator, Page } from 'playwright-core'

/** The swap screen, by what a person sees (English UI). */
export class SwapForm {
  constructor(readonly page: Page) {}

  get mainButton(): Locator {
    return this.page.getByTestId('main-button')
  }

  get amount(): Locator {
    return this.page.getByLabel('Send')
  }

  get recipient(): Locator {
    return this.page.getByLabel('Enter or select the recipient address')
  }

  async pickToken(side: 'origin' | 'destination', network: string, symbol: string) {
    await this.page.getByTestId(side === 'origin' ? 'origin-token' : 'destination-token').click()
    const dialog = this.page.getByRole('dialog')
    await dialog
      .getByRole('button', { name: new RegExp(network) })
      .first()
      .click()
    await dialog
      .locator('.picker-token')
      .filter({ has: this.page.locator('.picker-token-symbol', { hasText: new RegExp(`^${symbol}$`) }) })
      .first()
      .click()
    await dialog.waitFor({ state: 'detached' })
  }

  route(providerId: 'intent' | 'pool'): Locator {
    return this.page.getByTestId(`route-${providerId}`)
  }

  /** Opens the progress dialog and confirms; returns the dialog. */
  async swap() {
    await this.mainButton.click()
    const dialog = this.page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
    return dialog
  }

  progress(): Locator {
    return this.page.getByTestId('swap-progress')
  }
}
