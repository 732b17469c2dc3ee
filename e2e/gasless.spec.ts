import { type LocalAccount, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient } from './fixtures/fund.ts'
import { expect, type TestNetwork, test } from './fixtures/index.ts'
import { balanceOf, storedSwaps, tokenOf } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'
import { PHONE } from './support/views.ts'

/** A new key holding `amount` USDC (base units) on Local Chain C, sent by `funder`, and no native coin anywhere. */
async function personWithUsdcOnC(network: TestNetwork, funder: LocalAccount, amount: bigint) {
  const person = privateKeyToAccount(generatePrivateKey())
  const client = chainClient(network.chains[2]!)
  const hash = await client.writeContract({
    account: funder,
    address: tokenOf(network.manifest, 2, 'USDC').address,
    abi: parseAbi(['function transfer(address to, uint256 amount)']),
    functionName: 'transfer',
    args: [person.address, amount],
  })
  expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success')
  return person
}

test.describe('gasless swaps (issue #32)', () => {
  for (const variant of [
    { id: 'desktop, en', lang: 'en', viewport: undefined, send: 'Send', myAddress: 'My address', gas: 'Get gas on' },
    { id: 'phone, zh-Hant', lang: 'zh', viewport: PHONE, send: '發送', myAddress: '我的地址', gas: '在' },
  ] as const) {
    test(`a person with USDC and no native coin on C swaps to B with one signature, never asked to switch network (${variant.id})`, async ({
      app,
      account,
      network,
    }) => {
      const { chains, manifest } = network
      // The person: USDC on C (from a funded account), and no native coin on any chain.
      const person = await personWithUsdcOnC(network, account, 500_000_000n)
      expect(await balanceOf(manifest, 2, 'ETH', person.address)).toBe(0n)

      // The wallet is on A: a gasless swap from C must not ask it to switch.
      const session = await app.openConnected({
        wallet: { account: person, initialChainId: chains[0]!.id },
        ...(variant.viewport ? { viewport: variant.viewport } : {}),
        storage: { lang: variant.lang },
        ...(variant.lang === 'zh' ? { connectLabel: '連接錢包' } : {}),
      })
      const { page, form } = session
      await form.pickToken('origin', chains[2]!.name, 'USDC')
      await form.pickToken('destination', chains[1]!.name, 'USDC')
      await form.amountLabelled(variant.send).fill('100')
      await form.myAddressButton(variant.myAddress).click()
      // The recipient has no ETH on B either, but gas on arrival is not switched on by itself for someone who can only
      // swap gasless (a gasless order does not carry it yet): the gasless route is there at once.
      const gasSwitch = page.getByRole('switch', { name: new RegExp(`^${variant.gas} `) })
      await expect(gasSwitch).toBeVisible({ timeout: 20_000 })
      await expect(gasSwitch).not.toBeChecked()
      const gasless = form.route('intent-gasless')
      await expect(gasless).toBeVisible({ timeout: 20_000 })
      await expect(gasless.getByTestId('route-gasless')).toBeVisible()
      // Nothing picked by hand: with no ETH for gas, the app takes the route that needs none and says why (issue #59:
      // a person with only USDC reaches Completed by following what the app says).
      await expect(page.getByTestId('routes-gasless-first')).toBeVisible({ timeout: 20_000 })
      await expect(gasless).toHaveAttribute('aria-pressed', 'true')
      // No gas asked of the person: not "Not enough ETH", and the cost shown is the solver's.
      await expect(form.mainButton).toHaveText(variant.lang === 'en' ? 'Swap' : '兌換')
      await expect(page.getByTestId('network-cost-amount')).toHaveText(
        variant.lang === 'en' ? 'None: the solver pays it' : '無：由求解者支付',
      )
      await screenshot(page, `gasless-routes-${variant.lang}`)
      await form.mainButton.click()

      // The review: one signature, no gas, and what is signed read from the order the solver will open.
      const signLabel =
        variant.lang === 'en' ? `Sign (no gas needed on ${chains[2]!.name})` : `簽署（在 ${chains[2]!.name} 上免 Gas）`
      const confirm = form.dialog.getByRole('button', { name: signLabel, exact: true })
      await expect(confirm).toBeEnabled({ timeout: 20_000 })
      const signed = form.dialog.getByTestId('signed-transaction')
      await expect(signed.getByTestId('signed-function')).toHaveText('openFor')
      await expect(signed.getByTestId('signed-recipient')).toHaveAttribute('title', person.address)
      await expect(signed.getByTestId('signed-amount')).toHaveText('100 USDC')
      await expect(form.dialog.getByTestId('review-network-cost')).toHaveText(
        variant.lang === 'en' ? 'None: the solver pays it' : '無：由求解者支付',
      )
      await screenshot(page, `gasless-review-${variant.lang}`, { fullPage: false })
      const before = await balanceOf(manifest, 1, 'USDC', person.address)
      await confirm.click()
      await expect(form.progress()).toHaveText(variant.lang === 'en' ? 'Completed' : '已完成', { timeout: 60_000 })
      await screenshot(page, `gasless-completed-${variant.lang}`, { fullPage: false })

      // One signature, and nothing else asked of the wallet: no switch, no transaction, no batch.
      const asked = session.wallet!.requests.filter((method) => !['eth_accounts', 'eth_chainId'].includes(method))
      expect(asked.filter((method) => method === 'eth_signTypedData_v4')).toHaveLength(1)
      for (const method of ['wallet_switchEthereumChain', 'eth_sendTransaction', 'wallet_sendCalls']) {
        expect(asked).not.toContain(method)
      }
      const [swap] = (await storedSwaps(page)).filter((s) => s.status === 'completed')
      expect(swap?.data?.openedBy).toBe('solver')
      expect(await balanceOf(manifest, 1, 'USDC', person.address)).toBe(
        before + BigInt(swap!.destination.receivedAmount!),
      )
      // Completed can come before the solver's open is mined on C (it fills at once): the input leaves with the open.
      await expect.poll(() => balanceOf(manifest, 2, 'USDC', person.address), { timeout: 15_000 }).toBe(400_000_000n)
      // The solver's open on C and its fill on B, each with its hash.
      await expect(form.transaction(chains[2]!.name)).toBeVisible()
      await expect(form.transaction(chains[1]!.name)).toBeVisible()
    })
  }
  test('a wallet that signs typed data only on the chain it names (as MetaMask does) is switched to C, then signs: still no gas and no transaction', async ({
    app,
    account,
    network,
  }) => {
    const { chains } = network
    const person = await personWithUsdcOnC(network, account, 50_000_000n)
    const session = await app.openConnected({
      wallet: { account: person, initialChainId: chains[0]!.id, typedDataOnActiveChainOnly: true },
    })
    const { page, form } = session
    await form.pickToken('origin', chains[2]!.name, 'USDC')
    await form.pickToken('destination', chains[1]!.name, 'USDC')
    await form.amountLabelled('Send').fill('20')
    await form.myAddressButton('My address').click()
    const gasless = form.route('intent-gasless')
    await expect(gasless).toBeVisible({ timeout: 20_000 })
    await gasless.click()
    await form.mainButton.click()
    const confirm = form.dialog.getByRole('button', { name: `Sign (no gas needed on ${chains[2]!.name})`, exact: true })
    await expect(confirm).toBeEnabled({ timeout: 20_000 })
    await confirm.click()
    await expect(form.progress()).toHaveText('Completed', { timeout: 60_000 })
    // Refused on A in the wallet's words, switched to C, signed there; no transaction of the person's.
    const asked = session.wallet!.requests.filter((method) =>
      ['eth_signTypedData_v4', 'wallet_switchEthereumChain', 'eth_sendTransaction', 'wallet_sendCalls'].includes(
        method,
      ),
    )
    expect(asked).toEqual(['eth_signTypedData_v4', 'wallet_switchEthereumChain', 'eth_signTypedData_v4'])
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})
