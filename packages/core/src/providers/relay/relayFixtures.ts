/**
 * Relay API answers replayed by the tests, each with where its shape comes from (test data only: never shipped).
 * RELAY_KIT is relayprotocol/relay-kit `packages/sdk/src/types/api.ts` (generated from Relay's OpenAPI spec,
 * 2026-08-04); RELAY_DOCS is relayprotocol/relay-docs (docs.relay.link, 2026-08-21).
 */
import amountTooLow from './fixtures/error-400-amount-too-low.json' with { type: 'json' }
import noRoutes from './fixtures/error-400-no-routes.json' with { type: 'json' }
import unauthorized from './fixtures/error-401-requests.json' with { type: 'json' }
import rateLimited from './fixtures/error-429.json' with { type: 'json' }
import { liveQuoteFixture } from './fixtures/generateQuoteFixtures.ts'
import quoteEth from './fixtures/quote-eth.json' with { type: 'json' }
import quoteUsdc from './fixtures/quote-usdc.json' with { type: 'json' }
import quoteUsdcGas from './fixtures/quote-usdc-gas.json' with { type: 'json' }
import requests from './fixtures/requests-v3.json' with { type: 'json' }
import statusDelayed from './fixtures/status-delayed.json' with { type: 'json' }
import statusDepositing from './fixtures/status-depositing.json' with { type: 'json' }
import statusFailure from './fixtures/status-failure.json' with { type: 'json' }
import statusPending from './fixtures/status-pending.json' with { type: 'json' }
import statusRefund from './fixtures/status-refund.json' with { type: 'json' }
import statusSubmitted from './fixtures/status-submitted.json' with { type: 'json' }
import statusSuccess from './fixtures/status-success.json' with { type: 'json' }
import statusWaiting from './fixtures/status-waiting.json' with { type: 'json' }

export const relayFixtures = {
  // Made again from the files with deadlines from the clock (the files' own end in 2100, which the app refuses).
  quoteUsdc: liveQuoteFixture('quote-usdc.json', quoteUsdc),
  quoteUsdcGas: liveQuoteFixture('quote-usdc-gas.json', quoteUsdcGas),
  quoteEth: liveQuoteFixture('quote-eth.json', quoteEth),
  amountTooLow,
  noRoutes,
  rateLimited,
  unauthorized,
  status: {
    waiting: statusWaiting,
    depositing: statusDepositing,
    pending: statusPending,
    submitted: statusSubmitted,
    delayed: statusDelayed,
    success: statusSuccess,
    failure: statusFailure,
    refund: statusRefund,
  },
  requests,
}

/** A status answer about a deposit a test made: Relay names the deposits it saw in `inTxHashes`. */
export const relayStatusFor = (status: keyof typeof relayFixtures.status, depositTx: string) => ({
  ...relayFixtures.status[status],
  inTxHashes: [depositTx],
})

/**
 * requests-v3's completed request as Relay lists the quote's swap (`quoteUsdc`) once made: its request id, the deposit
 * the test made and the fill it delivered with; no times of Relay's own (the chains' are read).
 */
export function relayRequestFor(depositTx: string, fillTx: string) {
  const [done] = relayFixtures.requests.requests as {
    createdAt?: string
    data: { inTxs: { timestamp?: number }[]; outTxs: { timestamp?: number }[] }
  }[]
  if (!done) throw new Error('requests-v3.json lists no request')
  const { createdAt: _, ...request } = done
  const [sent] = done.data.inTxs
  const [fill] = done.data.outTxs
  const { timestamp: __, ...deposit } = sent ?? {}
  const { timestamp: ___, ...delivery } = fill ?? {}
  return {
    ...request,
    id: relayFixtures.quoteUsdc.requestId,
    data: { ...done.data, inTxs: [{ ...deposit, txHash: depositTx }], outTxs: [{ ...delivery, txHash: fillTx }] },
  }
}

