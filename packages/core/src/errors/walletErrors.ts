import { BaseError } from './BaseError.ts'

/** SPEC §6 wallet failures. Each `code` is a message key in the UI catalogue. */
export class WalletDisconnectedError extends BaseError {
  override name = 'WalletDisconnectedError'
  constructor(cause?: unknown) {
    super('Your wallet is disconnected', { code: 'walletDisconnected', cause })
  }
}

export class NoWalletError extends BaseError {
  override name = 'NoWalletError'
  constructor() {
    super('Please open this in a browser with a wallet!', { code: 'noWallet' })
  }
}

export class WalletPluginNotFoundError extends BaseError {
  override name = 'WalletPluginNotFoundError'
  constructor(cause?: unknown) {
    super('Wallet plugin not found', { code: 'walletPluginNotFound', cause })
  }
}

export class WalletConnectError extends BaseError {
  override name = 'WalletConnectError'
  constructor(cause?: unknown) {
    super("Couldn't connect to wallet", { code: 'walletConnectFailed', cause })
  }
}

export class MissingChainInfoError extends BaseError {
  override name = 'MissingChainInfoError'
  constructor(readonly chainId: number) {
    super(`Missing chain info for ${chainId}. Please add it manually`, { code: 'missingChainInfo' })
  }
}

export class AddChainError extends BaseError {
  override name = 'AddChainError'
  constructor(cause?: unknown) {
    super("Couldn't add the chain automatically. Please add it yourself", { code: 'addChainFailed', cause })
  }
}

export class SwitchChainError extends BaseError {
  override name = 'SwitchChainError'
  constructor(cause?: unknown) {
    super('Failed to switch networks', { code: 'switchChainFailed', cause })
  }
}

/** The person said no in their wallet: nothing failed, nothing is lost, they can try again. */
export class UserRejectedError extends BaseError {
  override name = 'UserRejectedError'
  constructor(cause?: unknown) {
    super('The request was rejected in the wallet', { code: 'userRejected', cause })
  }
}

export class UnknownContractError extends BaseError {
  override name = 'UnknownContractError'
  constructor(readonly contractType: string) {
    super(`Unknown contract type: ${contractType}`, { code: 'unknownContract' })
  }
}

export class UnexpectedError extends BaseError {
  override name = 'UnexpectedError'
  constructor(cause?: unknown) {
    super('Oops, something went wrong', { code: 'unexpected', cause })
  }
}

/** EIP-1193 / EIP-1474 provider error codes. */
export const PROVIDER_ERROR = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
} as const

/** Reads a provider error code from an error or any of its causes (viem and wagmi wrap them). */
export function providerErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current; depth++) {
    if (typeof current === 'object' && current !== null) {
      const code = (current as { code?: unknown }).code
      if (typeof code === 'number') return code
      current = (current as { cause?: unknown }).cause
    } else break
  }
  return undefined
}

export function isUserRejection(error: unknown): boolean {
  if (error instanceof UserRejectedError) return true
  if (providerErrorCode(error) === PROVIDER_ERROR.userRejected) return true
  let current: unknown = error
  for (let depth = 0; depth < 8 && current; depth++) {
    if ((current as { name?: string }).name === 'UserRejectedRequestError') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
