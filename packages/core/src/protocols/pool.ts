import type { Address, Hex, TypedDataDomain } from 'viem'

/** What a destination pool pays out (PoolBridge.sol: Release). */
export type PoolRelease = {
  transferId: Hex
  originChainId: bigint
  originPool: Address
  token: Address
  recipient: Address
  amount: bigint
  deadline: number
}

/** EIP-712 domain of a pool: attestations only verify on that chain and contract. */
export function poolDomain(chainId: number | bigint, pool: Address): TypedDataDomain {
  return { name: 'MultiBridge Pool', version: '1', chainId: Number(chainId), verifyingContract: pool }
}

export const releaseTypes = {
  Release: [
    { name: 'transferId', type: 'bytes32' },
    { name: 'originChainId', type: 'uint256' },
    { name: 'originPool', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'recipient', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'deadline', type: 'uint32' },
  ],
} as const

export const releasedTypes = { Released: [{ name: 'transferId', type: 'bytes32' }] } as const

export const notReleasedTypes = { NotReleased: [{ name: 'transferId', type: 'bytes32' }] } as const
