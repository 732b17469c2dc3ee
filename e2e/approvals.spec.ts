import { PROVIDER_ERROR, WalletRpcError } from '@multi-bridge/core'
import { type Address, erc20Abi, type LocalAccount, maxUint256, parseUnits } from 'viem'
import { chainClient } from './fixtures/fund.ts'
import { axeViolations, ENGLISH, expect, test } from './fixtures/index.ts'
import { screenshot } from './support/screenshot.ts'
import { PHONE_ZH } from './support/views.ts'

// "Your approvals" (issue #56 point 1): the allowances the account gave the contracts the app knows, read from every
// chain, unlimited first; revoked to 0 on chain, several in one confirmation where the wallet takes batches; and
// offered after a swap that left one.

type Chain = {
  id: number
  name: string
  rpcUrls: readonly string[]
  tokens: readonly { kind: string; address: Address }[]
}

const APPROVE = '0x095ea7b3'

const tokenOf = (chain: Chain, kind: 'usdc' | 'usdt') => chain.tokens.find((token) => token.kind === kind)!.address

/** The account approves `spender` for `amount` of a token itself, as another app once made it do. */
async function approve(chain: Chain, account: LocalAccount, kind: 'usdc' | 'usdt', spender: Address, amount: bigint) {
  const client = chainClient(chain as never)
  const hash = await client.writeContract({
    account,
    address: tokenOf(chain, kind),
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, amount],
  })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
}

const allowance = (chain: Chain, owner: Address, kind: 'usdc' | 'usdt', spender: Address) =>
  chainClient(chain as never).readContract({
    address: tokenOf(chain, kind),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  })

const VIEWS = [
  {
    name: 'desktop, English, a wallet that takes batches',
    shot: 'en-1280',
    batches: true,
    open: { storage: ENGLISH },
    words: {
      yours: 'Your approvals',
      unlimited: 'Unlimited',
      pool: 'may be spent by Pool Bridge',
      settler: 'may be spent by Intent Origin Settler',
      revokeAll: 'Revoke all 2',
      revoked: 'Allowance revoked',
      none: 'No allowances to the contracts this app knows.',
      amount: 'Send',
      mine: 'My address',
      swap: 'Swap',
      left: 'Pool Bridge may still take 40 USDC from your wallet: this swap approved it.',
      review: 'Review approvals',
    },
  },
  {
    name: 'phone, Traditional Chinese, one transaction each',
    shot: 'zh-390',
    batches: false,
    open: PHONE_ZH,
    words: {
      yours: '您的授權',
      unlimited: '無限額',
      pool: '可由 Pool Bridge 動用',
      settler: '可由 Intent Origin Settler 動用',
      revokeAll: '全部撤銷（2）',
      revoked: '已撤銷授權',
      none: '沒有給本應用已知合約的授權。',
      amount: '發送',
      mine: '我的地址',
      swap: '兌換',
      left: 'Pool Bridge 仍可從您的錢包取走 40 USDC：這是此筆兌換給的授權。',
      review: '檢查授權',
    },
  },
] as const

