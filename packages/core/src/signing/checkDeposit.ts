import { type Address, isAddressEqual } from 'viem'
import { UnknownContractError } from '../errors/walletErrors.ts'
import type { DepositPlan, Route, TransactionRequest } from '../routes/types.ts'
import { isListed, isNativeAddress, sameToken } from './addresses.ts'
import { checkGaslessSigning } from './checkGasless.ts'
import type { DecodedDeposit } from './decodedDeposit.ts'
import { type SignedField, SignedMismatchError } from './signingErrors.ts'

/** What of a provider (`RouteProvider`) the check needs: its plan, its decoder, its allowlist. */
export type DepositPlanner = {
  planDeposit(route: Route): Promise<DepositPlan>
  decodeDeposit(transaction: TransactionRequest, route: Route): DecodedDeposit
  knownContracts(chainId: number): Address[]
}

/** A deposit plan and what its transaction does, decoded from its calldata and checked against the request. */
export type CheckedDeposit = { plan: DepositPlan; decoded: DecodedDeposit }

const mismatch = (field: SignedField, expected: unknown, actual: unknown): never => {
  throw new SignedMismatchError(field, `expected ${String(expected)}, the transaction has ${String(actual)}`)
}

/**
 * The one check between a provider's plan and the wallet. The plan's transaction was decoded by the provider
 * with its contract's ABI; here it is compared with what the person asked for (`route.request`) and reviewed
 * (the route's minimum, its native fee), never with the API answer's own summary. Throws `SignedMismatchError`
 * (or `UnknownContractError` for a contract outside the allowlist) before anything reaches the wallet.
 */
export function checkDeposit(
  route: Route,
  { plan, decoded }: CheckedDeposit,
  allowlist: readonly Address[],
): CheckedDeposit {
  const { request } = route
  const { transaction, approval } = plan
  if (transaction.chainId !== request.origin.chainId) mismatch('contract', request.origin.chainId, transaction.chainId)
  if (!isListed(allowlist, transaction.to)) throw new UnknownContractError(transaction.to)
  if (!isAddressEqual(decoded.contract, transaction.to)) mismatch('contract', transaction.to, decoded.contract)
  if (!isAddressEqual(decoded.recipient, request.recipient)) mismatch('recipient', request.recipient, decoded.recipient)
  if (decoded.destinationChainId !== request.destination.chainId) {
    mismatch('destinationChain', request.destination.chainId, decoded.destinationChainId)
  }
  if (!sameToken(decoded.inputToken, request.origin.address)) {
    mismatch('inputToken', request.origin.address, decoded.inputToken)
  }
  if (decoded.inputAmount !== request.amount) mismatch('amount', request.amount, decoded.inputAmount)
  if (decoded.value !== transaction.value) mismatch('value', transaction.value, decoded.value)
  // The native coin sent: the amount when it is the native coin, plus at most the native fee the route shows.
  const native = isNativeAddress(request.origin.address)
  const carried = native ? request.amount : 0n
  const most = carried + (route.nativeFee ?? 0n)
  if (transaction.value < carried || transaction.value > most)
    mismatch('value', `${carried}..${most}`, transaction.value)
  if (decoded.output) {
    const delivered = [request.destination.address, route.deliveredToken?.address].filter(Boolean) as string[]
    if (!delivered.some((token) => sameToken(token, decoded.output?.token as string))) {
      mismatch('output', request.destination.address, decoded.output.token)
    }
    if (decoded.output.amount < route.minOutputAmount) mismatch('output', route.minOutputAmount, decoded.output.amount)
  }
  if (decoded.refundTo && !isAddressEqual(decoded.refundTo, request.sender)) {
    mismatch('refundTo', request.sender, decoded.refundTo)
  }
  if (decoded.destinationCall) mismatch('destinationCall', 'none', 'a call on the destination')
  // A gasless route is signed as an authorization, never as an approval; any other plan is not gasless.
  if (Boolean(route.gasless) !== Boolean(plan.gasless)) {
    mismatch('authorization', route.gasless ? 'a gasless order' : 'a transaction', plan.gasless ? 'gasless' : 'not')
  }
  if (plan.gasless) {
    if (approval) mismatch('approval', 'no approval', 'one')
    checkGaslessSigning(route, { ...plan, gasless: plan.gasless })
  } else if (native ? approval !== undefined : approval === undefined) {
    mismatch('approval', native ? 'no approval' : 'an approval', approval ? 'one' : 'none')
  }
  if (approval) {
    // The one contract the call goes to pulls the tokens: an allowance for anyone else is never given.
    if (!isAddressEqual(approval.spender, transaction.to)) mismatch('approval', transaction.to, approval.spender)
    if (!sameToken(approval.token.address, request.origin.address) || approval.token.chainId !== transaction.chainId) {
      mismatch('approval', request.origin.address, approval.token.address)
    }
    if (approval.amount !== request.amount) mismatch('approval', request.amount, approval.amount)
  }
  return { plan, decoded }
}

/**
 * The provider's plan for a route, decoded and checked (see `checkDeposit`). Every plan `executeRoute` sends goes
 * through here, and the review shows its `decoded` part: what is signed is what was shown.
 */
export async function prepareDeposit(provider: DepositPlanner, route: Route): Promise<CheckedDeposit> {
  const plan = await provider.planDeposit(route)
  const chainId = route.request.origin.chainId
  if (!isListed(provider.knownContracts(chainId), plan.transaction.to)) {
    throw new UnknownContractError(plan.transaction.to)
  }
  const decoded = provider.decodeDeposit(plan.transaction, route)
  return checkDeposit(route, { plan, decoded }, provider.knownContracts(chainId))
}
