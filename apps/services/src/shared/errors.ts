import { MultiBridgeError } from '@multi-bridge/core'

/** What a service failure is about: stable for callers and log readers; the message is for a person. */
export type ServiceErrorCode =
  | 'MANIFEST_UNREADABLE'
  | 'PORT_MISSING'
  | 'KEY_MISSING'
  | 'FINALITY_UNKNOWN'
  | 'ATTESTER_URL_MISSING'
  | 'ATTESTER_FAILED'
  | 'ATTESTER_ANSWER_INVALID'
  | 'ATTESTERS_UNREACHABLE'
  | 'UNKNOWN_CHAIN'
  | 'CHAIN_UNREACHABLE'
  | 'TRANSACTION_REVERTED'
  | 'GAS_ABOVE_CAP'
  | 'ALREADY_FILLED'
  | 'BUILD_FAILED'
  | 'SERVICE_START_TIMEOUT'
  | 'SERVICE_EXITED'
  | 'SERVICE_RUNNING'
  | 'SERVICE_UNKNOWN'
  | 'NETWORK_STOPPING'
  | 'DATABASE_UNREACHABLE'
  | 'DATABASE_TOO_NEW'
  | 'STATE_NOT_SAVED'
  | 'CORRUPT_STATE'
  | 'READ_TIMEOUT'
  | 'CONFLICTING_ATTESTATION'
  | 'INVALID_PRICING'
  | 'UNPRICED_TOKEN'

/** A failure of a service, or of starting one, that is not an HTTP answer (see `HttpError`). */
export class ServiceError extends MultiBridgeError<ServiceErrorCode> {
  override name = 'ServiceError'

  constructor(message: string, options: { code: ServiceErrorCode; cause?: unknown; details?: string }) {
    super(message, options)
  }
}
