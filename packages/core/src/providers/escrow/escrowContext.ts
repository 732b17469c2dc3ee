import type { Abi, AbiEvent, Address, Chain, Hex, Log, PublicClient, Transport } from 'viem'
import { getAbiItem } from 'viem'
import type { ChainClients } from '../../chains/chainClients.ts'
import { clientFor } from '../../chains/chainClients.ts'
import type { ChainClock } from '../../chains/chainClock.ts'
import { readChain } from '../../chains/readChain.ts'
import { chainName, getManifestChain } from '../../config/manifest.ts'
import { createSolverPriceSource, type SolverPriceSource } from '../../prices/solverPrices.ts'
import type { SwapRecord } from '../../records/types.ts'
import { createTokenRefResolver } from '../../routes/tokenRef.ts'
import type { ProviderContext } from '../types.ts'
import type { EscrowContext, EscrowProtocol } from './escrowProtocol.ts'

export type Client = PublicClient<Transport, Chain>

/** A decoded log of one of the protocol's events: its arguments by name, and where it stands. */
export type EventLog = Log<bigint, number, false> & { args: Readonly<Record<string, unknown>> }

/**
 * What every part of an escrow provider reads: the protocol's description, what its own code is handed
 * (`EscrowContext`: the manifest, the attesters, bounded chain reads, its contracts), and the provider's own helpers.
 */
export type EscrowProviderContext = EscrowContext & {
  protocol: EscrowProtocol
  clients: ChainClients
  clock: ChainClock | undefined
  /** The chain as the person knows it, for a read that says which one did not answer. */
  chainOf: (chainId: number) => { id: number; name: string }
  /** Tokens of restored swaps: an unlisted one is read from its chain once for as long as the provider lives. */
  tokenRef: ReturnType<typeof createTokenRefResolver>
  /** USD values on the local network: the solver's price table, the network's one reference for prices. */
  priceSource: SolverPriceSource | undefined
}

/** The context of `protocol`'s provider; undefined where the manifest lacks the attesters or the protocol's services. */
export function createEscrowContext(
  protocol: EscrowProtocol,
  { manifest, clients, clock }: ProviderContext,
): EscrowProviderContext | undefined {
  const attesters = manifest.services.attesters
  if (!attesters || !protocol.isServed(manifest)) return undefined
  const chainOf = (chainId: number) => ({ id: chainId, name: chainName(manifest, chainId) })
  const solverUrl = manifest.services.solver?.url
  return {
    protocol,
    manifest,
    attesters,
    clients,
    clock,
    chainOf,
    read: (chainId, work, timeoutMs) => readChain(chainOf(chainId), () => work(clientFor(clients, chainId)), timeoutMs),
    contracts: (chainId) => {
      const contracts = getManifestChain(manifest, chainId)?.contracts
      return {
        origin: contracts?.[protocol.contracts.origin],
        destination: contracts?.[protocol.contracts.destination],
      }
    },
    tokenRef: createTokenRefResolver(manifest, clients),
    priceSource: solverUrl ? createSolverPriceSource(solverUrl) : undefined,
  }
}

/** The logs of one of the protocol's events about one deposit (its id), from a block on. */
export const logsAbout = (
  { protocol }: Pick<EscrowProviderContext, 'protocol'>,
  client: Client,
  address: Address,
  abi: Abi,
  name: string,
  id: Hex,
  fromBlock: bigint,
) =>
  client.getLogs({
    address,
    event: getAbiItem({ abi, name }) as AbiEvent,
    args: { [protocol.idArg]: id },
    fromBlock,
    strict: true,
  })

/** The deliveries of deposit `id` on its destination, from where the record says to search. */
export const deliveriesOf = (
  context: Pick<EscrowProviderContext, 'protocol'>,
  destination: Client,
  contract: Address,
  id: Hex,
  record: Pick<SwapRecord, 'data'>,
) =>
  logsAbout(
    context,
    destination,
    contract,
    context.protocol.destination.abi,
    context.protocol.destination.deliveredEvent,
    id,
    BigInt(record.data?.destinationFromBlock ?? 0),
  )
