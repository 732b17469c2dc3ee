import { type Address, type Chain, encodeFunctionData, erc20Abi, type PublicClient, type Transport } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { isTransportFailure } from '../chains/readChain.ts'
import type { ApprovalRequirement, DepositPlan } from '../routes/types.ts'

/**
 * Gas limits of the steps that cannot be estimated yet, chiefly a deposit that pulls an allowance not given yet (the
 * node would only say it reverts). Ceilings, not averages, so that what is kept for gas is enough: measured on the
 * devnet, an approval takes 46.3k gas, a reset to zero 29k, the settler's `open` 209k and the pool's `send` 140k–201k;
 * the production deposits (Across's `depositV3`, Relay's depository, LI.FI's diamond with a bridge facet) stay under
 * 300k. A cost that uses one of them is shown as an estimate.
 */
export const FALLBACK_GAS = {
  resetApproval: 50_000n,
  approval: 70_000n,
  deposit: 300_000n,
} as const

/**
 * Margin on a node's estimate, in basis points: the deposit signed later is not byte for byte the one estimated (the
 * intent order's nonce is new each time, Max changes the amount), so Max keeps this much more gas than the estimate.
 */
export const GAS_MARGIN_BPS = 1_000n

/**
 * A wallet offers more per gas than a transaction pays: the balance must cover gas × its max fee. viem fills a
 * transaction from the node (geth: twice the base fee plus the tip) and multiplies that by 1.2; MetaMask's "market"
 * offer stays below it. So the balance is checked against 1.2 × (2 × base fee + tip), the legacy gas price × 1.2.
 */
const WALLET_FEE_MULTIPLIER_PERCENT = 120n

export type NetworkCostStepKind = keyof typeof FALLBACK_GAS

/**
 * One transaction the person signs on the origin: `gas`, what is kept for it (the node's estimate with the margin,
 * or the step's fallback); `least`, the node's estimate itself (the fallback when there is none).
 */
export type NetworkCostStep = { kind: NetworkCostStepKind; gas: bigint; least: bigint; estimated: boolean }

/** Per gas: what a transaction pays now (`expected`: base fee + tip) and the most a wallet offers (`max`). */
export type FeePerGas = { expected: bigint; max: bigint }

export type NetworkCost = {
  chainId: number
  /** The transactions still to sign, in order: a USDT-style reset, the approval (when the allowance is short), the deposit. */
  steps: NetworkCostStep[]
  /** The steps' gas together (with the margin). */
  gas: bigint
  /** What a transaction pays per gas now: base fee + tip (the legacy gas price). */
  feePerGas: bigint
  /** The most a wallet offers per gas (see `WALLET_FEE_MULTIPLIER_PERCENT`): what the balance must cover. */
  maxFeePerGas: bigint
  /** gas × feePerGas: the network cost, in the native coin's base units (what is shown). */
  fee: bigint
  /** gas × maxFeePerGas: the most the gas can take from the balance. */
  maxFee: bigint
  /** Native coin the deposit sends besides gas (a native amount, a bridge's native fee). */
  value: bigint
  /** maxFee + value: what the balance should hold, and what Max keeps back (besides a native amount). */
  total: bigint
  /** The node's own estimates at the wallet's max fee, + value: below this balance the steps cannot be sent. */
  required: bigint
  /** Some step's gas is a fallback (`FALLBACK_GAS`), not the node's estimate. */
  approximate: boolean
}

export type EstimateNetworkCostParameters = {
  clients: ChainClients
  /** The person's account: the sender of every step. */
  account: Address
  /** The checked deposit plan of the selected route (`prepareDeposit`). */
  plan: DepositPlan
}

export type EstimateNetworkCostReturnType = NetworkCost

type OriginClient = PublicClient<Transport, Chain>

const withMargin = (gas: bigint) => gas + (gas * GAS_MARGIN_BPS + 9_999n) / 10_000n
const fallback = (kind: NetworkCostStepKind): NetworkCostStep => ({
  kind,
  gas: FALLBACK_GAS[kind],
  least: FALLBACK_GAS[kind],
  estimated: false,
})

async function estimateStep(
  client: OriginClient,
  kind: NetworkCostStepKind,
  transaction: { account: Address; to: Address; data: `0x${string}`; value: bigint },
): Promise<NetworkCostStep> {
  try {
    const least = await client.estimateGas(transaction)
    return { kind, gas: withMargin(least), least, estimated: true }
  } catch (error) {
    // A revert (or a native amount above the balance) tells nothing about the gas: the step's fallback. The RPC not
    // answering is an error, not a cost.
    if (isTransportFailure(error)) throw error
    return fallback(kind)
  }
}

