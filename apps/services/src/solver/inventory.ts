import { findManifestToken, type ManifestChain, type ManifestToken, NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { type Address, erc20Abi, isAddressEqual, parseEther } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { chainOf, type SolverContext } from './context.ts'
import { reservesInventory } from './order.ts'
import { type DestinationGas, FILL_GAS, networkFee, quoteGasOnArrival } from './pricing.ts'

/** The solver keeps this much native coin back for gas. */
const NATIVE_GAS_RESERVE = parseEther('1')
/** A chain's gas price is read again after this long: one read serves the quotes of a few seconds. */
const GAS_PRICE_TTL_MS = 5_000

type InventoryContext = Pick<SolverContext, 'chains' | 'solver' | 'store'> & Partial<Pick<SolverContext, 'holds'>>

/** The solver's balance of `token` on `chain`, less the native coin it keeps for gas. */
export async function balanceOf(context: Pick<SolverContext, 'solver'>, chain: ChainContext, token: Address) {
  if (isAddressEqual(token, NATIVE_TOKEN_ADDRESS)) {
    const balance = await chain.publicClient.getBalance({ address: context.solver })
    return balance > NATIVE_GAS_RESERVE ? balance - NATIVE_GAS_RESERVE : 0n
  }
  return chain.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [context.solver],
  })
}

/**
 * The output and gas on arrival that accepted and filling orders have promised on `chainId`, in `token`, and the
 * outputs of the gasless orders the solver is opening (until the order is known: from then on it holds its own).
 */
export function reservedInventory(
  context: Pick<SolverContext, 'store'> & Partial<Pick<SolverContext, 'holds'>>,
  chainId: number,
  token: Address,
  /** The order being decided: its own hold is what it would take, not something promised to another. */
  except?: string,
): bigint {
  let reserved = 0n
  const { orders } = context.store.value
  for (const order of Object.values(orders)) {
    if (!reservesInventory(order) || order.terms.destinationChainId !== chainId) continue
    if (isAddressEqual(order.terms.outputToken, token)) reserved += BigInt(order.terms.outputAmount)
    if (isAddressEqual(NATIVE_TOKEN_ADDRESS, token)) reserved += BigInt(order.terms.gasAmount ?? '0')
  }
  for (const [orderId, holds] of context.holds?.outputs ?? []) {
    if (orders[orderId] || orderId === except) continue // admitted: counted above while it holds anything
    for (const hold of holds) {
      if (hold.chainId === chainId && isAddressEqual(hold.token, token)) reserved += hold.amount
    }
  }
  return reserved
}

/** Inventory not yet promised to accepted orders (nor held for another gasless order; `except`: see above). */
export async function availableInventory(context: InventoryContext, chainId: number, token: Address, except?: string) {
  const balance = await balanceOf(context, chainOf(context, chainId), token)
  const reserved = reservedInventory(context, chainId, token, except)
  return balance > reserved ? balance - reserved : 0n
}

/** The most the solver expects to pay per gas on `chain` now (its maxFeePerGas), read at most every few seconds. */
export function gasPrice(context: Pick<SolverContext, 'caches'>, chain: ChainContext): Promise<bigint> {
  const cached = context.caches.gasPrices.get(chain.config.id)
  if (cached && Date.now() - cached.readAt < GAS_PRICE_TTL_MS) return cached.price
  const price = chain.publicClient.estimateFeesPerGas().then((fees) => fees.maxFeePerGas)
  price.catch(() => context.caches.gasPrices.delete(chain.config.id))
  context.caches.gasPrices.set(chain.config.id, { price, readAt: Date.now() })
  return price
}

/** The network fee of a fill on `destination`, in `output`: its kind's gas at the price there, or the flat least fee. */
export async function fillNetworkFee(
  context: Pick<SolverContext, 'caches' | 'pricing'>,
  destination: ChainContext,
  output: ManifestToken,
  withGas: boolean,
): Promise<bigint> {
  const native = findManifestToken(destination.config, NATIVE_TOKEN_ADDRESS)
  if (!native) return networkFee(context.pricing, output)
  const units = isAddressEqual(output.address, NATIVE_TOKEN_ADDRESS)
    ? FILL_GAS.native
    : withGas
      ? FILL_GAS.tokenWithGas
      : FILL_GAS.token
  const gas: DestinationGas = { units, price: await gasPrice(context, destination), native }
  return networkFee(context.pricing, output, gas)
}

/**
 * The gas on arrival the solver offers on `destination` beside `output`: none for a native output (the
 * settler refuses it), or while its native inventory cannot cover it.
 */
export async function gasOnArrivalOffer(
  context: InventoryContext & Pick<SolverContext, 'pricing'>,
  destination: ManifestChain,
  output: ManifestToken,
) {
  const native = findManifestToken(destination, NATIVE_TOKEN_ADDRESS)
  if (
    !native ||
    isAddressEqual(output.address, NATIVE_TOKEN_ADDRESS) ||
    !(native.symbol in context.pricing.pricesUsd)
  ) {
    return undefined
  }
  const offer = quoteGasOnArrival(context.pricing, native, output)
  if (offer.gasAmount <= 0n) return undefined
  if ((await availableInventory(context, destination.id, NATIVE_TOKEN_ADDRESS)) < offer.gasAmount) return undefined
  return offer
}
