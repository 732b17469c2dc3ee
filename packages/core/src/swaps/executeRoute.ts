import { type Address, encodeFunctionData, erc20Abi, type Hash, isAddressEqual } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { UnknownContractError } from '../errors/walletErrors.ts'
import type { RouteProvider } from '../providers/types.ts'
import {
  QuoteChangedError,
  QuoteExpiredError,
  SenderMismatchError,
  TransactionRevertedError,
  WrongChainError,
} from '../routes/routeErrors.ts'
import type { ApprovalRequirement, Route, TransactionRequest } from '../routes/types.ts'
import { newSwapRecord } from './swapRecord.ts'
import type { SwapRecord, SwapUpdate } from './types.ts'
import type { WalletAdapter } from './walletAdapter.ts'

export type ExecuteRouteParameters = {
  route: Route
  provider: RouteProvider
  wallet: WalletAdapter
  clients: ChainClients
  /** Fetches the same route again; called when the quote is stale before anything is signed. */
  refreshRoute: () => Promise<Route | undefined>
  /** Every change of the swap, as it happens (persist it: a reload must not lose the swap). */
  onUpdate: (record: SwapRecord) => void
  /** Seconds of validity a quote must still have when the deposit is signed. */
  minQuoteValidityMs?: number
}

const approveData = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })

/**
 * Runs a route through the wallet: switch network, approve the exact amount (resetting a
 * USDT-style allowance to zero first), deposit. Refreshes a stale quote before anything is
 * signed, refuses to send on the wrong chain and to contracts the provider does not know.
 * Returns the swap record once the deposit is mined; tracking takes over from there.
 */
export async function executeRoute(parameters: ExecuteRouteParameters): Promise<SwapRecord> {
  const { provider, wallet, clients } = parameters
  // A route quoted for another account names that account as the depositor: its refund would go there.
  const forThisAccount = (candidate: Route) => {
    if (!isAddressEqual(candidate.request.sender, wallet.account)) {
      throw new SenderMismatchError(candidate.request.sender, wallet.account)
    }
    return candidate
  }
  let route = forThisAccount(parameters.route)
  const minValidity = parameters.minQuoteValidityMs ?? 5_000
  if (route.expiresAt - Date.now() < minValidity) {
    const fresh = await parameters.refreshRoute()
    if (!fresh) throw new QuoteExpiredError()
    forThisAccount(fresh)
    if (fresh.minOutputAmount < route.minOutputAmount) {
      throw new QuoteChangedError(route.minOutputAmount, fresh.minOutputAmount)
    }
    route = fresh
  }
  let plan = await provider.planDeposit(route)
  const chainId = route.request.origin.chainId
  const client = clientFor(clients, chainId)
  let record = newSwapRecord(route, wallet.account)
  const update = (change: SwapUpdate) => {
    record = { ...record, ...change, updatedAt: Date.now() }
    parameters.onUpdate(record)
  }
  update({})

  const ensureChain = async () => {
    if ((await wallet.getChainId()) !== chainId) await wallet.switchChain(chainId)
  }
  const send = async (transaction: TransactionRequest): Promise<Hash> => {
    const known = provider.knownContracts(transaction.chainId)
    const isApproval = plan.approval && isAddressEqual(transaction.to, plan.approval.token.address)
    if (!isApproval && !known.some((address) => isAddressEqual(address, transaction.to))) {
      throw new UnknownContractError(transaction.to)
    }
    const actual = await wallet.getChainId()
    if (actual !== transaction.chainId) throw new WrongChainError(transaction.chainId, actual)
    return wallet.sendTransaction(transaction)
  }
  const waitFor = async (hash: Hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new TransactionRevertedError(hash)
    return receipt
  }

  await ensureChain()
  if (plan.approval) {
    update({ phase: 'approving' })
    const hashes = await approve(plan.approval, chainId)
    if (hashes.length > 0) update({ approveTxs: hashes })
  }

  // Approvals take blocks: the quote may have aged meanwhile.
  if (route.expiresAt - Date.now() < minValidity) {
    const fresh = await parameters.refreshRoute()
    if (!fresh || fresh.minOutputAmount < route.minOutputAmount) {
      throw fresh ? new QuoteChangedError(route.minOutputAmount, fresh.minOutputAmount) : new QuoteExpiredError()
    }
    route = forThisAccount(fresh)
    plan = await provider.planDeposit(route)
  }
  update({ phase: 'depositing' })
  const depositTx = await send(plan.transaction)
  update({ depositTx })
  const receipt = await client.waitForTransactionReceipt({ hash: depositTx })
  if (receipt.status !== 'success') {
    update({ status: 'failed', phase: undefined, error: 'depositReverted' })
    return record
  }
  update(await provider.onDepositMined(record))
  return record

  async function approve(requirement: ApprovalRequirement, onChain: number): Promise<Hash[]> {
    const allowance = await client.readContract({
      address: requirement.token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.account, requirement.spender],
    })
    if (allowance >= requirement.amount) return []
    const hashes: Hash[] = []
    // USDT refuses to change a non-zero allowance to another non-zero one.
    if (allowance > 0n && requirement.token.kind === 'usdt') {
      const reset = await send({
        chainId: onChain,
        to: requirement.token.address,
        data: approveData(requirement.spender, 0n),
        value: 0n,
      })
      hashes.push(reset)
      await waitFor(reset)
    }
    const hash = await send({
      chainId: onChain,
      to: requirement.token.address,
      data: approveData(requirement.spender, requirement.amount),
      value: 0n,
    })
    hashes.push(hash)
    await waitFor(hash)
    return hashes
  }
}
