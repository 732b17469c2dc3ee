import { MultiBridgeError } from '../errors/MultiBridgeError.ts'

/** The request took longer than its time-out (runtime code 5). */
export class HttpTimeoutError extends MultiBridgeError {
  override name = 'HttpTimeoutError'
  readonly runtimeCode = 5
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`Request timed out after ${timeoutMs} ms`, { code: 'httpTimeout', details: url })
  }
}

/** The caller cancelled the request (runtime code 600003). */
export class HttpAbortError extends MultiBridgeError {
  override name = 'HttpAbortError'
  readonly runtimeCode = 600003
  constructor(readonly url: string) {
    super('Request aborted', { code: 'httpAbort', details: url })
  }
}

/** No answer at all: offline, DNS, refused connection, CORS (runtime code 5). */
export class HttpNetworkError extends MultiBridgeError {
  override name = 'HttpNetworkError'
  readonly runtimeCode = 5
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super('Network error', { code: 'httpNetwork', cause, details: url })
  }
}

/** An answer outside 200–299, with its parsed body when it had one. */
export class HttpStatusError extends MultiBridgeError {
  override name = 'HttpStatusError'
  constructor(
    readonly url: string,
    readonly status: number,
    readonly body: unknown,
    readonly retryAfterMs?: number,
  ) {
    super(`Request failed with status ${status}`, { code: 'httpStatus', details: url })
  }
}

/** A 2xx answer whose body is not the JSON it should be. */
export class HttpParseError extends MultiBridgeError {
  override name = 'HttpParseError'
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super('Response is not valid JSON', { code: 'httpParse', cause, details: url })
  }
}