const RELAY_KIT = 'relayprotocol/relay-kit@c3af14db packages/sdk/src/types/api.ts'
const RELAY_DOCS = 'relayprotocol/relay-docs@f0bbe935'
/** Where the quote fixtures' protocol part and deposit calldata come from (see fixtures/generateQuoteFixtures.ts). */
const PROTOCOL = `protocol.v2 as Relay returns it with includeProtocolData (${RELAY_KIT} "/quote/v2" 200 protocol.v2: orderId, hubType, orderData, paymentDetails; the order laid out like the orders of ${RELAY_DOCS} features/price-stabilization.mdx, whose ids hash right), made by fixtures/generateQuoteFixtures.ts from the quote's details: relay-protocol-sdk Order v1, its id the order's EIP-712 hash (relayprotocol/relay-protocol-sdk src/order/index.ts), the deposit calldata encoded with the depository ABI around that id (relayprotocol/relay-depository RelayDepository.sol). No orderSignature: it is Relay's solver's signature, which a fixture cannot make (the adapter does not read it)`

export const RELAY_FIXTURE_SOURCES: Record<string, string> = {
  'quote-usdc.json': `${RELAY_KIT} ("/quote/v2" 200: steps, fees, details, protocol). Steps as in ${RELAY_DOCS} features/price-stabilization.mdx (approve to the token with the depository as spender, then depositErc20(user, token, amount, orderId) into the depository 0x4cd0…bc31). Fee magnitudes from an Arbitrum USDC capture; 100 USDC to Base for the fixture account. ${PROTOCOL}. Not a verbatim capture.`,
  'quote-usdc-gas.json': `Same, with topupGas: details.currencyGasTopup (${RELAY_KIT}; ${RELAY_DOCS} features/gas-top-up.mdx, default $2) in Base ETH, the output lowered by its price. The order pays the USDC only: how Relay lays out a top-up in an order is not published.`,
  'quote-eth.json': `${RELAY_KIT}; fees and details from relay-kit packages/sdk/tests/data/executeBridge.ts (ETH → Base), the deposit depositNative(user, orderId) into the depository, value = amount, on Arbitrum. ${PROTOCOL}.`,
  'error-400-amount-too-low.json': `${RELAY_DOCS} references/api/api_core_concepts/handling-errors.mdx ({message, errorCode}), code AMOUNT_TOO_LOW.`,
  'error-400-no-routes.json': `${RELAY_DOCS} handling-errors.mdx example, verbatim.`,
  'error-429.json': `${RELAY_KIT} ("/quote/v2" 429: {message}); ${RELAY_DOCS} handling-rate-limits.mdx (no retry-after documented).`,
  'error-401-requests.json': `${RELAY_KIT} ("/requests/v3" needs x-api-key; 401 {message, errorCode}).`,
  'status-waiting.json': `${RELAY_KIT} ("/intents/status/v3"); ${RELAY_DOCS} references/api/get-intents-status-v3.mdx (status table), failReason/refundFailReason from changelog.mdx 2026-08-07. Hashes from the quickstart example.`,
  'status-depositing.json': 'Same source, status depositing.',
  'status-pending.json': 'Same source, status pending.',
  'status-submitted.json': 'Same source, status submitted (v3 only), with the destination hash.',
  'status-delayed.json': 'Same source: delayed is in the docs table, not in the OpenAPI enum.',
  'status-success.json': `${RELAY_DOCS} references/api/quickstart.mdx success example (Base → BNB there; chain ids set to Arbitrum → Base), with failReason N/A.`,
  'status-failure.json': `Same source as status-waiting; failReason from references/api/api_core_concepts/execution-errors.mdx.`,
  'status-refund.json': 'Same source; the refund transaction in txHashes, as relay-kit reads it.',
  'requests-v3.json': `${RELAY_DOCS} references/api/api_guides/migrating-to-requests-v3.mdx (v3: txHash in inTxs/outTxs, data.route.{quoted,actual}.{origin,destination}.{inputCurrency,outputCurrency}, sender at the root, refundTo), values from the /requests/v2 @example in ${RELAY_KIT}; one entry on a chain outside the config (Zora) and one odd entry.`,
}
