import { type Chain, InsufficientFundsError } from 'viem'
import { MultiBridgeError, walkError } from './MultiBridgeError.ts'

export type NotEnoughGasErrorParameters = {
  chainId: number
  /** The network's name and its native coin, as the person knows them. */
  network: string
  coin: string
  decimals: number
  /** Native coin the steps still to sign need (gas at the current fee, plus any native amount they send). */
  needed?: bigint | undefined
  cause?: unknown
}

/**
 * The account cannot pay for the gas of a transaction on a network: "Not enough {coin} on {network} for gas (about
 * {needed} needed)". Raised before anything is signed (the form's estimate), and in place of a wallet's or a node's
 * insufficient-funds error (viem's `InsufficientFundsError`, "total cost … exceeds the balance").
 */
export class NotEnoughGasError extends MultiBridgeError {
  override name = 'NotEnoughGasError'
  readonly chainId: number
  readonly network: string
  readonly coin: string
  readonly decimals: number
  readonly needed: bigint | undefined

  constructor(parameters: NotEnoughGasErrorParameters) {
    super(`Not enough ${parameters.coin} on ${parameters.network} for gas`, {
      code: 'notEnoughGas',
      cause: parameters.cause,
      ...(parameters.needed === undefined ? {} : { details: `needed: ${parameters.needed}` }),
    })
    this.chainId = parameters.chainId
    this.network = parameters.network
    this.coin = parameters.coin
    this.decimals = parameters.decimals
    this.needed = parameters.needed
  }
}

/**
 * `NotEnoughGasError` for a transaction on `chainId`, with the network and its coin as the chain's client names them
 * (the manifest's name and native currency): the swap's deposit and the person's refund say it alike.
 */
export function notEnoughGasOn(
  chain: Pick<Chain, 'name' | 'nativeCurrency'> | undefined,
  chainId: number,
  needed: bigint | undefined,
  cause: unknown,
): NotEnoughGasError {
  return new NotEnoughGasError({
    chainId,
    network: chain?.name ?? String(chainId),
    coin: chain?.nativeCurrency.symbol ?? 'ETH',
    decimals: chain?.nativeCurrency.decimals ?? 18,
    needed,
    cause,
  })
}

/** A node's or a wallet's words for a balance that cannot pay gas × fee + value (geth, anvil, MetaMask, viem). */
const INSUFFICIENT_FUNDS_TEXT =
  /insufficient funds|exceeds transaction sender account balance|total cost \(gas \* gas fee \+ value\) of executing this transaction exceeds the balance/i

/**
 * True when an insufficient-funds error sits anywhere in the cause chain: viem's `InsufficientFundsError` (also
 * from another copy of viem, by name), or a wallet's JSON-RPC error that says so in its own words.
 */
export function isInsufficientFundsError(error: unknown): boolean {
  return (
    walkError(error, (item) => {
      if (item instanceof InsufficientFundsError || item instanceof NotEnoughGasError) return true
      if (typeof item !== 'object' || item === null) return false
      const { name, message } = item as { name?: unknown; message?: unknown }
      return name === 'InsufficientFundsError' || (typeof message === 'string' && INSUFFICIENT_FUNDS_TEXT.test(message))
    }) !== undefined
  )
}
