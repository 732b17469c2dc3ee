import type { Locator, Page } from 'playwright-core'

/** The navigation bar and its dialogs, by what a person sees (English UI). */
export class Shell {
  constructor(readonly page: Page) {}

  get title(): Locator {
    return this.page.getByRole('banner').getByRole('heading', { level: 1 })
  }

  get connectButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Connect Wallet', exact: true })
  }

  get accountButton(): Locator {
    return this.page.getByTestId('account-button')
  }

  get networkName(): Locator {
    return this.page.getByTestId('network-name')
  }

  notice(text: string | RegExp): Locator {
    return this.page.locator('.notices').getByText(text)
  }

  async setLanguage(label: 'EN' | '繁中') {
    await this.page.getByRole('button', { name: label, exact: true }).click()
  }

  async openConnectDialog() {
    await this.connectButton.click()
    return this.page.getByRole('dialog')
  }

  async connect(walletName: string) {
    const dialog = await this.openConnectDialog()
    await dialog.getByRole('button', { name: new RegExp(walletName) }).click()
  }

  async switchNetwork(chainName: string) {
    await this.accountButton.click()
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(chainName) })
      .click()
  }

  async closeDialog() {
    await this.page.keyboard.press('Escape')
  }
}
