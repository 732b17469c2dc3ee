import {
  type ChainStalledError,
  type ChainUnreachableError,
  type DepositNotMinedError,
  type DepositRevert,
  type DepositWouldRevertError,
  type ERROR_CODES,
  formatDisplayAmountUp,
  type GaslessOrderUnconfirmedError,
  type GaslessRefusedError,
  type HttpStatusError,
  isInsufficientFundsError,
  isUserRejection,
  type MissingChainInfoError,
  MultiBridgeError,
  type NotEnoughGasError,
  type NotSwapOwnerError,
  type ProviderNotAvailableError,
  type ProviderTimeoutError,
  type RevokeRefusedError,
  type ServiceUnreachableError,
  type SignedField,
  type SignedMismatchError,
  type TransactionNotConfirmedError,
  type UnknownContractError,
  walkError,
} from '@multi-bridge/core'
import { shortAddress } from './format.ts'

export type UserMessage = { message: string; values?: Record<string, string | number> }

const fixed = (message: string) => () => ({ message })

/** What a refused transaction would have done differently from the swap, per field (core's `SignedMismatchError`). */
export const SIGNED_MISMATCH: Record<SignedField, string> = {
  contract: 'The transaction to sign calls another contract than the route names. Nothing was signed.',
  recipient: 'The transaction to sign sends to another recipient than yours. Nothing was signed.',
  destinationChain: 'The transaction to sign goes to another network than you chose. Nothing was signed.',
  inputToken: 'The transaction to sign sends another token than you chose. Nothing was signed.',
  amount: 'The transaction to sign sends another amount than you entered. Nothing was signed.',
  value: 'The transaction to sign sends more of the native coin than the route shows. Nothing was signed.',
  output: 'The transaction to sign delivers less, or another token, than the route shows. Nothing was signed.',
  refundTo: 'The transaction to sign would refund someone else. Nothing was signed.',
  refund: 'The transaction to sign would refund you in another token, or not at all. Nothing was signed.',
  deadline:
    'The transaction to sign commits to an order that ends before it could be filled, or holds your deposit for too long. Nothing was signed.',
  settler: 'The transaction to sign lets someone other than the provider settle your deposit. Nothing was signed.',
  exclusiveRelayer:
    'The transaction to sign lets a single relayer hold your deposit for longer than the bridge allows. Nothing was signed.',
  destinationCall: 'The transaction to sign runs a call on the destination you did not ask for. Nothing was signed.',
  approval: 'The approval asked is not the exact amount to the contract called. Nothing was signed.',
  order: 'The transaction to sign commits to another order than the quote shows. Nothing was signed.',
  authorization: 'The signature asked would pay something else than this swap. Nothing was signed.',
}

/**
 * Why the deposit, simulated before the wallet was asked, would fail (core's `DepositRevert`): the cause in words, and
 * that nothing was signed.
 */
export const DEPOSIT_REVERT: Record<DepositRevert['kind'], string> = {
  paused: 'The bridge is paused: this deposit would fail, so nothing was signed. Choose another route.',
  quoteExpired: 'The quote expired on chain: this deposit would fail, so nothing was signed. Review a new quote.',
  balance: 'Your balance no longer covers this amount: the deposit would fail, so nothing was signed.',
  approvalRefused: 'The token refuses the approval: the deposit would fail, so nothing was signed.',
  takesMore: 'This deposit would take more from your wallet than this swap ({{amount}}), so nothing was signed.',
  error: 'The bridge would refuse this deposit ({{reason}}), so nothing was signed.',
  message: 'The bridge would refuse this deposit (“{{reason}}”), so nothing was signed.',
  unknown: 'The bridge would refuse this deposit without saying why, so nothing was signed.',
}

