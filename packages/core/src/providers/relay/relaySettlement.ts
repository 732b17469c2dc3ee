import { type Hex, isAddressEqual } from 'viem'
import type { Route } from '../../routes/types.ts'
import { SignedMismatchError } from '../../signing/signingErrors.ts'
import type { RelayOrder } from './relaySchemas.ts'

/**
 * Who settles a Relay order, as every order Relay has published names it (relayprotocol/relay-docs@f0bbe935: the
 * eight orders of features/price-stabilization.mdx, deposit-addresses.mdx, gasless-execution.mdx and
 * references/api/api_guides/{calling-integration-guide,hyperliquid-support,lighter-support}.mdx): Relay's solver,
 * accounted on Base, filling through its v3 router (the 32-byte word of `extraData`, on the output and on every
 * refund), with no protocol fee. Data, never read from an answer: Relay's oracle credits the order's `solver` with the
 * deposit once it attests a fill or a refund by that solver, so an order naming another solver (or another fill
 * contract) hands the deposit to whoever the answer names.
 */
export const RELAY_SETTLEMENT = {
  solver: '0xf70da97812cb96acdf810712aa562db8dfa3dbef',
  solverChainId: 'base',
  /** `abi.encode(address)` of Relay's v3 router (0xb92fe925…ff4f). */
  extraData: '0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f',
} as const

/**
 * How far this device's clock may be from Relay's (its deadlines are its own clock's; the route's times are this
 * device's): an honest quote is never refused for a device a few minutes off.
 */
const CLOCK_SKEW_SECONDS = 300

/**
 * The longest an order may run after its quote. Relay's orders end minutes after the quote (its solver fills in
 * seconds); a deadline days out would keep the person's deposit (and its refund) waiting for that long.
 */
export const RELAY_ORDER_MAX_SECONDS = 4 * 60 * 60

const sameBytes = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The order is Relay's own to settle: its solver, its fill contract, no fee paid out of the deposit. */
function checkSettler(order: RelayOrder) {
  const { solver, solverChainId, extraData } = RELAY_SETTLEMENT
  if (!isAddressEqual(order.solver as Hex, solver) || order.solverChainId !== solverChainId) {
    throw new SignedMismatchError('settler', `the order is settled by ${order.solver} on "${order.solverChainId}"`)
  }
  const extras = [order.output.extraData, ...order.inputs.flatMap(({ refunds }) => refunds.map((r) => r.extraData))]
  const other = extras.find((extra) => !sameBytes(extra, extraData))
  if (other !== undefined) throw new SignedMismatchError('settler', `the order is filled through ${other}`)
  if (order.fees.length > 0) {
    throw new SignedMismatchError('settler', `the order pays ${order.fees.length} fee(s) out of the deposit`)
  }
}

/**
 * The order's deadlines leave room for the deposit the quote allows, and no more than `RELAY_ORDER_MAX_SECONDS`: a
 * fill (the output's deadline) and the refunds must still be possible after the last moment the person may sign it
 * (the route's expiry, give or take the clocks' difference), and end within hours of the quote. An order whose
 * deadline has passed can only end in a refund, after the funds were held.
 */
function checkDeadlines(order: RelayOrder, route: Route) {
  const lastDeposit = Math.ceil(route.expiresAt / 1000) - CLOCK_SKEW_SECONDS
  const latest = Math.floor(route.quotedAt / 1000) + RELAY_ORDER_MAX_SECONDS + CLOCK_SKEW_SECONDS
  const deadlines = [
    { what: 'fill', deadline: order.output.deadline },
    ...order.inputs.flatMap(({ refunds }) => refunds.map(({ deadline }) => ({ what: 'refund', deadline }))),
  ]
  for (const { what, deadline } of deadlines) {
    if (!(deadline > lastDeposit)) {
      throw new SignedMismatchError(
        'deadline',
        what === 'fill'
          ? `the order can no longer be filled (deadline ${deadline})`
          : `the order's refund ends at ${deadline}`,
      )
    }
    if (deadline > latest) {
      throw new SignedMismatchError('deadline', `the order's ${what} deadline ${deadline} is more than hours away`)
    }
  }
}

/**
 * Who may settle the order and until when, bounded: Relay's own solver and fill contract (`RELAY_SETTLEMENT`), no
 * protocol fee, deadlines between the route's expiry and a few hours after its quote. Not bounded here: the refund
 * floors. Relay's real orders all carry `minimumAmount` "0" on every refund, so a floor would refuse every honest
 * quote; with the solver pinned, a refund below the deposit could only come from Relay's own solver, the same trust
 * as its fill (docs/providers.md).
 */
export function checkOrderSettlement(order: RelayOrder, route: Route) {
  checkSettler(order)
  checkDeadlines(order, route)
}
