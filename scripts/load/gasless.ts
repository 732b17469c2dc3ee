/**
 * The load's hostile gasless share (issue #53.1): the review's round, repeated by fresh signers. An attacker funds a
 * new signer with USDC, signs a gasless order for the solver's own gasless quote, has the solver open it, and at once
 * submits the signer's `CancelAuthorization` with a higher tip: mined first, it makes the open fail. What the solver
 * filled before that open is lost; its cap on unopened orders must bound the sum over the run, not each at a time.
 */
import { devTokenAbi } from '@multi-bridge/contracts'
import {
  buildGaslessCrossChainOrder,
  cancelAuthorizationTypes,
  type GaslessOrder,
  gaslessAuthorizationTypedData,
  gaslessOrderHash,
  gaslessOrderId,
} from '@multi-bridge/core'
import { type Account, type Address, formatUnits, type Hex, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { getEip712Domain } from 'viem/actions'
import type { LoadChain } from './chains.ts'

/** A cancelled gasless order of the run: its id and output (6-decimal stables, so USD), known before any log. */
export type GaslessAttack = { orderId: Hex; outputAmount: bigint }

/** What this file reads and writes of a load item (orders.ts `LoadItem`). */
type GaslessItem = {
  origin: LoadChain
  destination: LoadChain
  account: Account
  hostile?: string
  /** From its Open log, once mined. */
  id?: Hex
  gasless?: GaslessAttack
}

/** What a round reads of the solver's quote (orders.ts fetches it). */
export type GaslessQuote = {
  fillDeadline: number
  expires: number
  originSettler: Address
  destinationSettler: Address
  gasless?: { outputAmount: string; openDeadline: number }
}

/** Enough to be mined before the solver's open in the same block (the devnet's base fee is far below it). */
const CANCEL_TIP = parseUnits('50', 9)
/** `cancelAuthorization` is not estimated: the estimate would run against the block before the open. */
const CANCEL_GAS = 200_000n

const json = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v))

/**
 * Plays one round from `item.account` (the attacker, who pays the funding and the cancel): returns the solver's
 * open transaction and records the order on `item.gasless`. Throws what refused it (the solver's code).
 */
export async function sendCancelledGasless(
  solverUrl: string,
  item: GaslessItem,
  quote: GaslessQuote,
  asked: { inputAmount: bigint; outputToken: Address; recipient: Address },
): Promise<Hex> {
  const { origin, destination, account } = item
  const inputToken = origin.token('usdc')
  const { inputAmount: amount, outputToken, recipient } = asked
  if (!quote.gasless) throw new Error('gasless quote without gasless terms')
  // A new signer each round: no ban on a signer who cost the solver before stops the next one.
  const signer = privateKeyToAccount(generatePrivateKey())
  const funding = await origin.wallet(account).writeContract({
    address: inputToken,
    abi: devTokenAbi,
    functionName: 'transfer',
    args: [signer.address, amount],
  })
  await origin.public.waitForTransactionReceipt({ hash: funding, timeout: 120_000 })
  const order: GaslessOrder = {
    originSettler: quote.originSettler,
    user: signer.address,
    originChainId: BigInt(origin.config.id),
    openDeadline: quote.gasless.openDeadline,
    fillDeadline: quote.fillDeadline,
    orderData: {
      inputToken,
      inputAmount: amount,
      outputToken,
      outputAmount: BigInt(quote.gasless.outputAmount),
      gasAmount: 0n,
      destinationChainId: BigInt(destination.config.id),
      destinationSettler: quote.destinationSettler,
      recipient,
      nonce: BigInt(`0x${generatePrivateKey().slice(2, 18)}`),
      expires: quote.expires,
    },
  }
  const { domain } = await getEip712Domain(origin.public, { address: inputToken })
  const tokenDomain = { ...domain, chainId: Number(domain.chainId) }
  const signature = await signer.signTypedData(gaslessAuthorizationTypedData(order, tokenDomain))
  const submitted = await fetch(`${solverUrl}/v1/orders/gasless`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json({ order: buildGaslessCrossChainOrder(order), signature }),
  })
  const answer = (await submitted.json()) as { openTx?: Hex; error?: { code: string } }
  if (submitted.status !== 200 || !answer.openTx) {
    throw new Error(`gasless order ${submitted.status} ${answer.error?.code ?? ''}`)
  }
  item.gasless = { orderId: gaslessOrderId(order), outputAmount: order.orderData.outputAmount }
  // At once, the signer's cancel, submitted by the attacker with a higher tip than the solver's open.
  const cancel = await signer.signTypedData({
    domain: {
      name: tokenDomain.name,
      version: tokenDomain.version,
      chainId: tokenDomain.chainId,
      verifyingContract: tokenDomain.verifyingContract,
    },
    types: cancelAuthorizationTypes,
    primaryType: 'CancelAuthorization',
    message: { authorizer: signer.address, nonce: gaslessOrderHash(order) },
  })
  await origin.wallet(account).writeContract({
    address: inputToken,
    abi: devTokenAbi,
    functionName: 'cancelAuthorization',
    args: [signer.address, gaslessOrderHash(order), cancel],
    gas: CANCEL_GAS,
    maxPriorityFeePerGas: CANCEL_TIP,
    maxFeePerGas: CANCEL_TIP * 2n,
  })
  return answer.openTx
}

/** What the cancelled gasless orders cost the solver, per origin chain: filled on their destination, never opened. */
export type GaslessLosses = {
  attempts: number
  opened: number
  /** Filled without an open: the solver's loss. */
  lost: number
  /** The lost orders' ids (lower case), for the solver's alerts to be matched against. */
  lostIds: string[]
  /** USD lost per origin chain (by its index), and the most on one chain. */
  usdByOrigin: Record<string, number>
  mostUsd: number
}

/**
 * Reads the losses from the chains' logs: an attack order is opened when its Open was mined (its item has an id), and
 * lost when it was filled (`deliveries` has its id) without that.
 */
export function gaslessLosses(
  chains: LoadChain[],
  items: GaslessItem[],
  deliveries: Map<string, bigint[]>,
): GaslessLosses {
  const attacks = items.filter((item) => item.hostile === 'cancelled-gasless' && item.gasless)
  const usdByOrigin: Record<string, number> = Object.fromEntries(chains.map((chain) => [chain.config.shortName, 0]))
  const lostIds: string[] = []
  for (const item of attacks) {
    const attack = item.gasless as GaslessAttack
    if (item.id || !deliveries.has(attack.orderId)) continue
    lostIds.push(attack.orderId.toLowerCase())
    const name = item.origin.config.shortName
    usdByOrigin[name] = (usdByOrigin[name] ?? 0) + Number(formatUnits(attack.outputAmount, 6))
  }
  return {
    attempts: items.filter((item) => item.hostile === 'cancelled-gasless').length,
    opened: attacks.filter((item) => item.id).length,
    lost: lostIds.length,
    lostIds,
    usdByOrigin,
    mostUsd: Math.max(0, ...Object.values(usdByOrigin)),
  }
}
