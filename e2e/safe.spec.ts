import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Frame, Page } from '@playwright/test'
import type { Hash, LocalAccount } from 'viem'
import { erc20Abi } from 'viem'
import { chainClient } from './fixtures/fund.ts'
import { type AppSession, expect, type TestNetwork, test } from './fixtures/index.ts'
import { Shell } from './pages/Shell.ts'
import { SwapForm } from './pages/SwapForm.ts'
import { balanceOf, storedSwaps } from './support/chainReads.ts'
import { type SafeDevnet, startSafeDevnet, startSafeHost } from './support/safeDevnet.ts'

type SafeHost = Awaited<ReturnType<typeof startSafeHost>>

import { screenshot } from './support/screenshot.ts'
import { PHONE } from './support/views.ts'

/**
 * The app as a Safe App (issue #54): framed by a page that answers the Safe Apps SDK as Safe{Wallet} does, over a
 * real Safe v1.4.1 (the published contracts, at their canonical addresses on the devnet) of three owners. The app runs
 * wagmi's own `safe` connector with the real SDK and provider; the host signs and executes with the owners' keys.
 */

let host: SafeHost

test.beforeAll(async () => {
  host = await startSafeHost()
})

test.afterAll(async () => {
  await host?.stop()
})

/** The manifest naming the test's Safe host, a loopback origin as the manifest allows. */
const withSafeHost = (manifest: TestNetwork['manifest']) => ({
  ...manifest,
  wallets: { safe: { hosts: [host.origin] } },
})

/** Opens the app framed by the Safe host; returns the page objects over the frame. */
async function openInSafe(session: AppSession, safe: SafeDevnet) {
  const { page, server } = session
  await page.exposeFunction('safeHost', (method: string, params: unknown) => safe.answer(method, params))
  await page.goto(host.pageFor(new URL('#/', server.url).toString()))
  const frame = await appFrame(page)
  return { frame, shell: new Shell(frame as unknown as Page), form: new SwapForm(frame as unknown as Page) }
}

async function appFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('#app')
  const frame = await element.contentFrame()
  if (!frame) throw new Error('the app frame is not there')
  return frame
}

/** A Safe on the first chain holding 100 USDC of `account`'s. */
const newSafe = (
  network: TestNetwork,
  account: LocalAccount,
  options: Pick<Parameters<typeof startSafeDevnet>[0], 'threshold' | 'executeWith'>,
) =>
  startSafeDevnet({
    manifest: network.manifest,
    lockDir: network.lockDir,
    funder: account,
    usdc: 100_000_000n,
    ...options,
  })

const usdcOn = (network: TestNetwork, index: number) => network.chains[index]!.tokens.find((t) => t.kind === 'usdc')!

