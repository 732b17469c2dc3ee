/** The embedded default network: three local chains with different block times. */
export type DevnetChainConfig = {
  id: number
  name: string
  shortName: string
  /** Offset from the base port. */
  portOffset: number
  blockTime: number
}

export const DEVNET_CHAINS: readonly DevnetChainConfig[] = [
  { id: 1337001, name: 'Local Chain A', shortName: 'local-a', portOffset: 0, blockTime: 1 },
  { id: 1337002, name: 'Local Chain B', shortName: 'local-b', portOffset: 1, blockTime: 2 },
  { id: 1337003, name: 'Local Chain C', shortName: 'local-c', portOffset: 2, blockTime: 3 },
]

export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** Which anvil account plays which role (indices into the mnemonic). */
export const DEVNET_ACCOUNTS = {
  deployer: 0,
  solver: 1,
  relayer: 2,
  attester: 3,
  users: [0, 4, 5, 6, 7, 8, 9],
  wallet: 4,
} as const

export const DEFAULT_BASE_PORT = 8545
/** Services listen above the chains: solver, attester, relayer. */
export const SERVICE_PORT_OFFSETS = { solver: 100, attester: 101, relayer: 102 } as const

/** Token amounts in whole units (scaled by each token's decimals at deploy time). */
export const DEVNET_FUNDING = {
  userStable: 1_000_000n,
  userWeth: 100n,
  solverStable: 250_000n,
  solverWeth: 50n,
  poolStable: 200_000n,
  poolWeth: 20n,
  poolNative: 20n,
} as const

export const POOL_PARAMETERS = {
  feeBps: 30,
  /** Seconds the destination pool has to release a transfer. */
  releaseWindow: 300,
  /** Seconds after the release deadline when the sender may refund without any attestation. */
  refundDelay: 600,
} as const

/** Blocks the attester waits on a chain before it signs about an event there. */
export const ATTESTATION_CONFIRMATIONS = 1
