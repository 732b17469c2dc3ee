import type { Manifest } from '@multi-bridge/core'
import { axeViolations, expect, type TestNetwork, test } from './fixtures/index.ts'
import { screenshot } from './support/screenshot.ts'
import { PHONE } from './support/views.ts'

// Look-alike tokens (issue #56 point 3): the devnet seeds, on each chain, a token that calls itself "USD Coin
// (Local)", USDC, 6 decimals, like the listed USDC, at another address, and airdrops it to the devnet's users. The
// picker names it for what it is, asks before it is chosen, and the review says it again.

/** The seeded look-alike on the network's first chain, and the listed USDC it copies. */
function lookAlikeOnA(network: TestNetwork) {
  const chain = network.chains[0]!
  const lookAlike = network.manifest.devnet?.lookAlikes?.find((token) => token.chainId === chain.id)
  if (!lookAlike) throw new Error('the devnet seeded no look-alike token')
  return { chain, ...lookAlike }
}

test.describe('look-alike tokens', () => {
  test('the picker names a look-alike USDC, shows both addresses, and chooses it only when asked again', async ({
    app,
    wallet,
    network,
  }) => {
    const { chain, address, copies } = lookAlikeOnA(network)
    const { page, form } = await app.openConnected({ wallet })
    await form.tokenButton('origin').click()
    await form.networkButton(chain.name).click()
    // Searched by its symbol, only the listed USDC shows: the look-alike is on no list.
    await form.pickerSearch.fill('USDC')
    await expect(form.option('USDC')).toHaveCount(1)
    await expect(form.picker.getByTestId('picker-token-caution')).toHaveCount(0)

    // Pasted by its address, it is read from its contract, and named for what it is.
    await form.pickerSearch.fill(address)
    // The one option: the token read from the pasted address (its badge is part of its symbol's text).
    const row = form.options
    await expect(row.getByTestId('picker-token-symbol')).toContainText('USDC', { timeout: 15_000 })
    await expect(row.getByText('Look-alike')).toBeVisible({ timeout: 15_000 })
    await expect(row.getByTestId('picker-token-caution')).toHaveText(`Not the USDC listed for ${chain.name}`)
    await screenshot(page, 'look-alike-picker-en-1280')

    // Chosen, it is asked about first: both addresses, and Back (with the focus) beside "Choose anyway".
    await row.click()
    const check = form.picker.getByTestId('token-check')
    await expect(check.getByRole('heading')).toHaveText('Check USDC before you choose it')
    await expect(check.getByRole('alert')).toHaveText(
      `This USDC is not the USDC listed for ${chain.name}. Tokens that copy the name of a listed token are a common scam, and may be worth nothing.`,
    )
    await expect(check.getByTestId('token-check-address')).toHaveText(address)
    await expect(check.getByTestId('token-check-listed')).toHaveText(copies)
    await expect(check.getByRole('button', { name: 'Back to the list' })).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, 'look-alike-check-en-1280')

    // Back: the list again, nothing chosen. Enter on it asks again; "Choose anyway" chooses it.
    await check.getByRole('button', { name: 'Back to the list' }).click()
    await expect(row).toBeVisible()
    await expect(form.pickerSearch).toBeFocused()
    await page.keyboard.press('Enter')
    await check.getByRole('button', { name: 'Choose anyway' }).click()
    await expect(form.picker).toHaveCount(0)
    await expect(form.tokenButton('origin')).toContainText('USDC')
  })

  test('the review says again that the token sent is not the USDC listed (phone, Traditional Chinese)', async ({
    app,
    wallet,
    network,
  }) => {
    // The app's list names the seeded copy as chain A's USDC, so that the USDC the bridges take (the devnet's own) is
    // the one that is "not the USDC listed": a look-alike the services can quote, to reach the review.
    const { chain, address, copies } = lookAlikeOnA(network)
    const listingTheCopy = (manifest: Manifest): Manifest => ({
      ...manifest,
      chains: manifest.chains.map((c) =>
        c.id === chain.id
          ? { ...c, tokens: c.tokens.map((t) => (t.address === copies ? { ...t, address, authorizations: [] } : t)) }
          : c,
      ),
    })
    const { page, form } = await app.openConnected({
      wallet,
      manifest: listingTheCopy,
      viewport: PHONE,
      touch: true,
      storage: { lang: 'zh' },
      connectLabel: '連接錢包',
    })
    await form.tokenButton('origin').click()
    await form.networkButton(chain.name).click()
    const search = form.picker.getByRole('combobox')
    await search.click()
    await search.fill(copies)
    // The one option: the token read from the pasted address (its badge is part of its symbol's text).
    const row = form.options
    await expect(row.getByText('仿冒代幣')).toBeVisible({ timeout: 15_000 })
    await expect(row.getByTestId('picker-token-caution')).toHaveText(`不是 ${chain.name} 清單上的 USDC`)
    await row.click()
    const check = form.picker.getByTestId('token-check')
    await expect(check.getByRole('heading')).toHaveText('選擇 USDC 前請先核對')
    await screenshot(page, 'look-alike-check-zh-390')
    expect(await axeViolations(page)).toEqual([])
    await check.getByRole('button', { name: '仍要選擇' }).click()
    await expect(form.picker).toHaveCount(0)

    await form.pickToken('destination', network.chains[1]!.name, 'USDC')
    await form.amountLabelled('發送').fill('20')
    await form.myAddressButton('我的地址').click()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(form.mainButton).toHaveText('兌換', { timeout: 20_000 })
    await form.mainButton.click()
    const note = form.dialog.getByTestId('review-token-caution')
    await expect(note).toHaveText(`USDC（${copies}）不是 ${chain.name} 清單上的 USDC：仿冒清單名稱的代幣是常見詐騙。`, {
      timeout: 15_000,
    })
    await screenshot(page, 'look-alike-review-zh-390')
    expect(await axeViolations(page)).toEqual([])
  })
})
