import { UserRejectedRequestError } from 'viem'
import { MultiBridgeError, walkError } from './MultiBridgeError.ts'

/** SPEC §6 wallet failures. Each `code` is a message key in the UI catalogue. */
export class WalletDisconnectedError extends MultiBridgeError {
  override name = 'WalletDisconnectedError'
  constructor(cause?: unknown) {
    super('Your wallet is disconnected', { code: 'walletDisconnected', cause })
  }
}

export class NoWalletError extends MultiBridgeError {
  override name = 'NoWalletError'
  constructor() {
    super('Please open this in a browser with a wallet!', { code: 'noWallet' })
  }
}

export class WalletPluginNotFoundError extends MultiBridgeError {
  override name = 'WalletPluginNotFoundError'
  constructor(cause?: unknown) {
    super('Wallet plugin not found', { code: 'walletPluginNotFound', cause })
  }
}

export class WalletConnectError extends MultiBridgeError {
  override name = 'WalletConnectError'
  constructor(cause?: unknown) {
    super("Couldn't connect to wallet", { code: 'walletConnectFailed', cause })
  }
}

export class MissingChainInfoError extends MultiBridgeError {
  override name = 'MissingChainInfoError'
  constructor(readonly chainId: number) {
    super(`Missing chain info for ${chainId}. Please add it manually`, { code: 'missingChainInfo' })
  }
}

export class AddChainError extends MultiBridgeError {
  override name = 'AddChainError'
  constructor(cause?: unknown) {
    super("Couldn't add the chain automatically. Please add it yourself", { code: 'addChainFailed', cause })
  }
}

export class WalletSwitchChainError extends MultiBridgeError {
  override name = 'WalletSwitchChainError'
  constructor(cause?: unknown) {
    super('Failed to switch networks', { code: 'switchChainFailed', cause })
  }
}

/** The person said no in their wallet: nothing failed, nothing is lost, they can try again. */
export class UserRejectedError extends MultiBridgeError {
  override name = 'UserRejectedError'
  constructor(cause?: unknown) {
    super('The request was rejected in the wallet', { code: 'userRejected', cause })
  }
}

export class UnknownContractError extends MultiBridgeError {
  override name = 'UnknownContractError'
  constructor(readonly contractType: string) {
    super(`Unknown contract type: ${contractType}`, { code: 'unknownContract' })
  }
}

/** Something that should not happen did (a broken invariant): "Oops, something went wrong", details in the console. */
export class UnexpectedError extends MultiBridgeError {
  override name = 'UnexpectedError'
  constructor(details: string, cause?: unknown) {
    super('Oops, something went wrong', { code: 'unexpected', details, cause })
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

/**
 * The person refused in the wallet, wherever the refusal sits in the cause chain: our own error, EIP-1193's
 * 4001, or viem's `UserRejectedRequestError` (whose numeric code is 4001 too).
 */
export function isUserRejection(error: unknown): boolean {
  return (
    walkError(
      error,
      (item) =>
        item instanceof UserRejectedError ||
        (item as { code?: unknown } | null)?.code === PROVIDER_ERROR.userRejected ||
        item instanceof UserRejectedRequestError,
    ) !== undefined
  )
}

/** MetaMask's words (and its imitators') for typed data whose domain names another chain than the one it is on. */
const TYPED_DATA_CHAIN_MISMATCH = /provided chain ?id .* must match the active chain ?id/i

/**
 * The wallet refused to sign typed data because its domain names another chain than the one the wallet is on
 * (MetaMask does so for `eth_signTypedData_v4`): switching the wallet to that chain lets it sign.
 */
export function isTypedDataChainMismatch(error: unknown): boolean {
  // A wallet's error may be a plain { code, message } object; viem keeps its words in `details` and `cause`.
  const says = (item: unknown) => {
    const { message, details } = (item ?? {}) as { message?: unknown; details?: unknown }
    return [message, details].some((text) => typeof text === 'string' && TYPED_DATA_CHAIN_MISMATCH.test(text))
  }
  return walkError(error, says) !== undefined
}
