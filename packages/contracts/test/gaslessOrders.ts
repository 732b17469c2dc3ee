/** Gasless orders for the contract tests: a person's one EIP-3009 signature and the `openFor` that uses it. */
import { devTokenAbi, intentOriginSettlerAbi } from '@multi-bridge/contracts'
import {
  buildGaslessCrossChainOrder,
  type GaslessOrder,
  gaslessAuthorizationTypedData,
  type IntentOrderData,
  type TokenAuthorizationDomain,
} from '@multi-bridge/core'
import {
  type Address,
  type Hex,
  keccak256,
  type LocalAccount,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getEip712Domain } from 'viem/actions'
import { accounts, type Client, latestTimestamp, type TestChain, TOKEN_FUNDING, write } from './fixture.ts'
import { freshNonce } from './orders.ts'

/** The settler's errors with those of the token its calls reach (an authorization's errors bubble up through it). */
export const settlerWithTokenAbi = [
  ...intentOriginSettlerAbi,
  ...devTokenAbi.filter((item) => item.type === 'error'),
] as const

/** A person with a key the test holds (to sign), funded with USDC on `chain` and without any native coin. */
export async function gaslessPerson(chain: TestChain, label: string): Promise<LocalAccount> {
  const person = privateKeyToAccount(keccak256(toHex(`gasless ${label}`)))
  await write(chain.client, {
    address: chain.contracts.usdc,
    abi: devTokenAbi,
    functionName: 'mint',
    args: [person.address, TOKEN_FUNDING],
    account: accounts.deployer,
  })
  return person
}

export type GaslessParameters = Partial<Omit<GaslessOrder, 'orderData'>> & { orderData?: Partial<IntentOrderData> }

/** USDC → USDC from `person` on `origin` to `recipient` on `destination`; open within a minute, fill within ten. */
export async function gaslessOrder(
  origin: TestChain,
  destination: TestChain,
  person: Address,
  p: GaslessParameters = {},
): Promise<GaslessOrder> {
  const now = await latestTimestamp(origin.client)
  const fillDeadline = p.fillDeadline ?? now + 600
  return {
    originSettler: p.originSettler ?? origin.contracts.origin,
    user: p.user ?? person,
    originChainId: p.originChainId ?? BigInt(origin.chainId),
    openDeadline: p.openDeadline ?? now + 60,
    fillDeadline,
    orderData: {
      inputToken: origin.contracts.usdc,
      inputAmount: 1_000_000_000n,
      outputToken: destination.contracts.usdc,
      outputAmount: 999_000_000n,
      gasAmount: 0n,
      destinationChainId: BigInt(destination.chainId),
      destinationSettler: destination.contracts.destination,
      recipient: accounts.recipient,
      nonce: freshNonce(),
      expires: fillDeadline + 3600,
      ...p.orderData,
    },
  }
}

/** A token's EIP-712 domain as the token declares it (ERC-5267), without the fields its separator leaves out. */
export async function tokenDomain(client: Client, token: Address): Promise<TokenAuthorizationDomain> {
  const { domain } = await getEip712Domain(client, { address: token })
  return {
    name: domain.name,
    version: domain.version,
    chainId: Number(domain.chainId),
    verifyingContract: domain.verifyingContract,
  }
}

/** The person's one signature for `order`, in the input token's domain. */
export async function signGasless(client: Client, order: GaslessOrder, person: LocalAccount): Promise<Hex> {
  const domain = await tokenDomain(client, order.orderData.inputToken)
  return person.signTypedData(gaslessAuthorizationTypedData(order, domain))
}

/** `openFor` of an order with a signature, sent by the solver unless said otherwise, to the settler the order names. */
export function openForCall(
  order: GaslessOrder,
  signature: Hex,
  p: { account?: Address; settler?: Address; fillerData?: Hex } = {},
) {
  return {
    address: p.settler ?? order.originSettler,
    abi: settlerWithTokenAbi,
    functionName: 'openFor',
    args: [buildGaslessCrossChainOrder(order), signature, p.fillerData ?? '0x'],
    account: p.account ?? accounts.solver,
  } as const
}

export async function openGasless(
  chain: TestChain,
  order: GaslessOrder,
  signature: Hex,
  p: Parameters<typeof openForCall>[2] = {},
): Promise<{ orderId: Hex; originData: Hex; receipt: TransactionReceipt }> {
  const receipt = await write(chain.client, openForCall(order, signature, p))
  const [event] = parseEventLogs({ abi: intentOriginSettlerAbi, logs: receipt.logs, eventName: 'Open' })
  if (!event) throw new Error('openFor emitted no Open event')
  return {
    orderId: event.args.orderId,
    originData: event.args.resolvedOrder.fillInstructions[0]!.originData,
    receipt,
  }
}
