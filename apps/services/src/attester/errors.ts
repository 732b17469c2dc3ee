import { MultiBridgeError } from '@multi-bridge/core'
import type { ServiceErrorCode } from '../shared/errors.ts'

/**
 * A signature asked for against one already made for the same subject (a no-fill after a fill, say): refused, as
 * the contracts would pay twice on both. Only a state file changed by hand can ask for it.
 */
export class ConflictingAttestationError extends MultiBridgeError<ServiceErrorCode> {
  override name = 'ConflictingAttestationError'

  constructor(
    readonly subject: string,
    readonly signed: string,
    readonly asked: string,
  ) {
    super(`refusing to sign ${asked} for ${subject}: ${signed} was signed for it`, { code: 'CONFLICTING_ATTESTATION' })
  }
}