/** The values a `DEPOSIT_REVERT` message names. */
function depositRevertValues(revert: DepositRevert): Record<string, string> | undefined {
  switch (revert.kind) {
    case 'takesMore':
      return {
        amount:
          revert.symbol !== undefined && revert.decimals !== undefined
            ? `${formatDisplayAmountUp(revert.amount, revert.decimals)} ${revert.symbol}`
            : `${revert.amount} × ${shortAddress(revert.token)}`,
      }
    case 'error':
      return { reason: revert.error }
    case 'message':
      return { reason: revert.message }
    default:
      return undefined
  }
}

/** Why the solver did not open a signed gasless order (its refusal codes, docs/gasless.md §4): nothing left the wallet. */
const GASLESS_REFUSED: Record<string, string> = {
  PRICE_NOT_ACCEPTABLE:
    'The price moved before the solver opened your order. Nothing left your wallet: check the new quote.',
  ORDER_EXPIRED: 'The signature came too late for this quote. Nothing left your wallet: sign the new quote.',
  INSUFFICIENT_INVENTORY:
    'The solver cannot take this order now. Nothing left your wallet: try again or choose another route.',
  ORDER_TERMS: 'The solver cannot take this order now. Nothing left your wallet: try again or choose another route.',
  INSUFFICIENT_BALANCE: 'Your balance no longer covers this amount. Nothing left your wallet.',
  ALREADY_OPEN: 'This order is already open: follow it in History.',
  ALREADY_SUBMITTED: 'This order is already being opened: follow it in History.',
  CHAIN_UNAVAILABLE:
    "The solver can't reach one of these networks right now. Nothing left your wallet: try again shortly.",
}

/** Which of the bridge's own services does not answer (the devnet's solver, attester and relayer). */
const SERVICE_UNREACHABLE: Record<string, string> = {
  solver: "The bridge's solver is not answering",
  attester: "The bridge's attester is not answering",
  relayer: "The bridge's relayer is not answering",
}

/** The codes said as "Oops, something went wrong" on purpose: a broken answer or config, for developers to read. */
type SaidAsUnexpected =
  | 'invalidManifest'
  | 'invalidConfig'
  | 'httpParse'
  | 'invalidQuote'
  | 'invalidResponse'
  | 'unexpected'

/**
 * The error a code is raised as, where its message reads more than the code (every other code's is a plain
 * `MultiBridgeError`); `errorMessages.test.ts` raises each and checks its code.
 */
export type RaisedAs = {
  missingChainInfo: MissingChainInfoError
  unknownContract: UnknownContractError
  signedMismatch: SignedMismatchError
  depositWouldRevert: DepositWouldRevertError
  httpStatus: HttpStatusError
  notSwapOwner: NotSwapOwnerError
  transactionNotConfirmed: TransactionNotConfirmedError
  gaslessRefused: GaslessRefusedError
  gaslessUnconfirmed: GaslessOrderUnconfirmedError
  chainUnreachable: ChainUnreachableError
  serviceUnreachable: ServiceUnreachableError
  providerTimeout: ProviderTimeoutError
  depositNotMined: DepositNotMinedError
  providerNotAvailable: ProviderNotAvailableError
  chainStalled: ChainStalledError
  notEnoughGas: NotEnoughGasError
  revokeRefused: RevokeRefusedError
}

/** A code the person is told in words: every code core raises, but those said as "Oops" on purpose. */
type SaidCode = Exclude<(typeof ERROR_CODES)[number], SaidAsUnexpected>

/** Each code's message, from the error raised with it. */
type Catalogue = {
  [C in SaidCode]: (error: C extends keyof RaisedAs ? RaisedAs[C] : MultiBridgeError) => UserMessage
}

/**
 * SPEC §6: every error the person sees comes from this one catalogue, keyed by the error's stable `code`
 * (the messages are i18n keys). It has a message for every code core raises (a new code does not compile until it
 * has one, or is said as "Oops" on purpose); an error whose code is not here is "Oops, something went wrong".
 */