const walletMax = (fee: bigint) => (fee * WALLET_FEE_MULTIPLIER_PERCENT + 99n) / 100n

/** The fee per gas now, from the latest block: base fee + tip paid, and the most a wallet offers (legacy: gas price). */
export async function estimateFeePerGas(client: OriginClient): Promise<FeePerGas> {
  const block = await client.getBlock()
  if (block.baseFeePerGas === null || block.baseFeePerGas === undefined) {
    const gasPrice = await client.getGasPrice()
    return { expected: gasPrice, max: walletMax(gasPrice) }
  }
  const base = block.baseFeePerGas
  const tip = await client.estimateMaxPriorityFeePerGas()
  return { expected: base + tip, max: walletMax(2n * base + tip) }
}

/** The approvals to sign first: none when the allowance covers the amount; USDT's reset to zero before a change. */
async function approvalSteps(
  client: OriginClient,
  account: Address,
  approval: ApprovalRequirement | undefined,
): Promise<NetworkCostStep[]> {
  if (!approval) return []
  const { token, spender, amount } = approval
  const allowance = await client.readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [account, spender],
  })
  if (allowance >= amount) return []
  const approve = (value: bigint) => ({
    account,
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, value] }),
    value: 0n,
  })
  if (allowance > 0n && token.kind === 'usdt') {
    // USDT refuses a change from one non-zero allowance to another: the approval can only be estimated after the reset.
    const reset = await estimateStep(client, 'resetApproval', approve(0n))
    return [reset, fallback('approval')]
  }
  return [await estimateStep(client, 'approval', approve(amount))]
}

function total(chainId: number, steps: NetworkCostStep[], fees: FeePerGas, value: bigint): NetworkCost {
  const gas = steps.reduce((sum, step) => sum + step.gas, 0n)
  const least = steps.reduce((sum, step) => sum + step.least, 0n)
  const maxFee = gas * fees.max
  return {
    chainId,
    steps,
    gas,
    feePerGas: fees.expected,
    maxFeePerGas: fees.max,
    fee: gas * fees.expected,
    maxFee,
    value,
    total: maxFee + value,
    required: least * fees.max + value,
    approximate: steps.some((step) => !step.estimated),
  }
}

/**
 * The person's own cost on the origin chain for a route's deposit plan, before anything is signed: the approvals the
 * allowance still needs (USDT's reset included) and the deposit, each estimated by the node (with `GAS_MARGIN_BPS`),
 * at the fee paid now (`fee`) and at the most a wallet offers (`total`, what the balance must hold). A deposit that pulls an allowance not given yet cannot be estimated: it counts
 * at `FALLBACK_GAS.deposit` and the cost is `approximate`. A gasless plan costs nothing (no step). Throws when the
 * chain's RPC does not answer.
 */
export async function estimateNetworkCost(parameters: EstimateNetworkCostParameters): Promise<NetworkCost> {
  const { clients, account, plan } = parameters
  const { transaction } = plan
  const client = clientFor(clients, transaction.chainId)
  // A gasless plan sends nothing from the person's wallet: the solver pays the open (its fee is in the route's fees).
  if (plan.gasless) return total(transaction.chainId, [], await estimateFeePerGas(client), 0n)
  const [fees, approvals] = await Promise.all([
    estimateFeePerGas(client),
    approvalSteps(client, account, plan.approval),
  ])
  const deposit =
    approvals.length > 0
      ? fallback('deposit')
      : await estimateStep(client, 'deposit', {
          account,
          to: transaction.to,
          data: transaction.data,
          value: transaction.value,
        })
  return total(transaction.chainId, [...approvals, deposit], fees, transaction.value)
}

export type EstimateDepositReserveParameters = { clients: ChainClients; chainId: number }

/**
 * What to keep for gas when there is no route yet to estimate (Max on the native coin before any quote): one deposit
 * at `FALLBACK_GAS.deposit` and the current fee. Approximate by nature; the route's own estimate replaces it.
 */
export async function estimateDepositReserve(parameters: EstimateDepositReserveParameters): Promise<NetworkCost> {
  const client = clientFor(parameters.clients, parameters.chainId)
  return total(parameters.chainId, [fallback('deposit')], await estimateFeePerGas(client), 0n)
}
