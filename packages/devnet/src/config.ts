/** The embedded default network: three local chains with different block times. */
export type DevnetChainConfig = {
  id: number
  name: string
  shortName: string
  /** Offset from the base port. */
  portOffset: number
  blockTime: number
  /**
   * Blocks after which the services treat an event on this chain as final: the attester signs and
   * the relayer releases only at this depth, so a shallower reorg never makes anyone pay twice.
   */
  confirmations: number
}

export const DEVNET_CHAINS: readonly DevnetChainConfig[] = [
  { id: 1337001, name: 'Local Chain A', shortName: 'local-a', portOffset: 0, blockTime: 1, confirmations: 5 },
  { id: 1337002, name: 'Local Chain B', shortName: 'local-b', portOffset: 1, blockTime: 2, confirmations: 4 },
  { id: 1337003, name: 'Local Chain C', shortName: 'local-c', portOffset: 2, blockTime: 3, confirmations: 3 },
]

export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** Which anvil account plays which role (indices into the mnemonic). */
export const DEVNET_ACCOUNTS = {
  deployer: 0,
  solver: 1,
  relayer: 2,
  /**
   * The three attesters' keys (any 2 of 3 sign): they only sign, so they need no funds. 3 is the old single
   * attester's; 11 and 12 are past every other role.
   */
  attesters: [3, 11, 12],
  /** May pause claims and releases at once (attested refunds for `attestedHold` at most) and remove a signer. */
  guardian: 10,
  users: [0, 4, 5, 6, 7, 8, 9],
  wallet: 4,
} as const

export const DEFAULT_BASE_PORT = 8545
/** How many of the attesters must sign an attestation for the devnet's verifiers. */
export const DEVNET_ATTESTER_THRESHOLD = 2

/** Services listen above the chains: solver, relayer, then the attesters one after another. */
export const SERVICE_PORT_OFFSETS = { solver: 100, relayer: 102, attesters: [101, 103, 104] } as const

export type ServicePorts = { solver: number; relayer: number; attesters: readonly number[] }

/** The service ports of a devnet whose chains start at `basePort`. */
export const servicePortsFrom = (basePort: number): ServicePorts => ({
  solver: basePort + SERVICE_PORT_OFFSETS.solver,
  relayer: basePort + SERVICE_PORT_OFFSETS.relayer,
  attesters: SERVICE_PORT_OFFSETS.attesters.map((offset) => basePort + offset),
})

/** Token amounts in whole units (scaled by each token's decimals at deploy time). */
export const DEVNET_FUNDING = {
  userStable: 1_000_000n,
  userWeth: 100n,
  solverStable: 250_000n,
  solverWeth: 50n,
  poolStable: 200_000n,
  poolWeth: 20n,
  poolNative: 20n,
  /** Of the look-alike "USDC" (deploy.ts), to each user. */
  lookAlikeAirdrop: 5_000n,
} as const

/**
 * Delays that keep "delivered or refunded, never both" true when the attester or relayer is down.
 * The unattested refund is an escape hatch for a dead attester, not a slow one: an hour here is far
 * beyond the services' worst case on the devnet (finality depth, polling and inclusion take seconds).
 * Production deployments use days: `minRefundDelay` 3 days, `adminDelay` 2 days.
 */
export const SAFETY_DELAYS = {
  /** Least time from a fill or release deadline to the refund that needs no attestation. */
  minRefundDelay: 3600,
  /** Time between scheduling a route, parameter or signer-set change and applying it. */
  adminDelay: 3600,
  /**
   * Longest a guardian's brake holds attested refunds and a pool's finalize (claims and releases stay paused until
   * the owner lifts it): the time to take a stolen attester key out of every chain's verifier. A day in production.
   */
  attestedHold: 3600,
} as const

export const POOL_PARAMETERS = {
  feeBps: 30,
  /** Seconds the destination pool has to release a transfer. */
  releaseWindow: 300,
  /** Seconds after the release deadline when the sender may refund without any attestation. */
  refundDelay: SAFETY_DELAYS.minRefundDelay,
} as const
