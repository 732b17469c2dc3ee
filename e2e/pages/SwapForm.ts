import { expect, type Locator, type Page } from '@playwright/test'

/** The swap screen and its token picker, by what a person sees (English UI unless said). */
export class SwapForm {
  constructor(readonly page: Page) {}

  get mainButton(): Locator {
    return this.page.getByTestId('main-button')
  }

  /** The amount to send; `label` for another language ("發送"). */
  amountLabelled(label: string): Locator {
    return this.page.getByLabel(label)
  }

  get amount(): Locator {
    return this.amountLabelled('Send')
  }

  get recipient(): Locator {
    return this.page.getByLabel('Enter or select the recipient address')
  }

  myAddressButton(label = 'My address'): Locator {
    return this.page.getByRole('button', { name: label })
  }

  get maxButton(): Locator {
    return this.page.getByRole('button', { name: 'Max', exact: true })
  }

  tokenButton(side: 'origin' | 'destination'): Locator {
    return this.page.getByTestId(side === 'origin' ? 'origin-token' : 'destination-token')
  }

  get picker(): Locator {
    return this.page.getByRole('dialog')
  }

  get pickerSearch(): Locator {
    return this.picker.getByPlaceholder('Input token symbol or contract address')
  }

  get networkSearch(): Locator {
    return this.picker.getByPlaceholder('Search Network')
  }

  /** The picker's tokens, in order. */
  get options(): Locator {
    return this.picker.getByRole('option')
  }

  /** The symbol shown on each token of the picker. */
  get optionSymbols(): Locator {
    return this.options.getByTestId('picker-token-symbol')
  }

  /** The token the picker's keyboard highlight is on. */
  get activeOptionSymbol(): Locator {
    return this.picker.getByRole('option', { selected: true }).getByTestId('picker-token-symbol')
  }

  /** The picker's token with exactly this symbol. */
  option(symbol: string): Locator {
    return this.options.filter({
      has: this.page.getByTestId('picker-token-symbol').getByText(symbol, { exact: true }),
    })
  }

  networkButton(network: string): Locator {
    return this.picker.getByRole('button', { name: new RegExp(network) }).first()
  }

  async pickToken(side: 'origin' | 'destination', network: string, symbol: string) {
    await this.tokenButton(side).click()
    await this.networkButton(network).click()
    await this.option(symbol).first().click()
    await this.picker.waitFor({ state: 'detached' })
  }

  route(providerId: string): Locator {
    return this.page.getByTestId(`route-${providerId}`)
  }

  /** The route cards, best first. */
  get routes(): Locator {
    return this.page.getByRole('list', { name: 'Routes' }).getByRole('button')
  }

  get routeDetails(): Locator {
    return this.page.getByTestId('route-details')
  }

  get slippage(): Locator {
    return this.page.getByPlaceholder('Auto')
  }

  /** The form's messages about what was entered. */
  alert(text?: string): Locator {
    const alerts = this.page.getByRole('alert')
    return text === undefined ? alerts : alerts.filter({ hasText: text })
  }

  /**
   * A dialog's detail rows as "term: value" lines (a row's copy button's word left out), as a person reads them:
   * the History detail and the receipt are compared this way.
   */
  async detailRows(dialog: Locator = this.dialog): Promise<string[]> {
    const rows = await dialog.locator('.details-row').evaluateAll((items) =>
      items.map((item) => {
        const term = item.querySelector('dt')?.textContent ?? ''
        const value = (item.querySelector('dd')?.textContent ?? '').replace(/\s+/g, ' ').trim()
        return `${term}: ${value}`
      }),
    )
    return rows.map((row) => row.replace(/(Copy|Copied|複製|已複製)$/, ''))
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog')
  }

  /**
   * A person's USDC transfer to themselves: USDC on `from` to USDC on `to`, `amount`, "My address"; `words` in the
   * page's language.
   */
  async enterUsdcToMyself(from: string, to: string, amount: string, words: { amount: string; mine: string }) {
    await this.pickToken('origin', from, 'USDC')
    await this.pickToken('destination', to, 'USDC')
    await this.amountLabelled(words.amount).fill(amount)
    await this.myAddressButton(words.mine).click()
  }

  /** Waits for `providerId`'s route, chooses it, and waits until the main button offers `swapLabel`. */
  async chooseRoute(providerId: string, swapLabel = 'Swap') {
    await expect(this.route(providerId)).toBeVisible({ timeout: 20_000 })
    await this.route(providerId).click()
    await expect(this.mainButton).toHaveText(swapLabel, { timeout: 20_000 })
  }

  /** Opens the progress dialog and confirms; returns the dialog. */
  async swap(confirmLabel = 'Swap') {
    await this.mainButton.click()
    await this.confirm(confirmLabel)
    return this.dialog
  }

  /**
   * Confirms the review as a person who accepts what it says: a loss above 10 % (a small swap on the local network,
   * whose gas is about $1 at the solver's ETH price) is ticked "I understand" first, as Swap waits for it.
   */
  async confirm(label = 'Swap') {
    const button = this.dialog.getByRole('button', { name: label, exact: true })
    const lossConfirm = this.dialog.getByTestId('value-loss-confirm').getByRole('checkbox')
    // Swap is held until the network cost is known, so either it is enabled or the confirm it waits for is shown.
    await expect
      .poll(async () => (await button.isEnabled()) || (await lossConfirm.isVisible()), { timeout: 30_000 })
      .toBe(true)
    if ((await lossConfirm.isVisible()) && !(await lossConfirm.isChecked())) await lossConfirm.check()
    await button.click()
  }

  progress(): Locator {
    return this.page.getByTestId('swap-progress')
  }

  refundButton(): Locator {
    return this.dialog.getByTestId('refund-button')
  }

  /** The end of a completed swap at the top of its dialog ("You received …", Done, New swap). */
  get ending(): Locator {
    return this.dialog.getByTestId('swap-ending')
  }

  /** What a link asked for that the form could not use. */
  get linkProblems(): Locator {
    return this.page.getByTestId('link-problems')
  }

  /** The route details' "Network cost" row: the person's own gas on the origin. */
  get networkCost(): Locator {
    return this.page.getByTestId('network-cost')
  }

  /** The network cost in the native coin ("0.000339 ETH"); `data-wei` holds it exactly. */
  get networkCostAmount(): Locator {
    return this.page.getByTestId('network-cost-amount')
  }

  /** Why the recipient is refused (a token's or a bridge's contract). */
  get recipientRefusal(): Locator {
    return this.page.getByTestId('recipient-refused')
  }

  /** The "I understand" a contract recipient needs. */
  get contractConsent(): Locator {
    return this.page.getByTestId('contract-consent')
  }

  /** A line naming a transaction on a network ("Local Chain B: 0x…"). */
  transaction(network: string, prefix = ''): Locator {
    return this.page.getByText(new RegExp(`^${network}: 0x${prefix}`))
  }
}
