import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient } from './fixtures/fund.ts'
import { axeViolations, expect, test } from './fixtures/index.ts'
import { tokenOf } from './support/chainReads.ts'
import { hangRpc } from './support/rpcHang.ts'
import { screenshot } from './support/screenshot.ts'
import { DESKTOP, PHONE } from './support/views.ts'

/**
 * Issue #28 point 8: a token's own contract and the bridges' contracts are refused as the recipient; any other contract
 * needs an explicit "I understand"; gas on arrival never switches itself on for a contract; the review says the tokens
 * go to another wallet.
 */

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

/**
 * Issue #28 point 9: the recipient check reads the destination chain; while that RPC hangs it ends after about 8 s
 * naming the chain, and the person confirms the address they typed, as for a contract, instead of "Checking the
 * recipient…" for ever. When the chain answers again, its answer replaces the confirmation.
 */
const UNCHECKED = {
  en: {
    ...ENGLISH,
    checking: 'Checking the recipient…',
    notAnswering: (network: string) => `${network} is not answering`,
    unchecked: "This address couldn't be checked there. If it is a contract that can't take USDC, the tokens are lost.",
    understand: 'I understand: this address can receive USDC',
    confirm: 'Confirm the recipient',
  },
  zh: {
    ...CHINESE,
    checking: '正在檢查接收地址…',
    notAnswering: (network: string) => `${network} 沒有回應`,
    unchecked: '因此無法在該網路上檢查此地址。如果它是無法接收 USDC 的合約，代幣會遺失。',
    understand: '我了解：此地址能接收 USDC',
    confirm: '請確認接收地址',
  },
} as const

for (const { id, viewport, lang } of [
  { id: 'desktop-en', viewport: DESKTOP, lang: 'en' },
  { id: 'phone-zh', viewport: PHONE, lang: 'zh' },
] as const) {
  test(`recipient check (${id}): a hanging destination is named within about 8 s, the address is confirmed like a contract, and the chain's answer replaces it`, async ({
    app,
    wallet,
    network,
  }) => {
    const text = UNCHECKED[lang]
    const [a, b] = network.chains
    const { page, form } = await app.openConnected({
      wallet,
      viewport,
      storage: { lang: text.lang },
      connectLabel: text.connect,
    })
    await form.pickToken('origin', a!.name, 'USDC')
    await form.pickToken('destination', b!.name, 'USDC')
    await form.amountLabelled(text.send).fill('5')
    const hung = await hangRpc(page, b!.rpcUrls[0]!)
    // Someone else's wallet (no code on B): what the chain would have said, had it answered.
    await page.getByLabel(text.recipient).fill(privateKeyToAccount(generatePrivateKey()).address)
    const started = Date.now()
    await expect(form.mainButton).toHaveText(text.checking)
    const note = page.getByTestId('recipient-unchecked')
    await expect(note.getByRole('alert')).toContainText(text.notAnswering(b!.name), { timeout: 15_000 })
    const elapsed = Date.now() - started
    console.log(`[recipient] ${id}: chain B hanging, said after ${elapsed} ms`)
    expect(elapsed).toBeGreaterThanOrEqual(7_000) // the bound, not a first failure
    expect(hung.held()).toBeGreaterThan(0)
    await expect(note.getByRole('alert')).toContainText(text.unchecked)
    // Not blocked for ever, not let through unseen: Swap waits for the person's "I understand".
    await expect(form.mainButton).toHaveText(text.confirm)
    await expect(form.mainButton).toBeDisabled()
    await expect(form.route('intent')).toBeVisible({ timeout: 20_000 })
    await screenshot(page, `recipient-unchecked-${id}`, { fullPage: false })
    expect(await axeViolations(page)).toEqual([])
    const consent = page.getByRole('checkbox', { name: text.understand })
    await consent.check()
    await expect(form.mainButton).toHaveText(text.swap, { timeout: 20_000 })
    await expect(form.mainButton).toBeEnabled()

    // B answers again: the next look finds a wallet, and neither the warning nor the confirmation is needed.
    await hung.release()
    await expect(note).toHaveCount(0, { timeout: 20_000 })
    await expect(form.mainButton).toHaveText(text.swap, { timeout: 20_000 })
    await expect(form.mainButton).toBeEnabled()
  })
}

