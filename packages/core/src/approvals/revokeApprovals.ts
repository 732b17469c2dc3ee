import { type Chain, encodeFunctionData, erc20Abi, type Hash, type PublicClient, type Transport } from 'viem'
import { isInsufficientFundsError, notEnoughGasOn } from '../errors/gasErrors.ts'
import { MultiBridgeError } from '../errors/MultiBridgeError.ts'
import { UnexpectedError } from '../errors/walletErrors.ts'
import { TransactionRevertedError } from '../routes/routeErrors.ts'
import type { TransactionRequest } from '../routes/types.ts'
import { switchToOrigin } from '../swaps/execute/walletGuard.ts'
import { waitForSent } from '../swaps/waitForSent.ts'
import type { WalletAdapter } from '../swaps/walletAdapter.ts'
import type { Approval } from './readApprovals.ts'

/** A token that refuses to set an allowance to zero (its `approve(spender, 0)` reverts when run): nothing was sent. */
export class RevokeRefusedError extends MultiBridgeError {
  override name = 'RevokeRefusedError'
  constructor(
    readonly tokenSymbol: string,
    cause: unknown,
  ) {
    super(`${tokenSymbol} refuses approve(spender, 0)`, { code: 'revokeRefused', cause })
  }
}

export type RevokeOutcome = {
  /** The transactions mined (one per approval, or the batch's). */
  hashes: Hash[]
  /** A Safe of several owners: the revoke is proposed to them, and the allowances stand until they sign. */
  proposed?: boolean
  /** The approvals still not zero once it was mined (a wallet that stopped midway), with their allowance now. */
  left: Approval[]
}

/** `approve(spender, 0)` of an approval's token: the one call a revoke sends (USDT takes it from any allowance). */
export function revokeCall(approval: Approval): TransactionRequest {
  return {
    chainId: approval.chainId,
    to: approval.token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [approval.spender.address, 0n] }),
    value: 0n,
  }
}

type ChainClient = PublicClient<Transport, Chain>

/**
 * Each call run first, from the account: a token whose `approve(spender, 0)` reverts is said before the wallet is
 * asked. The call's return is not decoded (USDT's `approve` returns nothing).
 */
async function simulate(client: ChainClient, wallet: WalletAdapter, approvals: readonly Approval[]): Promise<void> {
  for (const approval of approvals) {
    const { to, data } = revokeCall(approval)
    await client.call({ account: wallet.account, to, data }).catch((error: unknown) => {
      throw new RevokeRefusedError(approval.token.symbol, error)
    })
  }
}

/** The calls through the wallet: one confirmation for them all where it takes batches (EIP-5792), else one each. */
async function send(
  client: ChainClient,
  wallet: WalletAdapter,
  calls: readonly TransactionRequest[],
): Promise<Omit<RevokeOutcome, 'left'>> {
  const chainId = calls[0]!.chainId
  const { sendCalls, waitForCalls, proposes } = wallet
  // A Safe's transactions are proposals: always one batch. Others batch where they take it, and only for several.
  if (sendCalls && waitForCalls && (proposes || (calls.length > 1 && (await wallet.canSendCalls?.(chainId))))) {
    const { id } = await sendCalls(calls)
    if (proposes && proposes.threshold > 1) return { hashes: [], proposed: true }
    return { hashes: (await waitForCalls(id)).hashes }
  }
  const hashes: Hash[] = []
  for (const call of calls) {
    const { hash, receipt } = await waitForSent(client, await wallet.sendTransaction(call))
    if (receipt.status !== 'success') throw new TransactionRevertedError(hash)
    hashes.push(hash)
  }
  return { hashes }
}

/**
 * Sets each allowance of `approvals` (all on one chain, the person's own) to zero: the wallet taken to that chain, each
 * `approve(spender, 0)` run first, then sent for one confirmation where the wallet takes batches, and the allowances
 * read back once mined (`left`: those still not zero). A balance short of gas is said as such.
 */
export async function revokeApprovals(parameters: {
  wallet: WalletAdapter
  client: ChainClient
  approvals: readonly Approval[]
}): Promise<RevokeOutcome> {
  const { wallet, client, approvals } = parameters
  const chainId = approvals[0]?.chainId
  if (chainId === undefined) return { hashes: [], left: [] }
  if (approvals.some((approval) => approval.chainId !== chainId)) {
    throw new UnexpectedError('revokeApprovals: approvals of several chains')
  }
  await switchToOrigin({ wallet, chainId })
  await simulate(client, wallet, approvals)
  let sent: Omit<RevokeOutcome, 'left'>
  try {
    sent = await send(client, wallet, approvals.map(revokeCall))
  } catch (error) {
    if (isInsufficientFundsError(error)) throw notEnoughGasOn(client.chain, chainId, undefined, error)
    throw error
  }
  if (sent.proposed) return { ...sent, left: [...approvals] }
  const now = await Promise.all(
    approvals.map((approval) =>
      client.readContract({
        address: approval.token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [wallet.account, approval.spender.address],
      }),
    ),
  )
  const left = approvals.flatMap((approval, i) => (now[i] ? [{ ...approval, allowance: now[i] }] : []))
  return { ...sent, left }
}
