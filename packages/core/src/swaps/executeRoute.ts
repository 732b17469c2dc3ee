import { type Address, encodeFunctionData, erc20Abi, type Hash, isAddressEqual } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { isInsufficientFundsError, notEnoughGasOn } from '../errors/gasErrors.ts'
import { walkError } from '../errors/MultiBridgeError.ts'
import { isTypedDataChainMismatch, UnexpectedError, UnknownContractError } from '../errors/walletErrors.ts'
import type { RouteProvider } from '../providers/types.ts'
import { applySwapEvent } from '../records/swapMachine.ts'
import { newSwapRecord } from '../records/swapRecord.ts'
import { CALLS_DEPOSIT_INDEX, type SigningSwap, type SwapEvent, type SwapRecord } from '../records/types.ts'
import {
  BatchIncompleteError,
  GaslessOrderUnconfirmedError,
  GaslessRefusedError,
  QuoteChangedError,
  QuoteExpiredError,
  ReviewMismatchError,
  SenderMismatchError,
  TransactionNotConfirmedError,
  TransactionReplacedError,
  TransactionRevertedError,
  TypedDataUnsupportedError,
  WrongChainError,
} from '../routes/routeErrors.ts'
import type { ApprovalRequirement, GaslessSigning, Route, TransactionRequest } from '../routes/types.ts'
import { prepareDeposit } from '../signing/checkDeposit.ts'
import { estimateNetworkCost } from './estimateNetworkCost.ts'
import { waitForSent } from './waitForSent.ts'
import { batchDeposit, type CallsOutcome, type WalletAdapter } from './walletAdapter.ts'

export type ExecuteRouteParameters = {
  route: Route
  provider: RouteProvider
  wallet: WalletAdapter
  clients: ChainClients
  /** The record the person reviewed (its key is the swap's from review to History); a new one when absent. */
  record?: SigningSwap
  /** Fetches the same route again; called when the quote is stale before anything is signed. */
  refreshRoute: () => Promise<Route | undefined>
  /** Every change of the swap, as it happens (persist it: a reload must not lose the swap). */
  onUpdate: (record: SwapRecord) => void
  /** Milliseconds of validity a quote must still have when the deposit is signed. */
  minQuoteValidityMs?: number
}

const approveData = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })

/** The gas on arrival a route delivers (0n for none). */
const gasOf = (route: Route) => (route.gasOnArrival?.status === 'included' ? route.gasOnArrival.amount : 0n)
/**
 * How much less gas on arrival a refreshed quote may deliver than the reviewed one, in basis points: providers
 * price it in dollars (Relay's top-up), so its amount in the native coin moves with the price between two quotes.
 */
const GAS_TOLERANCE_BPS = 500n
/** The quote must outlive an approval by this much, or it is fetched again (and checked) before approving. */
const APPROVAL_MARGIN_MS = 20_000

/** The checks every quote must pass before anything is signed with it (see `executeRoute`). */
function checkRoute(candidate: Route, reviewed: Route, account: Address): Route {
  // A route quoted for another account names that account as the depositor: its refund would go there.
  if (!isAddressEqual(candidate.request.sender, account)) {
    throw new SenderMismatchError(candidate.request.sender, account)
  }
  const asked = candidate.request
  const seen = reviewed.request
  if (!isAddressEqual(asked.recipient, seen.recipient)) throw new ReviewMismatchError('recipient')
  if (asked.amount !== seen.amount) throw new ReviewMismatchError('amount')
  const [gas, reviewedGas] = [gasOf(candidate), gasOf(reviewed)]
  if ((gas === 0n) !== (reviewedGas === 0n) || gas * 10_000n < reviewedGas * (10_000n - GAS_TOLERANCE_BPS)) {
    throw new ReviewMismatchError('gasOnArrival')
  }
  const sameToken = (a: Route['request']['origin'], b: Route['request']['origin']) =>
    a.chainId === b.chainId && isAddressEqual(a.address, b.address)
  if (!sameToken(asked.origin, seen.origin)) throw new ReviewMismatchError('origin')
  if (!sameToken(asked.destination, seen.destination)) throw new ReviewMismatchError('destination')
  // The signed value may reach the amount plus the route's native fee: a fresh quote may not raise it unseen.
  if ((candidate.nativeFee ?? 0n) > (reviewed.nativeFee ?? 0n)) throw new ReviewMismatchError('nativeFee')
  if (candidate.minOutputAmount < reviewed.minOutputAmount) {
    throw new QuoteChangedError(reviewed.minOutputAmount, candidate.minOutputAmount)
  }
  return candidate
}