for (const view of VIEWS) {
  test.describe(`your approvals (${view.name})`, () => {
    test('an unlimited approval given beforehand is listed first and revoked to 0 on chain', async ({
      app,
      wallet,
      account,
      network,
    }) => {
      const [a, b] = network.chains as unknown as Chain[]
      const pool = network.chains[0]!.contracts.poolBridge as Address
      const settler = network.chains[0]!.contracts.intentOriginSettler as Address
      await approve(a!, account, 'usdc', pool, maxUint256)
      await approve(a!, account, 'usdt', settler, parseUnits('25', 6))
      const {
        page,
        shell,
        wallet: person,
      } = await app.openConnected({
        wallet: { ...wallet, sendCalls: view.batches },
        ...view.open,
      })
      await shell.accountButton.click()
      await page.getByTestId('open-approvals').click()
      const dialog = page.getByTestId('approvals-dialog')
      await expect(dialog.getByRole('heading', { name: view.words.yours })).toBeVisible()
      const chains = dialog.getByTestId('approvals-chain')
      const onA = chains.filter({ hasText: a!.name })
      const rows = onA.getByTestId('approval')
      // Unlimited first, then the 25 USDT; the other chains read too, with nothing to show.
      await expect(rows).toHaveCount(2, { timeout: 20_000 })
      await expect(rows.nth(0)).toHaveAttribute('data-flag', 'unlimited')
      await expect(rows.nth(0)).toContainText('USDC')
      await expect(rows.nth(0)).toContainText(view.words.unlimited)
      await expect(rows.nth(0)).toContainText(view.words.pool)
      await expect(rows.nth(1)).toHaveAttribute('data-flag', 'limited')
      await expect(rows.nth(1)).toContainText('25 USDT')
      await expect(rows.nth(1)).toContainText(view.words.settler)
      await expect(chains.filter({ hasText: b!.name })).toContainText(view.words.none)
      await screenshot(page, `approvals-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])

      const sentBefore = person!.requests.length
      if (view.batches) {
        // Both in one confirmation: one batch, no transaction of its own.
        await onA.getByRole('button', { name: view.words.revokeAll }).click()
      } else {
        // The unlimited one alone, one transaction.
        await rows.nth(0).getByRole('button').click()
      }
      await expect(page.getByText(view.words.revoked)).toBeVisible({ timeout: 30_000 })
      expect(await allowance(a!, account.address, 'usdc', pool)).toBe(0n)
      const asked = person!.requests.slice(sentBefore)
      if (view.batches) {
        expect(asked.filter((method) => method === 'wallet_sendCalls')).toHaveLength(1)
        expect(asked).not.toContain('eth_sendTransaction')
        expect(await allowance(a!, account.address, 'usdt', settler)).toBe(0n)
        await expect(onA).toContainText(view.words.none)
      } else {
        expect(asked.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1)
        expect(await allowance(a!, account.address, 'usdt', settler)).toBe(parseUnits('25', 6))
        await expect(rows).toHaveCount(1)
        await expect(rows.nth(0)).toContainText('USDT')
      }
      await screenshot(page, `approvals-revoked-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])
    })

    test('a swap whose deposit was refused after its approval offers to revoke what it left', async ({
      app,
      wallet,
      account,
      network,
    }) => {
      const [a, b] = network.chains
      const { page, form, wallet: person } = await app.openConnected({ wallet, ...view.open })
      // The person confirms the approval, then rejects the deposit in the wallet.
      person!.beforeSend = async (transaction) => {
        if (!transaction.data?.startsWith(APPROVE)) {
          throw new WalletRpcError(PROVIDER_ERROR.userRejected, 'User rejected the request.')
        }
      }
      await form.enterUsdcToMyself(a!.name, b!.name, '40', view.words)
      await form.chooseRoute('pool', view.words.swap)
      await form.mainButton.click()
      await form.dialog.getByRole('button', { name: view.words.swap, exact: true }).click()
      const left = page.getByTestId('left-allowance')
      await expect(left).toContainText(view.words.left, { timeout: 30_000 })
      const pool = a!.contracts.poolBridge as Address
      expect(await allowance(a as unknown as Chain, account.address, 'usdc', pool)).toBe(parseUnits('40', 6))
      await left.scrollIntoViewIfNeeded()
      await screenshot(page, `left-allowance-${view.shot}`)
      expect(await axeViolations(page)).toEqual([])
      person!.beforeSend = undefined
      await left.getByRole('button', { name: view.words.review }).click()
      const rows = page.getByTestId('approvals-dialog').getByTestId('approval')
      await expect(rows).toHaveCount(1, { timeout: 20_000 })
      await expect(rows.nth(0)).toHaveAttribute('data-flag', 'limited')
      await rows.nth(0).getByRole('button').click()
      await expect(page.getByText(view.words.revoked)).toBeVisible({ timeout: 30_000 })
      expect(await allowance(a as unknown as Chain, account.address, 'usdc', pool)).toBe(0n)
      await expect(rows).toHaveCount(0)
    })
  })
}
