import {
  type GaslessOrder,
  gaslessAuthorizationTypedData,
  gaslessOrderHash,
  gaslessOrderId,
  type TokenAuthorizationDomain,
} from '@multi-bridge/core'
import { type Address, erc20Abi, type Hex, isAddressEqual, parseAbi, recoverTypedDataAddress } from 'viem'
import { getEip712Domain } from 'viem/actions'
import type { ChainContext } from '../shared/context.ts'
import { HttpError } from '../shared/http.ts'
import type { GaslessSpend, SolverContext } from './context.ts'

const authorizationStateAbi = parseAbi(['function authorizationState(address, bytes32) view returns (bool)'])

type AuthorizationContext = Pick<SolverContext, 'caches' | 'holds'>

/** The token's EIP-712 domain as it declares it (ERC-5267), read once per token: a deployed token's never changes. */
function tokenDomain(context: AuthorizationContext, origin: ChainContext, token: Address) {
  const key = `${origin.config.id}:${token.toLowerCase()}`
  let domain = context.caches.tokenDomains.get(key)
  if (!domain) {
    domain = getEip712Domain(origin.publicClient, { address: token }).then(
      ({ domain: { name, version, chainId, verifyingContract } }): TokenAuthorizationDomain => ({
        name,
        version,
        chainId: Number(chainId),
        verifyingContract,
      }),
    )
    context.caches.tokenDomains.set(key, domain)
    domain.catch(() => context.caches.tokenDomains.delete(key)) // a failed read is tried again by the next order
  }
  return domain
}

/**
 * Refuses, before the solver holds anything for it or asks the chain to simulate it, an order whose authorization is
 * not its person's: recovered here from an account's signature; otherwise the address's code is read, and a contract
 * wallet is asked (ERC-1271) in one call.
 * A flood of forged orders then costs the solver no inventory (each once held an output until its simulation failed,
 * and a genuine order in between was refused for want of inventory).
 */
export async function checkAuthorization(
  context: AuthorizationContext,
  origin: ChainContext,
  order: GaslessOrder,
  signature: Hex,
): Promise<void> {
  const typedData = gaslessAuthorizationTypedData(order, await tokenDomain(context, origin, order.orderData.inputToken))
  const recovered = await recoverTypedDataAddress({ ...typedData, signature }).catch(() => undefined)
  if (recovered && isAddressEqual(recovered, order.user)) return
  // Not the account's own signature: only a contract wallet (code at the address) may still authorize it.
  const code = await origin.publicClient.getCode({ address: order.user })
  const valid =
    code !== undefined &&
    code !== '0x' &&
    (await origin.publicClient.verifyTypedData({ ...typedData, address: order.user, signature }))
  if (!valid) throw new HttpError(400, 'BAD_SIGNATURE', 'The signature is not the user’s authorization of this order')
}

/**
 * Reserves the order's input from its person's balance on the origin, beside their other gasless orders the solver is
 * opening (not mined yet, so not in the balance): one balance signed into two orders opens one of them, whatever the
 * node's simulation sees of transactions still pending. Released with `releaseSpend`.
 */
export async function reserveSpend(context: AuthorizationContext, origin: ChainContext, order: GaslessOrder) {
  const { inputToken: token, inputAmount: amount } = order.orderData
  const spend: GaslessSpend = { chainId: origin.config.id, token, user: order.user, amount }
  const balance = await origin.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [order.user],
  })
  // No await from here to the reservation: submissions at once count each other.
  let pending = 0n
  for (const other of context.holds.gaslessSpends.values()) {
    if (other.chainId === spend.chainId && isAddressEqual(other.token, token) && isAddressEqual(other.user, order.user))
      pending += other.amount
  }
  if (balance < pending + amount) {
    // An order opened already (before a restart, say) took the balance: said as such.
    const used = await origin.publicClient.readContract({
      address: token,
      abi: authorizationStateAbi,
      functionName: 'authorizationState',
      args: [order.user, gaslessOrderHash(order)],
    })
    if (used) throw new HttpError(409, 'ALREADY_OPEN', 'This authorization was used or cancelled already')
    const besides = pending > 0n ? ' besides their orders being opened already' : ''
    throw new HttpError(400, 'INSUFFICIENT_BALANCE', `The user does not hold the input amount${besides}`)
  }
  context.holds.gaslessSpends.set(gaslessOrderId(order), spend)
}

export const releaseSpend = (context: AuthorizationContext, order: GaslessOrder) =>
  context.holds.gaslessSpends.delete(gaslessOrderId(order))