/**
 * Issue #54 point 3: a contract sender (a Safe, a smart account) is not offered its own address as the recipient, is
 * told why, and an address that is a contract on the origin but has no code on the destination (the same Safe, not
 * created there) waits for the person's word. An EIP-7702 delegated account is a person.
 */
const CONTRACT_SENDER = {
  en: {
    ...ENGLISH,
    note: (network: string) =>
      `Your wallet is a contract account on ${network} (such as a Safe). Enter the recipient yourself: the same address on another network may not be yours. If other owners must also sign, the swap may run after its quote's deadline: the bridge then refuses it or refunds it.`,
    undeployed: (origin: string, network: string) =>
      `This address is a contract on ${origin} (such as a Safe or a smart account) but does not exist on ${network}. If it is your Safe, it has not been created there: USDC sent to it may be lost for good.`,
    understand: (network: string) => `I understand: I control this address on ${network}`,
    confirm: 'Confirm the recipient',
    myAddress: 'My address',
  },
  zh: {
    ...CHINESE,
    note: (network: string) =>
      `您的錢包是 ${network} 上的合約帳戶（例如 Safe）。請自行輸入接收地址：同一地址在其他網路上不一定屬於您。 若還需要其他擁有者簽署，交易可能在報價期限之後才執行：屆時橋會拒絕或退款。`,
    undeployed: (origin: string, network: string) =>
      `此地址在 ${origin} 上是合約（例如 Safe 或智能帳戶），但在 ${network} 上並不存在。若這是您的 Safe，它尚未在該網路建立：傳送到此地址的 USDC 可能永久遺失。`,
    understand: (network: string) => `我了解：我能控制此地址在 ${network} 上的資產`,
    confirm: '請確認接收地址',
    myAddress: '我的地址',
  },
}

for (const [id, viewport, text] of [
  ['desktop-en', DESKTOP, CONTRACT_SENDER.en],
  ['phone-zh', PHONE, CONTRACT_SENDER.zh],
] as const) {
  test(`contract sender (${id}): no "My address", said why, and its address on a network where it has no code waits for "I understand"`, async ({
    app,
    account,
    wallet,
    network,
  }) => {
    const [a, b] = network.chains
    // The account as a Safe would be: code on A only (a stand-in body; nothing here is sent from it).
    await chainClient(a!).setCode({ address: account.address, bytecode: '0x6080604052' })
    const { page, form } = await app.openConnected({
      wallet,
      viewport,
      storage: { lang: text.lang },
      connectLabel: text.connect,
    })
    await form.pickToken('origin', a!.name, 'USDC')
    await form.pickToken('destination', b!.name, 'USDC')
    await form.amountLabelled(text.send).fill('1')
    await expect(page.getByTestId('contract-sender')).toHaveText(text.note(a!.name))
    await expect(form.myAddressButton(text.myAddress)).toHaveCount(0)
    // Typed anyway: the same address has no code on B.
    await page.getByLabel(text.recipient).fill(account.address)
    await expect(page.getByText(text.undeployed(a!.name, b!.name))).toBeVisible({ timeout: 20_000 })
    const consent = page.getByRole('checkbox', { name: text.understand(b!.name) })
    await expect(form.mainButton).toHaveText(text.confirm, { timeout: 20_000 })
    await expect(form.mainButton).toBeDisabled()
    await screenshot(page, `contract-sender-${id}`, { fullPage: false })
    expect(await axeViolations(page)).toEqual([])
    await consent.check()
    await expect(form.mainButton).toHaveText(text.swap, { timeout: 20_000 })

    // An EIP-7702 delegation is an account someone holds the key of: a person, offered their own address.
    await chainClient(a!).setCode({
      address: account.address,
      bytecode: `0xef0100${b!.contracts.intentDestinationSettler!.slice(2)}`,
    })
    await page.reload()
    await expect(form.myAddressButton(text.myAddress)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('contract-sender')).toHaveCount(0)
  })
}
