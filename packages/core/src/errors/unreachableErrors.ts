import { MultiBridgeError } from './MultiBridgeError.ts'

/**
 * A chain's RPC did not answer in time, or its transport failed (refused, reset, 429, 5xx): the chain is
 * named so the person knows which network is down, and everything that does not need it goes on.
 */
export class ChainUnreachableError extends MultiBridgeError {
  override name = 'ChainUnreachableError'
  constructor(
    readonly chainId: number,
    readonly chainName: string,
    cause?: unknown,
  ) {
    super(`${chainName} (${chainId}) is not answering`, { code: 'chainUnreachable', cause })
  }
}

/** One of the bridge's own services (the devnet's solver, attester or relayer) did not answer. */
export type BridgeService = 'solver' | 'attester' | 'relayer'

export class ServiceUnreachableError extends MultiBridgeError {
  override name = 'ServiceUnreachableError'
  constructor(
    readonly service: BridgeService,
    cause?: unknown,
  ) {
    super(`The ${service} is not answering`, { code: 'serviceUnreachable', cause })
  }
}

/** A provider gave no quote within the route list's time bound (its calls were cancelled). */
export class ProviderTimeoutError extends MultiBridgeError {
  override name = 'ProviderTimeoutError'
  constructor(
    readonly providerName: string,
    readonly timeoutMs: number,
  ) {
    super(`${providerName} did not answer within ${timeoutMs} ms`, { code: 'providerTimeout' })
  }
}
