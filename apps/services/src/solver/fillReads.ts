import { intentDestinationSettlerAbi, intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { intentFillValue } from '@multi-bridge/core'
import { type Account, BaseError, ContractFunctionRevertedError, type Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { cappedGas } from '../shared/gasCap.ts'
import type { OrderTerms } from './order.ts'
import type { SolverPricing } from './pricingConfig.ts'
import { claimsPaused, destinationSettlerOf, readEscrow, readFill } from './reads.ts'

/** Who fills, and the gas a fill may cost (the solver's context has both; context.ts keeps the plans). */
type Filler = { account: Account; pricing: Pick<SolverPricing, 'maxFillGas'> }

/** What a fill needs of its order to be sent: its id, its origin data and what it delivers. */
export type FillCall = {
  orderId: Hex
  originData: Hex
  terms: Pick<OrderTerms, 'outputToken' | 'outputAmount' | 'gasAmount'>
}

/** What the fill's checks read just before paying (fill.ts decides on them, in their order). */
export type FillReads = {
  onChain: Awaited<ReturnType<typeof readFill>>
  /** The destination's time, block time and the margin a claim needs after a fill (admit.ts `fillConditions`). */
  conditions: { now: number; destinationBlockTime: number; marginSeconds: number }
  /** Why the escrow is not as the order says any more, or undefined. */
  escrow: string | undefined
  paused: boolean
  openFinal: boolean
}

export type Estimated =
  | { request: ReturnType<typeof fillRequest>; gas: bigint }
  | { reverted: string }
  | { tooCostly: string }

/** The reads and the estimate of one fill, started together. */
export type FillPlan = { reads: Promise<FillReads>; estimated: Promise<Estimated> }

/** How long reads that admission started stay good for the fill that follows it (else the fill reads again). */
export const PREPARED_FOR_MS = 1_000

export type PlanFillParameters = {
  call: FillCall
  origin: ChainContext
  destination: ChainContext
  /** The destination's time and the margins: read now, or as admission read them. */
  conditions: Promise<FillReads['conditions']> | FillReads['conditions']
  /** Why the escrow is not as the order says: read now, or undefined when admission just checked it. */
  escrow?: Promise<string | undefined>
  /** The open is known final (recorded on the order): not read again. */
  knownFinal?: boolean
}

/** A fill's reads started during admission, and when. */
export type PreparedFill = { at: number; plan: FillPlan }

/**
 * The fill's reads (not filled yet, the destination's time, the escrow, claims not paused, the open final or not),
 * all at once, and its estimate beside them: it needs none of their answers, and is used only once they all pass.
 * Whatever goes wrong is the fill's to find when it awaits them, never its caller's.
 */
export function planFill(context: Filler, parameters: PlanFillParameters): FillPlan {
  const { call, origin, destination } = parameters
  const estimated = estimateFill(context, call, destination)
  const reads = (async () => {
    const [onChain, conditions, escrow, paused, openFinal] = await Promise.all([
      readFill(destination, call.orderId),
      parameters.conditions,
      parameters.escrow,
      claimsPaused(origin),
      parameters.knownFinal === true || isOpenFinal(origin, call.orderId),
    ])
    return { onChain, conditions, escrow, paused, openFinal }
  })()
  reads.catch(() => undefined)
  estimated.catch(() => undefined)
  return { reads, estimated }
}

/**
 * The fill's plan started by admission beside its own last read (the inventory), for an order it is about to
 * accept: the first fill then sends at once instead of reading one round trip more. Admission's own reads stand in
 * for the escrow and the destination's time. Nothing is sent on them: fill.ts checks them as it checks its own, and
 * reads again when they are older than PREPARED_FOR_MS.
 */
export function prepareFill(
  context: Filler,
  parameters: Omit<PlanFillParameters, 'conditions' | 'escrow' | 'knownFinal'> & {
    conditions: FillReads['conditions']
  },
): PreparedFill {
  return { at: Date.now(), plan: planFill(context, parameters) }
}

/** Whether the order's escrow is in the origin's final state (one read at the final head). */
export async function isOpenFinal(origin: ChainContext, orderId: Hex): Promise<boolean> {
  return (await readEscrow(origin, orderId, 'final')).status !== intentOriginSettlerStatus.None
}

export function fillRequest(context: Filler, call: FillCall, destination: ChainContext) {
  const { terms } = call
  return {
    address: destinationSettlerOf(destination),
    abi: intentDestinationSettlerAbi,
    functionName: 'fill',
    args: [call.orderId, call.originData, '0x'],
    value: intentFillValue({
      outputToken: terms.outputToken,
      outputAmount: BigInt(terms.outputAmount),
      gasAmount: BigInt(terms.gasAmount ?? '0'),
    }),
    account: context.account,
  } as const
}

/** The fill's gas, capped as priced; or why it is not sent (it would revert, or cost too much). */
export async function estimateFill(context: Filler, call: FillCall, destination: ChainContext): Promise<Estimated> {
  const request = fillRequest(context, call, destination)
  let estimate: bigint
  try {
    estimate = await destination.publicClient.estimateContractGas(request)
  } catch (error) {
    const reverted = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)
    if (!reverted) throw error // the RPC, not the fill: try again
    return { reverted: (reverted as ContractFunctionRevertedError).data?.errorName ?? 'reverted' }
  }
  // Never more gas than priced: a fill the estimate puts above the cap is declined, not paid for.
  const capped = cappedGas(estimate, context.pricing.maxFillGas)
  if ('problem' in capped) return { tooCostly: capped.problem }
  return { request, gas: capped.gas }
}
