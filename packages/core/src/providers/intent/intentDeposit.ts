import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { encodeFunctionData } from 'viem'
import { buildOnchainOrder } from '../../protocols/intent.ts'
import { InvalidQuoteError, QuoteExpiredError } from '../../routes/routeErrors.ts'
import type { DepositPlan, Route } from '../../routes/types.ts'
import { escrowDepositPlan } from '../escrow/escrowDepositPlan.ts'
import type { EscrowContext } from '../escrow/escrowProtocol.ts'
import { INTENT_PROVIDER_ID } from './intentId.ts'

/** A fresh order nonce: the settler takes each (user, nonce) once. */
export const randomNonce = () => {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`)
}

/**
 * The intent's deposit: the person opens an ERC-7683 order on the origin settler (`open(order)`), which escrows the
 * input until the solver's fill is attested or the order is refunded. The order asks for the route's output exactly,
 * to the config's destination settler, by the quote's fill deadline.
 */
export async function planIntentDeposit(route: Route, { contracts }: EscrowContext): Promise<DepositPlan> {
  const { request } = route
  const settler = contracts(request.origin.chainId).origin
  const destinationSettler = contracts(request.destination.chainId).destination
  if (!settler || !destinationSettler) throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'no settler')
  const fillDeadline = Number(route.data.fillDeadline)
  if (Date.now() >= route.expiresAt || fillDeadline * 1000 <= Date.now()) throw new QuoteExpiredError()
  const order = buildOnchainOrder(
    {
      inputToken: request.origin.address,
      inputAmount: request.amount,
      outputToken: request.destination.address,
      outputAmount: route.outputAmount,
      gasAmount: route.gasOnArrival?.status === 'included' ? route.gasOnArrival.amount : 0n,
      destinationChainId: BigInt(request.destination.chainId),
      destinationSettler,
      recipient: request.recipient,
      nonce: randomNonce(),
      expires: Number(route.data.expires),
    },
    fillDeadline,
  )
  return escrowDepositPlan(request, {
    to: settler,
    data: encodeFunctionData({ abi: intentOriginSettlerAbi, functionName: 'open', args: [order] }),
  })
}
