import { devTokenAbi } from '@multi-bridge/contracts'
import { manifestChainToViem } from '@multi-bridge/core'
import { createPublicClient, createWalletClient, erc20Abi, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { testManifest, useAppBrowser } from './support/app.ts'

const app = useAppBrowser()

const chains = () => testManifest().chains
const usdcOf = (chainIndex: number) => chains()[chainIndex]!.tokens.find((t) => t.symbol === 'USDC')!.address
const clientOf = (chainIndex: number) => {
  const chain = chains()[chainIndex]!
  return createPublicClient({ chain: manifestChainToViem(chain), transport: http(chain.rpcUrls[0]) })
}
const usdcBalance = (chainIndex: number, owner: `0x${string}`) =>
  clientOf(chainIndex).readContract({
    address: usdcOf(chainIndex),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

const openConnected = (accountIndex: number, lang: 'en' | 'zh' = 'en') =>
  app.openConnected({
    storage: { lang },
    wallet: { accountIndex, initialChainId: chains()[0]!.id },
    connectLabel: lang === 'en' ? 'Connect Wallet' : '連接錢包',
  })

/** Moves the solver's USDC on a chain away (and back), so that it must decline an order there. */
async function moveSolverUsdc(chainIndex: number, direction: 'away' | 'back') {
  const manifest = testManifest()
  const mnemonic = manifest.devnet!.mnemonic
  const solver = mnemonicToAccount(mnemonic, { addressIndex: manifest.devnet!.accounts.solver })
  const keeper = mnemonicToAccount(mnemonic, { addressIndex: manifest.devnet!.accounts.deployer })
  const [from, to] = direction === 'away' ? [solver, keeper] : [keeper, solver]
  const chain = chains()[chainIndex]!
  const wallet = createWalletClient({
    account: from,
    chain: manifestChainToViem(chain),
    transport: http(chain.rpcUrls[0]),
  })
  const amount = direction === 'away' ? await usdcBalance(chainIndex, solver.address) : movedAway
  if (direction === 'away') movedAway = amount
  const hash = await wallet.writeContract({
    address: usdcOf(chainIndex),
    abi: devTokenAbi,
    functionName: 'transfer',
    args: [to.address, amount],
  })
  await clientOf(chainIndex).waitForTransactionReceipt({ hash })
}
let movedAway = 0n

describe('recovery', () => {
  it('lets the person reject the approval, then retry and complete', async () => {
    const { page, form, wallet } = await openConnected(8)
    await form.pickToken('origin', chains()[1]!.name, 'USDC')
    await form.pickToken('destination', chains()[0]!.name, 'USDC')
    await form.amount.fill('30')
    await page.getByRole('button', { name: 'My address' }).click()
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    await form.route('intent').click()
    const before = await usdcBalance(1, wallet!.address)
    wallet!.reject.add('eth_sendTransaction')
    const dialog = await form.swap()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('The request was rejected in the wallet')
    expect(await usdcBalance(1, wallet!.address)).toBe(before)
    wallet!.reject.clear()
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000 }).toBe('Completed')
    expect(await usdcBalance(1, wallet!.address)).toBe(before - 30_000_000n)
  })

  it('keeps tracking a swap across a reload', async () => {
    const { page, form, wallet, goto } = await openConnected(8)
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[2]!.name, 'USDC')
    await form.amount.fill('40')
    await page.getByRole('button', { name: 'My address' }).click()
    await expect.poll(() => form.route('pool').isVisible(), { timeout: 20_000 }).toBe(true)
    await form.route('pool').click()
    const before = await usdcBalance(2, wallet!.address)
    await form.swap()
    // As soon as the deposit is sent, the person reloads.
    await expect.poll(() => page.getByText(/^Local Chain A: 0x/).count(), { timeout: 30_000 }).toBeGreaterThan(1)
    await page.reload()
    await goto('#/pages/log/index')
    const row = page.getByTestId('history-row').first()
    await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain('Completed')
    expect(await usdcBalance(2, wallet!.address)).toBe(before + 40_000_000n - 120_000n)
  })

  it('refunds a swap that nobody fills: countdown, then Refund returns the funds', async () => {
    const { page, form, wallet } = await openConnected(8)
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'USDC')
    await form.amount.fill('25')
    await page.getByRole('button', { name: 'My address' }).click()
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    await form.route('intent').click()
    const before = await usdcBalance(0, wallet!.address)
    await moveSolverUsdc(1, 'away') // the solver can no longer fill on B
    try {
      const dialog = await form.swap()
      // "Revocation available after" counts down live while nobody fills the order (a 30 s fill window here).
      const countdown = dialog.getByTestId('revocation-countdown')
      await countdown.waitFor({ timeout: 30_000 })
      const first = await countdown.textContent()
      expect(first).toMatch(/^\d+:\d{2}$/)
      expect(first).not.toBe('0:00')
      await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first)
      await expect.poll(() => form.progress().textContent(), { timeout: 90_000 }).toBe('Failed')
      expect(await usdcBalance(0, wallet!.address)).toBe(before - 25_000_000n)
      expect(await dialog.getByTestId('revocation-countdown').isVisible()).toBe(true)
      // The countdown ends on the deadline; the no-fill attestation comes once the deadline is final on B.
      // Until the provider can really refund, the button says so; the person clicks once, when it is enabled.
      const refund = dialog.getByTestId('refund-button')
      const labels = new Set<string>()
      await expect
        .poll(
          async () => {
            labels.add((await refund.textContent({ timeout: 1_000 }).catch(() => '')) ?? '')
            return refund.isEnabled()
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe(true)
      expect([...labels]).toContain('Preparing refund…')
      await refund.click()
      await expect
        .poll(
          () =>
            dialog
              .getByTestId('status-detail')
              .textContent({ timeout: 1_000 })
              .catch(() => null),
          {
            timeout: 60_000,
          },
        )
        .toBe('Refunded')
      // One click, no error: nothing was shown but the refund.
      expect(await page.locator('.notices [role="alert"]').count()).toBe(0)
      expect(await dialog.getByRole('alert').count()).toBe(0)
      // A refunded swap delivered nothing, and says so.
      expect(await dialog.getByTestId('step').filter({ hasText: 'Delivery' }).getAttribute('data-state')).toBe(
        'skipped',
      )
      // SPEC §5: not delivered and refunded is still Failed; the refund step is done.
      expect(await form.progress().textContent()).toBe('Failed')
      expect(await dialog.locator('.step', { hasText: 'Refund' }).getAttribute('data-state')).toBe('done')
      expect(await usdcBalance(0, wallet!.address)).toBe(before)
    } finally {
      await moveSolverUsdc(1, 'back')
    }
  }, 240_000)

  it('does a full swap in Traditional Chinese', async () => {
    const { page, form, wallet } = await openConnected(6, 'zh')
    expect(await form.mainButton.textContent()).toBe('選擇要兌換的代幣')
    await form.pickToken('origin', chains()[0]!.name, 'USDC')
    await form.pickToken('destination', chains()[1]!.name, 'USDC')
    expect(await form.mainButton.textContent()).toBe('輸入兌換數量')
    await page.getByLabel('發送').fill('12')
    await page.getByRole('button', { name: '我的地址' }).click()
    await expect.poll(() => form.route('intent').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await page.getByText('預計到賬時間').isVisible()).toBe(true)
    const before = await usdcBalance(1, wallet!.address)
    await form.mainButton.click()
    await page.getByRole('dialog').getByRole('button', { name: '兌換', exact: true }).click()
    await expect.poll(() => form.progress().textContent(), { timeout: 60_000 }).toBe('已完成')
    expect(await usdcBalance(1, wallet!.address)).toBeGreaterThan(before)
  })
})
