/**
 * The one base of every error the product raises: a short message a person can read, a stable
 * `code` the UI maps to a translated message, and the underlying cause for the console.
 */
export class BaseError extends Error {
  override name = 'BaseError'
  readonly code: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: { code: string; cause?: unknown; details?: string }) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = options.code
    this.details = options.details
  }
}

export const isBaseError = (error: unknown): error is BaseError => error instanceof BaseError
