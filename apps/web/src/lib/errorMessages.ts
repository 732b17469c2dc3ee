import {
  BaseError,
  type HttpStatusError,
  isUserRejection,
  type MissingChainInfoError,
  type NotSwapOwnerError,
  type SignedField,
  type SignedMismatchError,
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
  destinationCall: 'The transaction to sign runs a call on the destination you did not ask for. Nothing was signed.',
  approval: 'The approval asked is not the exact amount to the contract called. Nothing was signed.',
  order: 'The transaction to sign commits to another order than the quote shows. Nothing was signed.',
}

/**
 * SPEC §6: every error the person sees comes from this one catalogue, keyed by the error's stable `code`
 * (the messages are i18n keys). An error whose code is not here is "Oops, something went wrong".
 */
export const catalogue: Record<string, (error: BaseError) => UserMessage> = {
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
    values: { id: (error as MissingChainInfoError).chainId },
  }),
  unknownContract: (error) => ({
    message: 'Unknown contract type: {{type}}',
    values: { type: (error as UnknownContractError).contractType },
  }),
  signedMismatch: (error) => ({
    message:
      SIGNED_MISMATCH[(error as SignedMismatchError).field] ??
      'The transaction to sign does not match your swap. Nothing was signed.',
  }),
  httpTimeout: fixed('The request timed out'),
  httpAbort: fixed('The request was cancelled'),
  httpNetwork: fixed('Network error: check your connection'),
  httpStatus: (error) => ({
    message: 'The service answered with an error ({{status}})',
    values: { status: (error as HttpStatusError).status },
  }),
  quoteChanged: fixed('The quote changed. Check the new amount and try again.'),
  reviewMismatch: fixed('The new quote is not for what you reviewed. Check it and try again.'),
  quoteExpired: fixed('The quote expired. Fetching a new one…'),
  senderMismatch: fixed('The connected account changed. Check the new quote and try again.'),
  notSwapOwner: (error) => ({
    message: 'Only {{account}} can refund this swap',
    values: { account: shortAddress((error as NotSwapOwnerError).owner) },
  }),
  refundNotAvailable: fixed('The refund is not available yet'),
  refundByProvider: fixed('The provider refunds this transfer by itself'),
  transactionReverted: fixed('The transaction failed on chain'),
}

export const UNEXPECTED: UserMessage = { message: 'Oops, something went wrong' }

/**
 * The person's message for any error. The outermost catalogued error wins over what caused it (a refused
 * connection is "Couldn't connect to wallet"); a refusal in the wallet, however deeply wrapped by viem or
 * wagmi, is said as such; anything else is "Oops, something went wrong" (the console has the details).
 */
export function toUserMessage(error: unknown): UserMessage {
  const known = walkError(error, (item) => item instanceof BaseError && item.code in catalogue) as BaseError | undefined
  if (known) return catalogue[known.code]!(known)
  if (isUserRejection(error)) return { message: 'The request was rejected in the wallet' }
  return UNEXPECTED
}

/** Logs the full error for developers; the person only ever sees the catalogue message. */
export function reportError(context: string, error: unknown): UserMessage {
  console.error(`[${context}]`, error)
  return toUserMessage(error)
}
