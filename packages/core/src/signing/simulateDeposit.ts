import {
  type Address,
  BaseError,
  type Chain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  isHex,
  type Log,
  type PublicClient,
  pad,
  type StateOverride,
  type Transport,
  toEventSelector,
  toHex,
} from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { isTransportFailure } from '../chains/readChain.ts'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { ApprovalRequirement, DepositPlan } from '../routes/types.ts'
import { isNativeAddress, sameToken } from './addresses.ts'
import { decodeDepositRevert } from './depositRevert.ts'
import type { DepositRevert } from './depositRevertError.ts'

/** One transfer the simulated deposit makes: an ERC-20 `Transfer`, or the native coin (`NATIVE_TOKEN_ADDRESS`). */
export type TokenMove = { token: Address; from: Address; to: Address; amount: bigint }

/**
 * What the deposit would do, run on the origin's latest state before the wallet is asked, its approval assumed:
 * - `passes`: it goes through; through `eth_simulateV1` with every transfer it makes (`moves`), or through `eth_call`
 *   with the allowance set by a state override (no transfers seen: `moves` is absent);
 * - `reverts`: the approval or the deposit would revert, and why; or the deposit would take more from the wallet than
 *   the plan (the approved amount, the value sent): `takesMore`;
 * - `unsimulated`: a gasless order (the person sends nothing: the solver opens it), or a node that offers neither way.
 */
export type DepositSimulation =
  | { status: 'passes'; method: 'simulateV1'; moves: TokenMove[] }
  | { status: 'passes'; method: 'stateOverride'; moves?: undefined }
  | { status: 'reverts'; step: 'approval' | 'deposit'; revert: DepositRevert }
  | { status: 'unsimulated'; cause: 'gasless' | 'notOffered' }

export type SimulateDepositParameters = {
  clients: ChainClients
  /** Who sends the deposit: the person's account (a Safe's address for a Safe). */
  account: Address
  /** The checked plan (`prepareDeposit`): what would be signed. */
  plan: DepositPlan
}

type OriginClient = PublicClient<Transport, Chain>
type Call = { account: Address; to: Address; data: Hex; value: bigint }

const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
/** Where `eth_simulateV1` with `traceTransfers` logs moves of the native coin (ERC-7528). */
const NATIVE_LOGGER = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** The approvals the deposit needs, as the wallet would send them: USDT's reset to zero first. */
function approvalCalls(account: Address, approval: ApprovalRequirement | undefined): Call[] {
  if (!approval) return []
  const approve = (amount: bigint): Call => ({
    account,
    to: approval.token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [approval.spender, amount] }),
    value: 0n,
  })
  return approval.token.kind === 'usdt' ? [approve(0n), approve(approval.amount)] : [approve(approval.amount)]
}

const topicAddress = (topic: Hex | undefined) => (topic ? getAddress(`0x${topic.slice(26)}`) : undefined)

/** The transfers in a call's logs: ERC-20 `Transfer`s (three topics: not an NFT's) and the native coin's. */
export function tokenMoves(logs: readonly Pick<Log, 'address' | 'topics' | 'data'>[]): TokenMove[] {
  const moves: TokenMove[] = []
  for (const log of logs) {
    const [signature, fromTopic, toTopic] = log.topics
    const from = topicAddress(fromTopic)
    const to = topicAddress(toTopic)
    if (signature !== TRANSFER || log.topics.length !== 3 || !from || !to || !isHex(log.data) || log.data === '0x')
      continue
    const token = isAddressEqual(log.address, NATIVE_LOGGER) ? NATIVE_TOKEN_ADDRESS : getAddress(log.address)
    moves.push({ token, from, to, amount: hexToBigInt(log.data) })
  }
  return moves
}

/**
 * What leaves `account` beyond the plan: any token but the approved one and the native coin, more of the approved
 * token than approved, more of the native coin than the transaction's value. The first such move, or undefined.
 */
export function excessOutflow(moves: readonly TokenMove[], account: Address, plan: DepositPlan): TokenMove | undefined {
  const out = new Map<string, { move: TokenMove; total: bigint }>()
  for (const move of moves) {
    if (!isAddressEqual(move.from, account) || isAddressEqual(move.to, account)) continue
    const key = move.token.toLowerCase()
    const seen = out.get(key)
    out.set(key, { move, total: (seen?.total ?? 0n) + move.amount })
  }
  for (const { move, total } of out.values()) {
    const allowed = isNativeAddress(move.token)
      ? plan.transaction.value
      : plan.approval && sameToken(plan.approval.token.address, move.token)
        ? plan.approval.amount
        : 0n
    if (total > allowed) return { ...move, amount: total }
  }
  return undefined
}

/** The revert data a failed `eth_call` carries, wherever viem wrapped it. */
function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  const found = error.walk((item) => {
    const data = (item as { data?: unknown }).data
    return (typeof data === 'string' && isHex(data)) || (typeof data === 'object' && data !== null)
  }) as { data?: unknown } | null
  const data = found?.data
  if (typeof data === 'string') return data as Hex
  const nested = (data as { data?: unknown } | undefined)?.data
  return typeof nested === 'string' && isHex(nested) ? nested : undefined
}

