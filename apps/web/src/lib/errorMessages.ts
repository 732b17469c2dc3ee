import {
  BaseError,
  HttpAbortError,
  HttpNetworkError,
  HttpStatusError,
  HttpTimeoutError,
  isUserRejection,
  MissingChainInfoError,
  UnknownContractError,
} from '@multi-bridge/core'

export type UserMessage = { message: string; values?: Record<string, string | number> }

/** SPEC §6: every error the person sees comes from this one catalogue (keys are the English text). */
export function toUserMessage(error: unknown): UserMessage {
  // A catalogued error wins over what caused it (a refused connection is "Couldn't connect to wallet").
  if (error instanceof BaseError && catalogued.has(error.message)) return { message: error.message }
  if (isUserRejection(error)) return { message: 'The request was rejected in the wallet' }
  if (error instanceof MissingChainInfoError) {
    return { message: 'Missing chain info for {{id}}. Please add it manually', values: { id: error.chainId } }
  }
  if (error instanceof UnknownContractError) {
    return { message: 'Unknown contract type: {{type}}', values: { type: error.contractType } }
  }
  if (error instanceof HttpTimeoutError) return { message: 'The request timed out' }
  if (error instanceof HttpAbortError) return { message: 'The request was cancelled' }
  if (error instanceof HttpNetworkError) return { message: 'Network error: check your connection' }
  if (error instanceof HttpStatusError) {
    return { message: 'The service answered with an error ({{status}})', values: { status: error.status } }
  }
  return { message: 'Oops, something went wrong' }
}

const catalogued = new Set([
  'Your wallet is disconnected',
  'Please open this in a browser with a wallet!',
  'Wallet plugin not found',
  "Couldn't add the chain automatically. Please add it yourself",
  'Failed to switch networks',
  "Couldn't connect to wallet",
  'Not enough balance',
])

/** Logs the full error for developers; the person only ever sees the catalogue message. */
export function reportError(context: string, error: unknown): UserMessage {
  console.error(`[${context}]`, error)
  return toUserMessage(error)
}
