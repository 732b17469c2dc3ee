import { parseEther } from 'viem'
import { chainClient } from './fixtures/fund.ts'
import { axeViolations, expect, test } from './fixtures/index.ts'
import { balanceOf } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'
import { DESKTOP, PHONE } from './support/views.ts'

/**
 * Issue #28 point 1: the person's own gas on the origin is estimated before anything is signed, shown as "Network
 * cost", and a balance that cannot pay it is said ("Not enough ETH on Local Chain A for gas (about … needed)") with
 * Swap off; Max on the native coin keeps exactly that cost, and says why when there is nothing to send.
 */

const ENGLISH = {
  lang: 'en',
  connect: 'Connect Wallet',
  send: 'Send',
  myAddress: 'My address',
  max: 'Max',
  swap: 'Swap',
  completed: 'Completed',
  networkCost: 'Network cost',
  approvalAndDeposit: 'Approval + Deposit',
  deposit: 'Deposit',
  estimatedUntilApproved: 'estimated until the approval is made',
  upTo: (amount: string) => `Up to ${amount}`,
  notEnoughGas: /^Not enough ETH on Local Chain A for gas \(about (\d[\d.,]* ETH) needed\)$/,
  takeGasless: /^Not enough ETH for gas \(about (\d[\d.,]* ETH) needed\): take the route that needs none$/,
  oops: 'Oops, something went wrong',
  routes: 'Routes',
  noGasNeeded: 'No gas needed',
  notEnoughGasBadge: 'Not enough gas',
}
const CHINESE: typeof ENGLISH = {
  lang: 'zh',
  connect: '連接錢包',
  send: '發送',
  myAddress: '我的地址',
  max: '最大',
  swap: '兌換',
  completed: '已完成',
  networkCost: '網路成本',
  approvalAndDeposit: '授權 + 存入',
  deposit: '存入',
  estimatedUntilApproved: '完成授權前為估計值',
  upTo: (amount: string) => `最多 ${amount}`,
  notEnoughGas: /^Local Chain A 上的 ETH 不足以支付 Gas（約需 (\d[\d.,]* ETH)）$/,
  takeGasless: /^ETH 不足以支付 Gas（約需 (\d[\d.,]* ETH)）：改用免 Gas 的路線$/,
  oops: '哎呀，出了點問題',
  routes: '路由',
  noGasNeeded: '免 Gas',
  notEnoughGasBadge: 'Gas 不足',
}

const LAYOUTS = [
  { id: 'desktop-en', viewport: DESKTOP, text: ENGLISH },
  { id: 'desktop-zh', viewport: DESKTOP, text: CHINESE },
  { id: 'phone-en', viewport: PHONE, text: ENGLISH },
  { id: 'phone-zh', viewport: PHONE, text: CHINESE },
] as const

/** 0.00000001 ETH: the account, which cannot pay for an approval. */
const ALMOST_NOTHING = 10_000_000_000n