/**
 * Runs the route the person reviewed through the wallet: switch network, approve the exact amount
 * (resetting a USDT-style allowance to zero first), deposit. Before anything is signed: the route is
 * for the wallet's account, the wallet is on the origin chain, and a quote fetched again because it
 * aged is for the same recipient, amount and tokens and gives at least the reviewed minimum; the
 * wallet's selected account is checked again before each signature. A gasless route is one signature of typed
 * data, on any chain, and the solver opens it. Every change of the record goes through the state machine. Returns the
 * record once the deposit is mined (a gasless one once its open is sent); tracking takes over.
 */
export async function executeRoute(parameters: ExecuteRouteParameters): Promise<SwapRecord> {
  const { provider, wallet, clients } = parameters
  const reviewed = parameters.route
  let route = checkRoute(reviewed, reviewed, wallet.account)
  const minValidity = parameters.minQuoteValidityMs ?? 5_000
  const freshen = async (margin = 0) => {
    if (route.expiresAt - Date.now() >= minValidity + margin) return false
    const fresh = await parameters.refreshRoute()
    if (!fresh) throw new QuoteExpiredError()
    route = checkRoute(fresh, reviewed, wallet.account)
    return true
  }
  await freshen()
  // Every plan is decoded from its calldata and checked against the request before the wallet sees it.
  let { plan } = await prepareDeposit(provider, route)
  const chainId = route.request.origin.chainId
  const client = clientFor(clients, chainId)
  let record: SwapRecord = parameters.record ?? newSwapRecord(route, wallet.account)
  const update = (event: SwapEvent) => {
    record = applySwapEvent(record, event)
    parameters.onUpdate(record)
  }
  parameters.onUpdate(record)

  const checkAccount = async () => {
    const selected = await wallet.getAccount?.()
    if (selected && !isAddressEqual(selected, wallet.account)) throw new SenderMismatchError(wallet.account, selected)
  }
  /** What any transaction passes before the wallet sees it: a known contract, the origin chain, the account. */
  const check = async (transaction: TransactionRequest) => {
    const known = provider.knownContracts(transaction.chainId)
    const isApproval = plan.approval && isAddressEqual(transaction.to, plan.approval.token.address)
    if (!isApproval && !known.some((address) => isAddressEqual(address, transaction.to))) {
      throw new UnknownContractError(transaction.to)
    }
    const actual = await wallet.getChainId()
    if (actual !== transaction.chainId) throw new WrongChainError(transaction.chainId, actual)
  }
  const signing = async <T>(sign: () => Promise<T>): Promise<T> => {
    await checkAccount()
    try {
      return await sign()
    } catch (error) {
      // The wallet or the node found the balance short of gas × fee + value: said as such, with what is needed.
      if (isInsufficientFundsError(error)) throw await notEnoughGas(error)
      throw error
    }
  }
  const send = async (transaction: TransactionRequest): Promise<Hash> => {
    await check(transaction)
    return signing(() => wallet.sendTransaction(transaction))
  }
  /**
   * The approval and the deposit as one batch (EIP-5792): one confirmation instead of two or three. Returns once the
   * wallet accepted it (its id), and what it did with it once it is done.
   */
  const sendBatch = async (transactions: readonly TransactionRequest[]) => {
    for (const transaction of transactions) await check(transaction)
    const { sendCalls, waitForCalls } = wallet
    if (!sendCalls || !waitForCalls) throw new UnexpectedError('the wallet cannot send a batch')
    const { id } = await signing(() => sendCalls(transactions))
    return { id, done: () => waitForCalls(id) }
  }
  const notEnoughGas = async (cause: unknown) => {
    const needed = await estimateNetworkCost({ clients, account: wallet.account, plan }).then(
      (cost) => cost.total,
      () => undefined,
    )
    return notEnoughGasOn(client.chain, chainId, needed, cause)
  }
  /**
   * Why a batch stopped before the deposit: the wallet's own reason when it gives one; else a balance short of the gas
   * of the steps still to send (the node refused a call for it, and the batch's status does not say so), which trying
   * again does not cure; else `BatchIncompleteError`.
   */
  const batchStopped = async (outcome: CallsOutcome, of: number) => {
    const stopped = new BatchIncompleteError(outcome.hashes.length, of)
    const reason = outcome.error === undefined ? undefined : new Error(outcome.error, { cause: stopped })
    if (reason && isInsufficientFundsError(reason)) return notEnoughGas(reason)
    // The steps still to send, as the chain has them now (an approval mined before the stop is not counted again).
    const short = await Promise.all([
      estimateNetworkCost({ clients, account: wallet.account, plan }),
      client.getBalance({ address: wallet.account }),
    ]).then(
      ([cost, balance]) => (balance < cost.required ? cost.total : undefined),
      () => undefined,
    )
    return short === undefined ? stopped : notEnoughGasOn(client.chain, chainId, short, reason ?? stopped)
  }
  const waitFor = async (hash: Hash) => {
    const { receipt, hash: mined } = await waitForSent(client, hash)
    if (receipt.status !== 'success') throw new TransactionRevertedError(mined)
    return receipt
  }

  // A quote fetched again is a new quote (Relay: a new request id): the swap is followed as the one deposited.
  const tracking = () => (route.trackingData ? { data: { ...route.trackingData } } : {})

  if (plan.gasless) return signGasless(plan.gasless)

  if ((await wallet.getChainId()) !== chainId) await wallet.switchChain(chainId)
  // Some wallets answer the switch before (or without) switching: never go on from another chain.
  const switched = await wallet.getChainId()
  if (switched !== chainId) throw new WrongChainError(chainId, switched)
  // A quote that would age during the approval is fetched and checked now, while nothing is spent yet.
  if (plan.approval && (await freshen(APPROVAL_MARGIN_MS))) plan = (await prepareDeposit(provider, route)).plan
  const batched = plan.approval && wallet.sendCalls && (await wallet.canSendCalls?.(chainId).catch(() => false))
  const approvals = batched && plan.approval ? await approvalCalls(plan.approval, chainId) : []
  if (approvals.length > 0) {
    update({ type: 'phase', phase: 'approving' })
    const batch = await sendBatch([...approvals, plan.transaction])
    // Accepted: the deposit may be mined from now on, whatever happens to this page or to the wait. Kept under the
    // batch's id until its hash is known.
    // Where the deposit is among the calls, for a look at the batch after a reload (`followAcceptedBatches`).
    const tracked = tracking().data
    update({
      type: 'callsAccepted',
      callsId: batch.id,
      data: { ...tracked, [CALLS_DEPOSIT_INDEX]: approvals.length },
    })
    const outcome = await batch.done().catch((error: unknown) => {
      // The wait failed (timed out, the wallet's status did not answer): sent, maybe mined, never a failure.
      throw new TransactionNotConfirmedError(batch.id, client.chain?.name ?? 'the network', error)
    })
    // The deposit is the last call: a wallet that ran the batch as one transaction lists only that one (`batchDeposit`).
    const { depositTx, approveTxs, notDeposited } = batchDeposit(outcome, approvals.length, true)
    if (!depositTx) {
      // Through, and no receipt listed to follow the deposit by: sent, never "nothing deposited".
      if (!notDeposited)
        throw new TransactionNotConfirmedError(batch.id, client.chain?.name ?? 'the network', undefined)
      const error = await batchStopped(outcome, approvals.length + 1)
      // Known now: the deposit was never sent.
      update({ type: 'depositFailed', error: 'batchIncomplete' })
      throw error
    }
    update({ type: 'approved', approveTxs })
    update({ type: 'phase', phase: 'depositing' })
    update({ type: 'depositSent', depositTx, ...tracking() })
    return deposited(depositTx)
  }
  if (plan.approval) {
    update({ type: 'phase', phase: 'approving' })
    update({ type: 'approved', approveTxs: await approve(plan.approval, chainId) })
  }

  // Approvals take blocks: the quote may have aged meanwhile.
  if (await freshen()) plan = (await prepareDeposit(provider, route)).plan
  update({ type: 'phase', phase: 'depositing' })
  const depositTx = await send(plan.transaction)
  update({ type: 'depositSent', depositTx, ...tracking() })
  return deposited(depositTx)

  /**
   * A gasless route: one signature (checked with the plan by `prepareDeposit`), whatever chain the wallet is on, and
   * the solver sends the open; from its hash on, the tracker follows the open and the order's delivery, whichever
   * comes first. A refusal leaves nothing sent; a lost answer leaves the order signed, kept and followed by its id.
   */
  async function signGasless(gasless: GaslessSigning): Promise<SwapRecord> {
    const signTypedData = wallet.signTypedData
    if (!signTypedData) throw new TypedDataUnsupportedError()
    update({ type: 'phase', phase: 'depositing' })
    const signature = await signing(() => signTypedData(gasless.typedData)).catch(async (error: unknown) => {
      if (!isTypedDataChainMismatch(error)) throw error
      // Some wallets (MetaMask) sign typed data only on the chain it names, the origin (checked with the plan):
      // switched there, and still no gas is asked.
      await wallet.switchChain(chainId)
      const now = await wallet.getChainId()
      if (now !== chainId) throw new WrongChainError(chainId, now)
      return signing(() => signTypedData(gasless.typedData))
    })
    const { openTx } = await gasless.submit(signature).catch((error: unknown) => {
      // A refusal is definite: nothing was opened, nothing left the wallet, and a new quote may be signed.
      if (walkError(error, (item) => item instanceof GaslessRefusedError)) throw error
      // Anything else (no answer in time, a lost connection, an answer not understood): the solver may have opened
      // the order, or may still until its open deadline. The swap is kept under the order's id and followed by it.
      update({ type: 'orderSigned', data: { ...gasless.tracking, openDeadline: gasless.openDeadline } })
      throw new GaslessOrderUnconfirmedError(gasless.tracking.orderId, gasless.openDeadline, error)
    })
    // Its open deadline kept too: the order is followed by its id until then, whatever transaction the answer names.
    update({
      type: 'depositSent',
      depositTx: openTx,
      data: { ...gasless.tracking, openDeadline: gasless.openDeadline },
    })
    // Not waited for here: the solver may deliver before its open is mined, and the tracker looks for both.
    return record
  }

  /**
   * The deposit's receipt, under the hash that is mined: the wallet may have sped it up (the same deposit, a new
   * hash). One the wallet cancelled or replaced by another call never happened: the swap failed, and says so.
   */
  async function deposited(depositTx: Hash): Promise<SwapRecord> {
    const mined = await waitForSent(client, depositTx).catch((error: unknown) => {
      if (error instanceof TransactionReplacedError) update({ type: 'depositFailed', error: 'depositReplaced' })
      throw error
    })
    update({ type: 'depositRepriced', depositTx: mined.hash })
    if (mined.receipt.status !== 'success') {
      update({ type: 'depositFailed', error: 'depositReverted' })
      return record
    }
    update(await provider.onDepositMined({ ...(record as SigningSwap), depositTx: mined.hash }))
    return record
  }

  /** The approvals the deposit needs: none when the allowance covers it; a reset to 0 first for USDT. */
  async function approvalCalls(requirement: ApprovalRequirement, onChain: number): Promise<TransactionRequest[]> {
    const allowance = await client.readContract({
      address: requirement.token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.account, requirement.spender],
    })
    if (allowance >= requirement.amount) return []
    const call = (amount: bigint) => ({
      chainId: onChain,
      to: requirement.token.address,
      data: approveData(requirement.spender, amount),
      value: 0n,
    })
    // USDT refuses to change a non-zero allowance to another non-zero one.
    const reset = allowance > 0n && requirement.token.kind === 'usdt'
    return reset ? [call(0n), call(requirement.amount)] : [call(requirement.amount)]
  }

  async function approve(requirement: ApprovalRequirement, onChain: number): Promise<Hash[]> {
    const hashes: Hash[] = []
    for (const transaction of await approvalCalls(requirement, onChain)) {
      const hash = await send(transaction)
      hashes.push(hash)
      await waitFor(hash)
    }
    return hashes
  }
}
