import { MultiBridgeError } from './MultiBridgeError.ts'

/**
 * A Safe lives on one chain (`chainId`): it cannot switch to another, and a swap from it starts on its own. Said as a
 * failed switch: the swap form says where a Safe's swap starts before anything is signed. In a module of its own, so
 * that no other wallet's code carries it.
 */
export class SafeChainError extends MultiBridgeError {
  override name = 'SafeChainError'
  constructor(
    readonly chainId: number,
    readonly asked: number,
  ) {
    super(`This Safe is on chain ${chainId}, not on chain ${asked}`, { code: 'switchChainFailed' })
  }
}
