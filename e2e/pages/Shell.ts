import type { Locator, Page } from '@playwright/test'

/** The navigation bar, its dialogs and the notices, by what a person sees (English UI unless said). */
export class Shell {
  constructor(readonly page: Page) {}

  get title(): Locator {
    return this.page.getByRole('banner').getByRole('heading', { level: 1 })
  }

  connectButtonLabelled(label: string): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: label, exact: true })
  }

  get connectButton(): Locator {
    return this.connectButtonLabelled('Connect Wallet')
  }

  get accountButton(): Locator {
    return this.page.getByTestId('account-button')
  }

  get networkName(): Locator {
    return this.page.getByTestId('network-name')
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog')
  }

  link(name: string): Locator {
    return this.page.getByRole('navigation').getByRole('link', { name, exact: true })
  }

  /** The navigation bar's count of swaps under way ("1 pending"), which opens them. */
  get pendingSwaps(): Locator {
    return this.page.getByTestId('pending-swaps')
  }

  /** The notices the app shows above the page (errors as alerts, the rest as statuses). */
  get notices(): Locator {
    return this.page.getByTestId('notices')
  }

  notice(text: string | RegExp): Locator {
    return this.notices.getByText(text)
  }

  /** A notice that informs (a status), not an error. */
  statusNotice(text: string): Locator {
    return this.notices.getByRole('status').filter({ hasText: text })
  }

  async setLanguage(label: 'EN' | '繁中') {
    await this.page.getByRole('button', { name: label, exact: true }).click()
  }

  async openConnectDialog(label = 'Connect Wallet') {
    await this.connectButtonLabelled(label).click()
    return this.dialog
  }

  walletOption(walletName: string | RegExp): Locator {
    return this.dialog.getByRole('button', { name: walletName instanceof RegExp ? walletName : new RegExp(walletName) })
  }

  async connect(walletName: string, connectLabel?: string) {
    await this.openConnectDialog(connectLabel)
    await this.walletOption(walletName).click()
  }

  async switchNetwork(chainName: string) {
    await this.accountButton.click()
    await this.dialog.getByRole('button', { name: new RegExp(chainName) }).click()
  }

  async closeDialog() {
    await this.page.keyboard.press('Escape')
  }
}
