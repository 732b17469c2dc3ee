import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient } from './fixtures/fund.ts'
import { axeViolations, expect, test } from './fixtures/index.ts'
import { tokenOf } from './support/chainReads.ts'
import { screenshot } from './support/screenshot.ts'

/**
 * Issue #28 point 8: a token's own contract and the bridges' contracts are refused as the recipient; any other contract
 * needs an explicit "I understand"; gas on arrival never switches itself on for a contract; the review says the tokens
 * go to another wallet.
 */

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

const ENGLISH = {
  lang: 'en',
  connect: 'Connect Wallet',
  send: 'Send',
  recipient: 'Enter or select the recipient address',
  swap: 'Swap',
  enterRecipient: 'Enter or select the recipient address',
  confirmContract: 'Confirm the contract recipient',
  getGas: (network: string) => `Get gas on ${network}`,
  tokenRefused: (network: string) =>
    `This is the USDC token contract on ${network}, not a wallet: tokens sent to it are lost. Enter the address of the wallet that should receive them.`,
  bridgeRefused: (network: string) =>
    `This is the Intent Destination Settler contract on ${network}, not a wallet: tokens sent to it are lost. Enter the address of the wallet that should receive them.`,
  contractWarning: (network: string) =>
    `This address is a contract on ${network}, not a wallet. Unless it was made to receive USDC, the tokens are lost.`,
  understand: 'I understand: this contract can receive USDC',
  anotherWallet: 'To another wallet',
}
const CHINESE: typeof ENGLISH = {
  lang: 'zh',
  connect: '連接錢包',
  send: '發送',
  recipient: '輸入或選擇接收地址',
  swap: '兌換',
  enterRecipient: '輸入或選擇接收地址',
  confirmContract: '請確認合約接收地址',
  getGas: (network: string) => `在 ${network} 取得 Gas`,
  tokenRefused: (network: string) =>
    `這是 ${network} 上 USDC 代幣本身的合約，不是錢包：發送到這裡的代幣會遺失。請輸入要接收代幣的錢包地址。`,
  bridgeRefused: (network: string) =>
    `這是 ${network} 上的 Intent Destination Settler 合約，不是錢包：發送到這裡的代幣會遺失。請輸入要接收代幣的錢包地址。`,
  contractWarning: (network: string) => `此地址是 ${network} 上的合約，不是錢包。除非它能接收 USDC，否則代幣會遺失。`,
  understand: '我了解：此合約能接收 USDC',
  anotherWallet: '發送到另一個錢包',
}

const LAYOUTS = [
  { id: 'desktop-en', viewport: DESKTOP, text: ENGLISH },
  { id: 'desktop-zh', viewport: DESKTOP, text: CHINESE },
  { id: 'phone-en', viewport: PHONE, text: ENGLISH },
  { id: 'phone-zh', viewport: PHONE, text: CHINESE },
] as const

for (const { id, viewport, text } of LAYOUTS) {
  test(`recipient safety (${id}): token and bridge contracts refused, another contract needs "I understand", never gas on arrival by itself, and the review says "to another wallet"`, async ({
    app,
    wallet,
    network,
  }) => {
    const { chains, manifest } = network
    const [a, b] = chains
    // A contract of no one's (code with no ETH on B): what a mistyped or copied address can be.
    const contract = privateKeyToAccount(generatePrivateKey()).address
    await chainClient(b!).setCode({ address: contract, bytecode: '0x00' })
    const { page, form, shell } = await app.openConnected({
      wallet,
      viewport,
      storage: { lang: text.lang },
      connectLabel: text.connect,
    })
    await form.pickToken('origin', a!.name, 'USDC')
    await form.pickToken('destination', b!.name, 'USDC')
    await form.amountLabelled(text.send).fill('1')
    const recipient = page.getByLabel(text.recipient)
    const gasSwitch = page.getByRole('switch', { name: text.getGas(b!.name) })

    // The USDC contract itself, as the issue found it accepted: refused, whatever the case it is typed in.
    await recipient.fill(tokenOf(manifest, 1, 'USDC').address.toLowerCase())
    await expect(form.recipientRefusal).toHaveText(text.tokenRefused(b!.name))
    await expect(recipient).toHaveAttribute('aria-invalid', 'true')
    await expect(form.mainButton).toHaveText(text.enterRecipient)
    await expect(form.mainButton).toBeDisabled()
    await expect(gasSwitch).not.toBeChecked()
    await screenshot(page, `recipient-token-refused-${id}`, { fullPage: false })

    // A bridge's own contract on the destination.
    await recipient.fill(b!.contracts.intentDestinationSettler!)
    await expect(form.recipientRefusal).toHaveText(text.bridgeRefused(b!.name))
    await expect(form.mainButton).toHaveText(text.enterRecipient)

    // Any other contract: said, and Swap waits for "I understand"; no gas on arrival although it holds no ETH there.
    await recipient.fill(contract)
    await expect(page.getByText(text.contractWarning(b!.name))).toBeVisible()
    await expect(form.recipientRefusal).toHaveCount(0)
    const consent = page.getByRole('checkbox', { name: text.understand })
    await expect(consent).not.toBeChecked()
    await expect(form.mainButton).toHaveText(text.confirmContract, { timeout: 20_000 })
    await expect(form.mainButton).toBeDisabled()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await expect(gasSwitch).not.toBeChecked()
    await screenshot(page, `recipient-contract-${id}`, { fullPage: false })
    expect(await axeViolations(page)).toEqual([])
    await consent.check()
    await expect(form.mainButton).toHaveText(text.swap, { timeout: 20_000 })
    await expect(form.mainButton).toBeEnabled()
    await expect(gasSwitch).not.toBeChecked()

    // The review: the tokens leave for someone else's address, and says so.
    await form.mainButton.click()
    await expect(form.dialog.getByTestId('recipient-other-wallet')).toHaveText(text.anotherWallet)
    await screenshot(page, `recipient-review-${id}`, { fullPage: false })
    await shell.closeDialog()

    // Another address takes the consent away: it was for that contract only.
    await recipient.fill(privateKeyToAccount(generatePrivateKey()).address)
    await recipient.fill(contract)
    await expect(page.getByRole('checkbox', { name: text.understand })).not.toBeChecked()
    await expect(form.mainButton).toHaveText(text.confirmContract)
  })
}