export const catalogue: Catalogue = {
  walletDisconnected: fixed('Your wallet is disconnected'),
  noWallet: fixed('Please open this in a browser with a wallet!'),
  walletPluginNotFound: fixed('Wallet plugin not found'),
  walletConnectFailed: fixed("Couldn't connect to wallet"),
  addChainFailed: fixed("Couldn't add the chain automatically. Please add it yourself"),
  switchChainFailed: fixed('Failed to switch networks'),
  wrongChain: fixed('Failed to switch networks'),
  userRejected: fixed('The request was rejected in the wallet'),
  missingChainInfo: (error) => ({
    message: 'Missing chain info for {{id}}. Please add it manually',
    values: { id: error.chainId },
  }),
  unknownContract: (error) => ({
    message: 'Unknown contract type: {{type}}',
    values: { type: error.contractType },
  }),
  signedMismatch: (error) => ({
    message: SIGNED_MISMATCH[error.field] ?? 'The transaction to sign does not match your swap. Nothing was signed.',
  }),
  httpTimeout: fixed('The request timed out'),
  httpAbort: fixed('The request was cancelled'),
  httpNetwork: fixed('Network error: check your connection'),
  httpStatus: (error) => ({
    message: 'The service answered with an error ({{status}})',
    values: { status: error.status },
  }),
  // Thrown before a deposit is sent (a quote fetched again, the checks before signing): nothing left the wallet.
  depositWouldRevert: (error) => {
    const values = depositRevertValues(error.revert)
    return { message: DEPOSIT_REVERT[error.revert.kind], ...(values ? { values } : {}) }
  },
  quoteChanged: fixed(
    'The quote changed before the deposit, so nothing left your wallet. Check the new amount and try again.',
  ),
  reviewMismatch: fixed(
    'The new quote is not for what you reviewed, so nothing left your wallet. Check it and try again.',
  ),
  quoteExpired: fixed(
    'The quote expired before the deposit, so nothing left your wallet. Review a new quote and try again.',
  ),
  senderMismatch: fixed(
    'The connected account changed, so nothing left your wallet. Check the new quote and try again.',
  ),
  notSwapOwner: (error) => ({
    message: 'Only {{account}} can refund this swap',
    values: { account: shortAddress(error.owner) },
  }),
  revokeRefused: (error) => ({
    message: '{{token}} refused to set its allowance to zero, so nothing was sent.',
    values: { token: error.tokenSymbol },
  }),
  refundNotAvailable: fixed('The refund is not available yet'),
  nothingToRefund: fixed(
    'Nothing is held for this swap any more: it was refunded or delivered. Its status updates shortly.',
  ),
  refundByProvider: fixed('The provider refunds this transfer by itself'),
  transactionReverted: fixed('The transaction failed on chain'),
  transactionNotConfirmed: (error) => ({
    message: "Sent, not confirmed yet: {{network}} hasn't shown it. It's checked again; don't send it twice.",
    values: { network: error.chainName },
  }),
  transactionReplaced: fixed('The transaction was cancelled or replaced in your wallet: it did nothing. Try again.'),
  gaslessRefused: (error) => ({
    message:
      GASLESS_REFUSED[error.refusal] ?? 'The solver did not open your order ({{code}}). Nothing left your wallet.',
    values: { code: error.refusal },
  }),
  // Signed, and the solver's answer lost: it may still open the order, so signing again could make a second one.
  gaslessUnconfirmed: (error) => ({
    message:
      "The solver hasn't confirmed your signed order. It may still be opened until {{time, datetime(timeStyle: short)}}: don't sign it again. It stays in History, followed there.",
    values: { time: error.openDeadline * 1000 },
  }),
  typedDataUnsupported: fixed('This wallet cannot sign this swap without gas. Choose a route with gas instead.'),
  batchIncomplete: fixed('The wallet stopped before the deposit: nothing was deposited. Try again.'),
  // A chain or one of the bridge's services that does not answer is named (issue #28: stuck is told).
  chainUnreachable: (error) => ({
    message: '{{network}} is not answering',
    values: { network: error.chainName },
  }),
  serviceUnreachable: (error) => ({
    message: SERVICE_UNREACHABLE[error.service] ?? "The bridge's service is not answering",
  }),
  providerTimeout: (error) => ({
    message: 'No answer within {{seconds}} seconds',
    values: { seconds: Math.round((error.timeoutMs ?? 0) / 1000) },
  }),
  trackTimeout: fixed("This swap couldn't be checked just now; trying again"),
  depositNotMined: (error) => ({
    message:
      'The deposit is still not mined after {{minutes}} minutes: it may have been dropped or replaced in your wallet. Check its activity; this page keeps looking.',
    values: { minutes: error.minutes },
  }),
  providerNotAvailable: (error) => ({
    message: '{{provider}} is not available in this app now, so this swap is not followed here',
    values: { provider: error.providerName },
  }),
  // A destination that answers but makes no new block: the swap waits for it (its clock keeps running).
  chainStalled: (error) => ({
    message: '{{network}} has made no new block for {{minutes}} min',
    values: { network: error.chainName, minutes: error.minutes },
  }),
  notEnoughGas: (error): UserMessage => {
    const { coin, network, needed, decimals } = error
    return needed === undefined
      ? { message: 'Not enough {{coin}} on {{network}} for gas', values: { coin, network } }
      : {
          message: 'Not enough {{coin}} on {{network}} for gas (about {{amount}} needed)',
          values: { coin, network, amount: `${formatDisplayAmountUp(needed, decimals)} ${coin}` },
        }
  },
}

