import { randomBytes } from 'node:crypto'
import { intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import { buildOnchainOrder } from '@multi-bridge/core'
import type { createRandom } from '@multi-bridge/devnet'
import { type Account, type Address, bytesToHex, getAddress, type Hex, parseUnits } from 'viem'
import { type LoadChain, poolOf, settlerOf } from './chains.ts'
import { type GaslessAttack, type GaslessQuote, sendCancelledGasless } from './gasless.ts'

/**
 * How a hostile order breaks the rules: outside the manifest, above the quote, or dust (LOAD_HOSTILE); or a gasless
 * order whose signer cancels the authorization as the solver opens it (LOAD_GASLESS_HOSTILE, gasless.ts).
 */
export type Hostility = 'unknown-settler' | 'unknown-token' | 'above-quote' | 'dust' | 'cancelled-gasless'
export const HOSTILITIES: readonly Hostility[] = ['unknown-settler', 'unknown-token', 'above-quote', 'dust']

/** One order or pool transfer of the run, as sent; ids and blocks come from the chain's logs. */
export type LoadItem = {
  n: number
  kind: 'intent' | 'transfer'
  origin: LoadChain
  destination: LoadChain
  account: Account
  hostile?: Hostility
  sentAt: number
  txHash?: Hex
  failed?: string
  /** A cancelled gasless order: its id and output, known before any log (gasless.ts). */
  gasless?: GaslessAttack
  /** From the Open / Sent log. */
  id?: Hex
  openBlock?: bigint
  fillBlock?: bigint
}

type Random = ReturnType<typeof createRandom>
const STABLES = ['usdc', 'usdt'] as const

type Quote = GaslessQuote & {
  outputAmount: string
  limits: { minInputAmount: string; maxInputAmount: string }
}

export type PlaceContext = {
  solverUrl: string
  random: Random
  maxUsd: number
  /** The solver's limits per route, learned from its first quote there. */
  limits: Map<string, { min: bigint; max: bigint }>
}

async function quote(
  context: PlaceContext,
  origin: LoadChain,
  destination: LoadChain,
  tokens: { input: Address; output: Address },
  amount: bigint,
): Promise<Quote> {
  const query = new URLSearchParams({
    originChainId: String(origin.config.id),
    destinationChainId: String(destination.config.id),
    inputToken: tokens.input,
    outputToken: tokens.output,
    amount: amount.toString(),
  })
  const response = await fetch(`${context.solverUrl}/v1/quote?${query}`)
  const body = (await response.json()) as Quote & { error?: { code: string } }
  if (response.status !== 200) throw new Error(`quote ${response.status} ${body.error?.code ?? ''}`)
  return body
}

/** An amount drawn evenly within the solver's limits for the route, and at most `maxUsd` (6-decimal stables). */
async function amountWithinLimits(
  context: PlaceContext,
  item: LoadItem,
  tokens: { input: Address; output: Address },
): Promise<bigint> {
  const key = `${item.origin.index}-${item.destination.index}-${tokens.input}-${tokens.output}`
  let limits = context.limits.get(key)
  if (!limits) {
    const q = await quote(context, item.origin, item.destination, tokens, parseUnits('10', 6))
    limits = { min: BigInt(q.limits.minInputAmount), max: BigInt(q.limits.maxInputAmount) }
    context.limits.set(key, limits)
  }
  // Base units of a 6-decimal stable stay far below 2^53 here.
  const max = Math.min(Number(limits.max), Number(parseUnits(String(context.maxUsd), 6)))
  const span = max - Number(limits.min)
  return limits.min + BigInt(Math.floor(context.random.int(0, 1_000_000) * (span / 1_000_000)))
}

// Twenty random bytes: an address nobody holds a key for, without deriving one from a key (a curve multiplication
// per item, in the process that shares the two cores with the services it measures).
const randomAddress = (): Address => getAddress(bytesToHex(randomBytes(20)))

async function sendIntent(context: PlaceContext, item: LoadItem): Promise<Hex> {
  const { origin, destination, random } = { ...item, random: context.random }
  if (item.hostile === 'cancelled-gasless') {
    const tokens = { input: origin.token('usdc'), output: destination.token(random.pick(STABLES)) }
    const inputAmount = await amountWithinLimits(context, item, tokens)
    const q = await quote(context, origin, destination, tokens, inputAmount)
    return sendCancelledGasless(context.solverUrl, item, q, {
      inputAmount,
      outputToken: tokens.output,
      recipient: randomAddress(),
    })
  }
  const tokens = { input: origin.token(random.pick(STABLES)), output: destination.token(random.pick(STABLES)) }
  const dust = item.hostile === 'dust'
  const inputAmount = dust ? 1n : await amountWithinLimits(context, item, tokens)
  // A dust order cannot be quoted: it borrows the deadlines of a quote for the least amount.
  const q = await quote(context, origin, destination, tokens, dust ? parseUnits('5', 6) : inputAmount)
  const quoted = BigInt(q.outputAmount)
  const outputAmount = dust ? 1n : item.hostile === 'above-quote' ? (quoted * 102n) / 100n : quoted
  const order = buildOnchainOrder(
    {
      inputToken: tokens.input,
      inputAmount,
      outputToken: item.hostile === 'unknown-token' ? randomAddress() : tokens.output,
      outputAmount,
      gasAmount: 0n,
      destinationChainId: BigInt(destination.config.id),
      destinationSettler:
        item.hostile === 'unknown-settler'
          ? randomAddress()
          : (destination.config.contracts.intentDestinationSettler as Address),
      recipient: randomAddress(),
      nonce: BigInt(Date.now()) * 1_000_000n + BigInt(random.int(0, 999_999)),
      expires: q.expires,
    },
    q.fillDeadline,
  )
  return origin
    .wallet(item.account)
    .writeContract({ address: settlerOf(origin), abi: intentOriginSettlerAbi, functionName: 'open', args: [order] })
}

function sendTransfer(context: PlaceContext, item: LoadItem): Promise<Hex> {
  const kind = context.random.pick(STABLES)
  const amount = parseUnits(String(context.random.int(1, context.maxUsd)), 6)
  return item.origin.wallet(item.account).writeContract({
    address: poolOf(item.origin),
    abi: poolBridgeAbi,
    functionName: 'send',
    args: [
      item.origin.token(kind),
      amount,
      BigInt(item.destination.config.id),
      randomAddress(),
      item.destination.token(kind),
      0n,
    ],
  })
}

/** Sends the item's transaction and records its hash, or why it could not be sent; never throws. */
export async function placeItem(context: PlaceContext, item: LoadItem): Promise<void> {
  try {
    item.txHash = item.kind === 'intent' ? await sendIntent(context, item) : await sendTransfer(context, item)
  } catch (error) {
    item.failed = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
  }
}

/**
 * The next item's route, kind and hostility, drawn from `random`: a tenth hostile by default (`shares.hostile`), and
 * `shares.gasless` of the rest cancelled gasless orders.
 */
export function planItem(
  random: Random,
  chains: LoadChain[],
  n: number,
  shares: { hostile: number; gasless: number },
): Pick<LoadItem, 'n' | 'kind' | 'origin' | 'destination' | 'hostile'> {
  const origin = random.int(0, chains.length - 1)
  const destination = (origin + random.int(1, chains.length - 1)) % chains.length
  const draw = random.int(0, 9_999)
  const hostile =
    draw < shares.hostile * 10_000
      ? random.pick(HOSTILITIES)
      : draw < (shares.hostile + shares.gasless) * 10_000
        ? 'cancelled-gasless'
        : undefined
  return {
    n,
    kind: hostile || random.chance(0.5) ? 'intent' : 'transfer',
    origin: chains[origin] as LoadChain,
    destination: chains[destination] as LoadChain,
    ...(hostile ? { hostile } : {}),
  }
}