test.describe('Safe App (issue #54)', () => {
  test('a 2-of-3 Safe swaps its USDC: proposed, shown waiting for the other owners (a host that names another transaction is not believed), followed after a reload, executed by someone else, Completed', async ({
    app,
    account,
    network,
  }) => {
    const safe = await newSafe(network, account, { threshold: 2 })
    const session = await app.open({ manifest: withSafeHost, storage: { lang: 'en' } })
    const { frame, shell, form } = await openInSafe(session, safe)
    // Connected as the Safe, with no click: the frame's parent answered as a Safe.
    await expect(shell.accountButton).toContainText(safe.safe.slice(2, 6), { timeout: 20_000 })

    const chains = network.chains
    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await form.amount.fill('25')
    // A contract sender is never its own recipient by default: the Safe may not exist on B.
    await expect(form.myAddressButton()).toHaveCount(0)
    await form.recipient.fill(account.address)
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    // No gasless route: a Safe's signature cannot open a gasless order.
    await expect(frame.getByTestId('route-intent-gasless')).toHaveCount(0)
    await form.route('intent').click()
    // The Safe holds no ETH: its owners pay the gas when one of them executes.
    await expect(form.mainButton).toHaveText('Swap', { timeout: 20_000 })
    await form.mainButton.click()
    const signed = form.dialog.getByTestId('signed-transaction')
    await expect(signed.getByTestId('signed-function')).toHaveText('open')
    await expect(signed.getByTestId('signed-amount')).toHaveText('25 USDC')
    await form.confirm('Swap')

    // The approval and the deposit as one Safe transaction (a MultiSend batch), signed by one owner of two.
    await expect.poll(() => safe.proposals().length, { timeout: 20_000 }).toBe(1)
    const [safeTxHash] = safe.proposals() as [Hash]
    const waiting = frame.getByTestId('status-detail')
    await expect(waiting).toHaveText("Waiting for the Safe's other owners to sign and execute it", { timeout: 20_000 })
    await expect(form.progress()).toHaveText('Swapping...')
    // The deposit is on its way, not done: its step is the active one.
    await expect(frame.getByTestId('step').nth(2)).toHaveAttribute('data-state', 'active')
    await screenshot(session.page, 'safe-waiting-for-owners-desktop-en', { fullPage: false })

    // A host that says another transaction executed it (here: the Safe's own funding) is not believed: the app's node
    // shows no ExecutionSuccess for this safeTxHash there.
    const client = chainClient(chains[0]!)
    const [other] = await client.getLogs({
      address: usdcOn(network, 0).address,
      event: erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!,
      args: { to: safe.safe },
      fromBlock: 0n,
    })
    safe.claimExecutedBy(safeTxHash, other!.transactionHash as Hash)
    // Two looks of the app's follower (every 5 s) go by, and the swap still waits, with no deposit taken.
    await frame.waitForTimeout(11_000)
    await expect(waiting).toHaveText("Waiting for the Safe's other owners to sign and execute it")
    expect((await storedSwaps(frame as unknown as Page))[0]?.depositTx).toBeUndefined()
    safe.claimExecutedBy(safeTxHash, undefined)

    // The page is closed and opened again; meanwhile the second owner signs and a third party executes.
    await session.page.reload()
    const again = await appFrame(session.page)
    await expect(new Shell(again as unknown as Page).accountButton).toContainText(safe.safe.slice(2, 6), {
      timeout: 20_000,
    })
    const safeBefore = await balanceOf(network.manifest, 0, 'USDC', safe.safe)
    const recipientBefore = await balanceOf(network.manifest, 1, 'USDC', account.address)
    await safe.confirm(safeTxHash, safe.owners[1]!)
    const executed = await safe.execute(safeTxHash, account)

    // Followed from its status to Completed, under the executed transaction's hash.
    await expect
      .poll(async () => (await storedSwaps(again as unknown as Page))[0]?.status, { timeout: 90_000 })
      .toBe('completed')
    const [swap] = await storedSwaps(again as unknown as Page)
    expect(swap?.depositTx).toBe(executed)
    expect(swap?.owner.toLowerCase()).toBe(safe.safe.toLowerCase())
    expect(await balanceOf(network.manifest, 0, 'USDC', safe.safe)).toBe(safeBefore - 25_000_000n)
    expect(await balanceOf(network.manifest, 1, 'USDC', account.address)).toBeGreaterThan(recipientBefore)
  })

  test('phone (zh-Hant): a Safe whose owner executes at once swaps to Completed; a swap from another network is refused on the button; the Safe code loads only in a frame and is never precached', async ({
    app,
    account,
    network,
  }) => {
    // Its owner's wallet executes (and pays the gas): the test's funded account.
    const safe = await newSafe(network, account, { threshold: 1, executeWith: account })
    const session = await app.open({ manifest: withSafeHost, storage: { lang: 'zh' }, viewport: PHONE, touch: true })
    // The Safe Apps SDK's protocol is in its code only: a built file naming its methods is the Safe's chunk.
    const isSafeCode = (file: string) => readFileSync(join(network.distDir, file), 'utf8').includes('getTxBySafeTxHash')
    const fetchedSafeCode = async (frame: Page | Frame) => {
      const files: string[] = await frame.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      )
      return files.filter((path) => path.endsWith('.js')).some((path) => isSafeCode(path.replace(/^\//, '')))
    }
    const precached = [...readFileSync(join(network.distDir, 'sw.js'), 'utf8').matchAll(/url:"(assets\/[^"]+\.js)"/g)]
    expect(precached.length).toBeGreaterThan(10)
    expect(precached.filter(([, file]) => isSafeCode(file as string))).toEqual([])
    // A top-level page (the app opened as itself) never fetches it.
    await expect(session.shell.connectButtonLabelled('連接錢包')).toBeEnabled({ timeout: 20_000 })
    expect(await fetchedSafeCode(session.page)).toBe(false)

    const { frame, shell, form } = await openInSafe(session, safe)
    await expect(shell.accountButton).toContainText(safe.safe.slice(2, 6), { timeout: 20_000 })
    expect(await fetchedSafeCode(frame)).toBe(true)
    const chains = network.chains
    // From B, where this Safe does not exist: said on the button, nothing to sign.
    await form.pickToken('origin', chains[1]!.name, 'USDC')
    await form.pickToken('destination', chains[0]!.name, 'USDC')
    await form.amountLabelled('發送').fill('10')
    await expect(form.mainButton).toHaveText(
      `此 Safe 在 ${chains[0]!.name} 上：從它發起的兌換須從 ${chains[0]!.name} 開始。`,
    )
    await expect(form.mainButton).toBeDisabled()
    await screenshot(session.page, 'safe-other-network-phone-zh', { fullPage: false })

    await form.pickToken('origin', chains[0]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await frame.getByLabel('輸入或選擇接收地址').fill(account.address)
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await form.route('intent').click()
    await expect(form.mainButton).toHaveText('兌換', { timeout: 20_000 })
    await form.mainButton.click()
    await form.confirm('兌換')
    await expect(form.progress()).toHaveText('已完成', { timeout: 90_000 })
    await screenshot(session.page, 'safe-completed-phone-zh', { fullPage: false })
    expect(safe.proposals()).toHaveLength(1)
    expect(await balanceOf(network.manifest, 0, 'USDC', safe.safe)).toBe(90_000_000n)
  })
})
