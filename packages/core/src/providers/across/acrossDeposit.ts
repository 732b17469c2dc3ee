import { concat, encodeFunctionData, type Hex } from 'viem'
import { z } from 'zod'
import { InvalidQuoteError, QuoteExpiredError } from '../../routes/routeErrors.ts'
import type { DepositPlan, Route } from '../../routes/types.ts'
import { addressString, assertListed, describeIssues, isNativeAddress, uintString } from '../apiSupport.ts'
import { ACROSS_PROVIDER_ID } from './acrossConfig.ts'
import type { AcrossContext } from './acrossContext.ts'
import { MIN_FILL_WINDOW_SECONDS } from './acrossRoute.ts'
import { spokePoolDepositV3Abi } from './acrossSchemas.ts'

/** Across's marker before an integrator id appended to deposit calldata. */
const INTEGRATOR_DELIMITER = '0x1dc0de'

/** What an Across route carries from its quote to the deposit. */
const routeDataSchema = z.object({
  inputToken: addressString,
  outputToken: addressString,
  outputAmount: uintString,
  exclusiveRelayer: addressString,
  quoteTimestamp: z.number().int().nonnegative(),
  fillDeadline: z.number().int().positive(),
  exclusivityParameter: z.number().int().nonnegative(),
})

/**
 * The route's `depositV3` into the config's SpokePool on the origin (the integrator id appended as Across asks), after
 * our own exact approval for a token; refused once the quote expired or its fill deadline leaves relayers too little.
 */
export function planAcrossDeposit(context: AcrossContext, route: Route): DepositPlan {
  const parsed = routeDataSchema.safeParse(route.data)
  if (!parsed.success) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, describeIssues(parsed.error))
  const data = parsed.data
  const now = Date.now()
  // A deposit signed now must still leave relayers the fill window the quote was accepted with.
  if (now >= route.expiresAt || data.fillDeadline * 1000 < now + MIN_FILL_WINDOW_SECONDS * 1000) {
    throw new QuoteExpiredError()
  }
  const { request } = route
  const pool = context.spokePool(request.origin.chainId)
  const to = assertListed(pool ? [pool] : [], route.depositAddress)
  const call = encodeFunctionData({
    abi: spokePoolDepositV3Abi,
    functionName: 'depositV3',
    args: [
      request.sender,
      request.recipient,
      data.inputToken,
      data.outputToken,
      request.amount,
      BigInt(data.outputAmount),
      BigInt(request.destination.chainId),
      data.exclusiveRelayer,
      data.quoteTimestamp,
      data.fillDeadline,
      data.exclusivityParameter,
      '0x',
    ],
  })
  const native = isNativeAddress(request.origin.address)
  return {
    transaction: {
      chainId: request.origin.chainId,
      to,
      data: context.integratorId ? concat([call, INTEGRATOR_DELIMITER, context.integratorId as Hex]) : call,
      value: native ? request.amount : 0n,
    },
    ...(native ? {} : { approval: { token: request.origin, spender: to, amount: request.amount } }),
  }
}