const isRevert = (error: unknown) =>
  revertData(error) !== undefined || (error instanceof BaseError && /revert/i.test(error.details ?? error.message))

async function simulateV1(client: OriginClient, calls: Call[], deposit: Call, plan: DepositPlan) {
  const [block] = await client.simulateBlocks({
    blocks: [{ calls: [...calls, deposit] }],
    traceTransfers: true,
    validation: false,
  })
  const results = block?.calls ?? []
  for (const [index, result] of results.entries()) {
    if (result.status === 'success') continue
    const approval = index < calls.length
    return {
      status: 'reverts',
      step: approval ? 'approval' : 'deposit',
      revert: approval ? { kind: 'approvalRefused' } : decodeDepositRevert(result.data),
    } satisfies DepositSimulation
  }
  const moves = tokenMoves(results.at(-1)?.logs ?? [])
  const excess = excessOutflow(moves, deposit.account, plan)
  if (excess) {
    const known = isNativeAddress(excess.token)
      ? client.chain?.nativeCurrency
      : plan.approval && sameToken(plan.approval.token.address, excess.token)
        ? plan.approval.token
        : undefined
    const named = known ? { symbol: known.symbol, decimals: known.decimals } : {}
    return {
      status: 'reverts',
      step: 'deposit',
      revert: { kind: 'takesMore', token: excess.token, amount: excess.amount, ...named },
    } satisfies DepositSimulation
  }
  return { status: 'passes', method: 'simulateV1', moves } satisfies DepositSimulation
}

/** A value no allowance holds by chance: the slot that makes `allowance` answer it is the allowance's. */
const PROBE = 0x5eed_0f_a11_0aa_ce5n

/**
 * The state override that gives `account`'s allowance to the spender, at the token's own storage slot: the slots
 * `allowance(account, spender)` reads (`eth_createAccessList`), each tried until `allowance` answers the probe. Never
 * guessed from a layout: undefined when the node lists no access or no slot answers.
 */
async function allowanceOverride(
  client: OriginClient,
  account: Address,
  approval: ApprovalRequirement,
): Promise<StateOverride | undefined> {
  const token = approval.token.address
  const read = { address: token, abi: erc20Abi, functionName: 'allowance', args: [account, approval.spender] } as const
  let keys: Hex[]
  try {
    const { accessList } = await client.createAccessList({
      account,
      to: token,
      data: encodeFunctionData(read),
    })
    keys = accessList.filter((entry) => isAddressEqual(entry.address, token)).flatMap((entry) => entry.storageKeys)
  } catch (error) {
    if (isTransportFailure(error)) throw error
    return undefined
  }
  for (const slot of keys) {
    const override = (value: bigint): StateOverride => [
      { address: token, stateDiff: [{ slot, value: pad(toHex(value), { size: 32 }) }] },
    ]
    const answer = await client.readContract({ ...read, stateOverride: override(PROBE) }).catch((error) => {
      if (isTransportFailure(error)) throw error
      return undefined
    })
    if (answer === PROBE) return override(approval.amount)
  }
  return undefined
}

async function simulateWithOverride(
  client: OriginClient,
  deposit: Call,
  approval: ApprovalRequirement | undefined,
): Promise<DepositSimulation> {
  const stateOverride = approval ? await allowanceOverride(client, deposit.account, approval) : []
  if (stateOverride === undefined) return { status: 'unsimulated', cause: 'notOffered' }
  try {
    await client.call({ ...deposit, stateOverride })
    return { status: 'passes', method: 'stateOverride' }
  } catch (error) {
    if (isTransportFailure(error)) throw error
    if (!isRevert(error)) return { status: 'unsimulated', cause: 'notOffered' }
    return { status: 'reverts', step: 'deposit', revert: decodeDepositRevert(revertData(error)) }
  }
}

/**
 * Runs the deposit of a checked plan on the origin's latest state, as `account` would send it, before the wallet is
 * asked for anything (approvals included): the approvals and the deposit in one simulated block through
 * `eth_simulateV1` where the node offers it (every transfer seen, and what leaves the wallet bounded by the plan),
 * else the deposit alone through `eth_call` with the allowance set by a state override at the slot found for this token.
 * Throws when the chain does not answer (the caller names it).
 */
export async function simulateDeposit(parameters: SimulateDepositParameters): Promise<DepositSimulation> {
  const { clients, account, plan } = parameters
  if (plan.gasless) return { status: 'unsimulated', cause: 'gasless' }
  const { transaction } = plan
  const client = clientFor(clients, transaction.chainId)
  const deposit: Call = { account, to: transaction.to, data: transaction.data, value: transaction.value }
  try {
    return await simulateV1(client, approvalCalls(account, plan.approval), deposit, plan)
  } catch (error) {
    // A node without `eth_simulateV1` (or that refuses this use of it): the state override, which every geth-like
    // node takes. Not answering at all is not a way to simulate.
    if (isTransportFailure(error)) throw error
  }
  return simulateWithOverride(client, deposit, plan.approval)
}
