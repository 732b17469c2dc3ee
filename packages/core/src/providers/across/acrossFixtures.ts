/**
 * Across API answers replayed by the tests, in the shapes Across really answers with, for the one transfer of the
 * fixtures: 100 USDC from Arbitrum (42161) to Base (8453) (test data only: never shipped).
 * `ACROSS_FIXTURE_SOURCES` says where each shape comes from; a test checks every file has one.
 */
import acrossStatusExpired from './fixtures/deposit-status-expired.json' with { type: 'json' }
import acrossStatusFilled from './fixtures/deposit-status-filled.json' with { type: 'json' }
import acrossStatusPending from './fixtures/deposit-status-pending.json' with { type: 'json' }
import acrossStatusRefunded from './fixtures/deposit-status-refunded.json' with { type: 'json' }
import acrossStatusSlowFillRequested from './fixtures/deposit-status-slow-fill-requested.json' with { type: 'json' }
import acrossDeposits from './fixtures/deposits.json' with { type: 'json' }
import acrossAmountTooLow from './fixtures/error-400-amount-too-low.json' with { type: 'json' }
import acrossRouteNotEnabled from './fixtures/error-400-route-not-enabled.json' with { type: 'json' }
import acrossDepositNotFound from './fixtures/error-404-deposit-not-found.json' with { type: 'json' }
import acrossSuggestedFees from './fixtures/suggested-fees.json' with { type: 'json' }
import acrossSuggestedFeesBnbUsdc from './fixtures/suggested-fees-bnb-usdc.json' with { type: 'json' }
import acrossSuggestedFeesWeth from './fixtures/suggested-fees-weth.json' with { type: 'json' }

export const acrossFixtures = {
  suggestedFees: acrossSuggestedFees,
  /** USDC Arbitrum (6 decimals) → USDC BNB Chain (18): asked with allowUnmatchedDecimals. */
  suggestedFeesBnbUsdc: acrossSuggestedFeesBnbUsdc,
  /** 1 WETH Arbitrum → WETH Base. */
  suggestedFeesWeth: acrossSuggestedFeesWeth,
  amountTooLow: acrossAmountTooLow,
  routeNotEnabled: acrossRouteNotEnabled,
  depositNotFound: acrossDepositNotFound,
  statusPending: acrossStatusPending,
  statusFilled: acrossStatusFilled,
  statusSlowFillRequested: acrossStatusSlowFillRequested,
  statusExpired: acrossStatusExpired,
  statusRefunded: acrossStatusRefunded,
  deposits: acrossDeposits,
}

/** A `/suggested-fees` answer as if asked at `now` (epoch seconds): its timestamp then, its fill deadline as far after. */
export function acrossFeesAt<T extends { timestamp: string; fillDeadline: string }>(fees: T, now: number): T {
  return {
    ...fees,
    timestamp: String(now),
    fillDeadline: String(now + Number(fees.fillDeadline) - Number(fees.timestamp)),
  }
}

const ACROSS_FRONTEND = 'across-protocol/frontend@bdcf46ce'
const ACROSS_INDEXER = 'across-protocol/indexer@a28c9a58'

/** Where each fixture's shape comes from (the repository and file at the commit read, or the documentation page). */
export const ACROSS_FIXTURE_SOURCES: Record<string, string> = {
  'suggested-fees.json': `${ACROSS_FRONTEND} api/suggested-fees.ts (response literal; strings for amounts, pct, timestamp, quoteBlock, fillDeadline, limits; numbers for estimatedFillTimeSec, exclusivityDeadline, token decimals/chainId) and docs/api-docs-openapi.yaml example. Fill deadline 11,830 s after the quote timestamp, as in the documented example (api/_fill-deadline.ts: quote time + a per-chain buffer, default 2 h).`,
  'suggested-fees-bnb-usdc.json': `Same source; USDC to BNB Chain (18 decimals): outputAmount in the output token's units, fees in the input token's (api/_utils.ts validateChainAndTokenParams, allowUnmatchedDecimals).`,
  'suggested-fees-weth.json': `Same source; the OpenAPI example is 1 WETH mainnet → Optimism, here 1 WETH Arbitrum → Base with fees in wei.`,
  'error-400-amount-too-low.json': `${ACROSS_FRONTEND} api/_errors.ts AcrossApiError.toJSON ({type, code, status, message}), docs/api-docs-openapi.yaml 400 example.`,
  'error-400-route-not-enabled.json': `Same as error-400-amount-too-low (code ROUTE_NOT_ENABLED).`,
  'error-404-deposit-not-found.json': `${ACROSS_INDEXER} packages/indexer-api/src/exceptions.ts DepositNotFoundException and its test deposit-status.test.ts "should return 404" ({error, message}).`,
  'deposit-status-pending.json': `${ACROSS_INDEXER} packages/indexer-api/src/services/deposits.ts getDepositStatus (object literal, key order; the database's unfilled answered as pending; depositId a string).`,
  'deposit-status-filled.json': `Same source, and docs.across.to reference example for /deposit/status (filled).`,
  'deposit-status-slow-fill-requested.json': `Same source (status passed through from RelayStatus).`,
  'deposit-status-expired.json': `Same source; expired set by packages/indexer/src/services/spokePoolProcessor.ts updateExpiredRelays.`,
  'deposit-status-refunded.json': `Same source; refunded set by RefundedDepositsStatusService; the refund hash is made up.`,
  'deposits.json': `${ACROSS_INDEXER} packages/indexer-api/src/services/deposits.ts getDeposits and utils/fields.ts (a bare array, newest first; raw statuses unfilled/filled/slowFillRequested/expired/refunded; ISO times; no token symbol or decimals) and docs.across.to /deposits example. Hashes other than the transfer's are made up; the last entry is deliberately of another shape.`,
}