/** A wallet's or a node's insufficient funds that no code of ours named (the network is not known there). */
export const NOT_ENOUGH_NATIVE: UserMessage = { message: "Not enough of the network's coin to pay for gas" }

export const UNEXPECTED: UserMessage = { message: 'Oops, something went wrong' }

/**
 * A route its provider no longer serves when the app fetches its quote again before signing (a limit, liquidity): the
 * routes list says why beside the provider; here, what it means for the swap.
 */
export const ROUTE_GONE: UserMessage = {
  message: 'This route is no longer available, so nothing left your wallet. Check the routes again.',
}

/** Whether the catalogue says an error of ours in words (else it is "Oops"). */
const isCatalogued = (error: unknown): error is MultiBridgeError<string> =>
  error instanceof MultiBridgeError && (error.code.startsWith('route.') || error.code in catalogue)

/** The catalogue's message for an error of ours, when its code has one. */
export function catalogueMessage(error: MultiBridgeError<string>): UserMessage | undefined {
  if (!isCatalogued(error)) return undefined
  if (error.code.startsWith('route.')) return ROUTE_GONE
  // The one place a code meets its message: `RaisedAs` says which error carries the code (checked by a test).
  return (catalogue[error.code as SaidCode] as (error: MultiBridgeError<string>) => UserMessage)(error)
}

/**
 * The person's message for any error. The outermost catalogued error wins over what caused it (a refused
 * connection is "Couldn't connect to wallet"); a refusal in the wallet, however deeply wrapped by viem or
 * wagmi, is said as such; anything else is "Oops, something went wrong" (the console has the details).
 */
export function toUserMessage(error: unknown): UserMessage {
  const known = walkError(error, isCatalogued) as MultiBridgeError<string> | undefined
  if (known) return catalogueMessage(known) ?? UNEXPECTED
  if (isUserRejection(error)) return { message: 'The request was rejected in the wallet' }
  // viem's "total cost … exceeds the balance", or a wallet's "insufficient funds", however wrapped: never "Oops".
  if (isInsufficientFundsError(error)) return NOT_ENOUGH_NATIVE
  return UNEXPECTED
}

/** Logs the full error for developers; the person only ever sees the catalogue message. */
export function reportError(context: string, error: unknown): UserMessage {
  console.error(`[${context}]`, error)
  return toUserMessage(error)
}
