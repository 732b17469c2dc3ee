import type { Hex } from 'viem'
import { MultiBridgeError } from '../errors/MultiBridgeError.ts'

/**
 * Why a deposit would revert, as the simulation before signing read it from the revert data (`decodeDepositRevert`):
 * the commonest causes in words of their own, any other error the contract names by its name and arguments.
 */
export type DepositRevert =
  | { kind: 'paused' }
  | { kind: 'quoteExpired' }
  | { kind: 'balance' }
  | { kind: 'approvalRefused' }
  /**
   * The deposit would take more from the wallet than the swap: a token it names, or more of the one sent (`amount`:
   * all of it that leaves; its symbol and decimals when it is the token sent or the native coin).
   */
  | { kind: 'takesMore'; token: Hex; amount: bigint; symbol?: string; decimals?: number }
  /** A custom error the contract named, with its arguments as text: `InvalidOrder("zero amount")`. */
  | { kind: 'error'; error: string }
  /** `require(…, "message")`. */
  | { kind: 'message'; message: string }
  /** No reason given, or one no known contract declares (its 4-byte selector, when there was one). */
  | { kind: 'unknown'; selector?: Hex }

/**
 * The deposit, simulated before the wallet was asked (its approval assumed), would revert, or would take more from the
 * wallet than the swap: nothing was signed, nothing left the wallet.
 */
export class DepositWouldRevertError extends MultiBridgeError {
  override name = 'DepositWouldRevertError'
  constructor(readonly revert: DepositRevert) {
    super(`The deposit would fail (${revert.kind})`, { code: 'depositWouldRevert' })
  }
}