for (const { id, viewport, text } of LAYOUTS) {
  test.describe(`gas before signing (${id})`, () => {
    const open = { viewport, storage: { lang: text.lang }, connectLabel: text.connect }

    test('an account with almost no ETH is led to the route that needs none; a route needing gas says its cost and why', async ({
      app,
      account,
      wallet,
      network,
    }) => {
      const [a, b] = network.chains
      await chainClient(a!).setBalance({ address: account.address, value: ALMOST_NOTHING })
      const { page, form } = await app.openConnected({ wallet, ...open })
      await form.pickToken('origin', a!.name, 'USDC')
      await form.pickToken('destination', b!.name, 'USDC')
      await form.amountLabelled(text.send).fill('10')
      await form.myAddressButton(text.myAddress).click()

      // No dead end (issue #59): the route that needs no gas comes first, taken, and said why; the others need gas.
      const gasless = form.route('intent-gasless')
      await expect(page.getByTestId('routes-gasless-first')).toBeVisible({ timeout: 20_000 })
      await expect(gasless).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByRole('list', { name: text.routes }).getByRole('listitem').first()).toContainText(
        text.noGasNeeded,
      )
      const paid = form.route('intent')
      await expect(paid.getByTestId('route-needs-gas')).toHaveText(text.notEnoughGasBadge)
      await expect(form.mainButton).toHaveText(text.swap)
      await screenshot(page, `gas-short-gasless-first-${id}`, { fullPage: false })
      // The route that needs gas, picked anyway: its cost, and the button leads back to the one that needs none.
      await paid.click()

      // The approval the allowance needs and the deposit it unlocks (at its fallback gas, said to be estimated).
      await expect(form.networkCost).toContainText(text.networkCost, { timeout: 20_000 })
      await expect(form.networkCostAmount).toHaveText(/^\d[\d.,]* ETH$/)
      await expect(form.networkCost.getByTestId('network-cost-steps')).toHaveText(
        `${text.approvalAndDeposit} · ${text.estimatedUntilApproved}`,
      )
      await expect(form.mainButton).toHaveText(text.takeGasless)
      await expect(form.mainButton).toBeEnabled()
      // The sentence says what the wallet may ask at most, the row's "up to" (a token is sent: all of it is gas).
      const said = text.takeGasless.exec((await form.mainButton.textContent()) ?? '')?.[1]
      await expect(form.networkCost.getByTestId('network-cost-max')).toHaveText(text.upTo(said ?? '?'))
      const cost = BigInt((await form.networkCostAmount.getAttribute('data-wei')) ?? '0')
      expect(cost).toBeGreaterThan(ALMOST_NOTHING)
      await form.networkCost.scrollIntoViewIfNeeded()
      await screenshot(page, `gas-short-${id}`, { fullPage: false })
      expect(await axeViolations(page)).toEqual([])
      await form.mainButton.click()
      await expect(gasless).toHaveAttribute('aria-pressed', 'true')
      await expect(form.mainButton).toHaveText(text.swap)
      await expect(form.mainButton).toBeEnabled()

      // Max on ETH with nothing to spare: nothing filled, never "0", and the reason.
      await form.pickToken('origin', a!.name, 'ETH')
      const amount = form.amountLabelled(text.send)
      await amount.fill('')
      await page.getByRole('button', { name: text.max, exact: true }).click()
      await expect(page.getByTestId('max-problem')).toHaveText(text.notEnoughGas)
      await expect(amount).toHaveValue('')
      await screenshot(page, `gas-max-short-${id}`, { fullPage: false })
    })

    test('a balance emptied after the review: the wallet’s "total cost exceeds the balance" is the gas sentence, never "Oops"', async ({
      app,
      account,
      wallet,
      network,
    }) => {
      const [a, b] = network.chains
      const { page, form } = await app.openConnected({ wallet, ...open })
      await form.pickToken('origin', a!.name, 'USDC')
      await form.pickToken('destination', b!.name, 'USDC')
      await form.amountLabelled(text.send).fill('10')
      await form.myAddressButton(text.myAddress).click()
      await expect(form.mainButton).toHaveText(text.swap, { timeout: 20_000 })
      await form.mainButton.click()
      // Spent elsewhere between the review and the confirm: the wallet refuses the approval for its gas.
      await chainClient(a!).setBalance({ address: account.address, value: ALMOST_NOTHING })
      await form.confirm(text.swap)
      const error = form.dialog.getByRole('alert').filter({ hasText: text.notEnoughGas })
      await expect(error).toHaveText(text.notEnoughGas, { timeout: 20_000 })
      await expect(form.dialog.getByText(text.oops)).toHaveCount(0)
      await screenshot(page, `gas-wallet-refused-${id}`, { fullPage: false })
    })

    test('Max on ETH keeps exactly the network cost, and the swap goes through with it', async ({
      app,
      account,
      wallet,
      network,
    }) => {
      const { chains, manifest } = network
      const [a, b] = chains
      const balance = parseEther('0.6')
      await chainClient(a!).setBalance({ address: account.address, value: balance })
      const { page, form } = await app.openConnected({ wallet, ...open })
      await form.pickToken('origin', a!.name, 'ETH')
      await form.pickToken('destination', b!.name, 'USDC')
      await form.myAddressButton(text.myAddress).click()
      await page.getByRole('button', { name: text.max, exact: true }).click()

      // Max keeps a deposit's fallback gas until the route is estimated, then exactly the most its gas may cost (the
      // deposit for the new amount is not byte for byte the one estimated, and the fee moves by a few wei per block:
      // within a hundredth).
      const amount = form.amountLabelled(text.send)
      const kept = async () => {
        const most = BigInt((await form.networkCostAmount.getAttribute('data-max-wei', { timeout: 20_000 })) ?? '0')
        const left = balance - parseEther(await amount.inputValue())
        const off = left > most ? left - most : most - left
        return off <= most / 100n ? 'exact' : `kept ${left}, up to ${most}`
      }
      await expect.poll(kept, { timeout: 30_000 }).toBe('exact')
      await expect(form.networkCost.getByTestId('network-cost-steps')).toHaveText(text.deposit)
      await expect(form.mainButton).toHaveText(text.swap, { timeout: 20_000 })
      await expect(form.mainButton).toBeEnabled()
      await form.networkCost.scrollIntoViewIfNeeded()
      await screenshot(page, `gas-max-${id}`, { fullPage: false })

      // What Max kept pays the deposit: the swap completes, and the gas it really used was no more than kept.
      const sent = parseEther(await amount.inputValue())
      await form.swap(text.swap)
      await expect(form.progress()).toHaveText(text.completed, { timeout: 60_000 })
      const left = await balanceOf(manifest, 0, 'ETH', account.address)
      expect(left).toBeGreaterThanOrEqual(0n)
      expect(balance - sent - left).toBeGreaterThan(0n) // some gas was paid
    })
  })
}
