import type { Address, Client } from 'viem'

/** Ethereum's coin type (ENSIP-9, SLIP-44): the record every name's plain `addr` is. */
const ETHEREUM_COIN_TYPE = 60n

/**
 * Which record an ENS name was resolved with: `destination` is the destination chain's own (ENSIP-11; for
 * Ethereum, coin type 60), `mainnet` is Ethereum's, used when the destination has none (or none was chosen yet).
 */
export type EnsRecord = 'destination' | 'mainnet'

export type ResolveEnsNameReturnType = { address: Address; record: EnsRecord } | null

/** The destination's ENSIP-11 coin type, or undefined when it has none (a chain id out of ENSIP-11's range). */
function destinationCoinType(chainId: number | undefined, toCoinType: (chainId: number) => bigint) {
  if (chainId === undefined) return undefined
  try {
    return toCoinType(chainId)
  } catch {
    return undefined
  }
}

/**
 * The address an ENS name points to for the destination chain, read through ENS's universal resolver on Ethereum
 * mainnet as viem does. Each chain has its own record (ENSIP-11 coin type), and a smart account's address often
 * differs per chain: the destination's record is asked first; a destination without one falls back to the Ethereum
 * record, and says so. Null when neither is set. Throws when the name cannot be normalised (ENSIP-15) or the
 * chain is unreachable.
 */
export async function resolveEnsName(
  client: Client,
  name: string,
  destinationChainId: number | undefined,
): Promise<ResolveEnsNameReturnType> {
  const [{ getEnsAddress }, { normalize, toCoinType }, { mainnet }] = await Promise.all([
    import('viem/actions'),
    import('viem/ens'),
    import('viem/chains'),
  ])
  const read = (coinType: bigint) =>
    getEnsAddress(client, {
      name: normalize(name),
      coinType,
      universalResolverAddress: mainnet.contracts.ensUniversalResolver.address,
    })
  const own = destinationCoinType(destinationChainId, toCoinType)
  if (own !== undefined && own !== ETHEREUM_COIN_TYPE) {
    const address = await read(own)
    if (address) return { address, record: 'destination' }
  }
  const address = await read(ETHEREUM_COIN_TYPE)
  if (!address) return null
  return { address, record: own === ETHEREUM_COIN_TYPE ? 'destination' : 'mainnet' }
}
