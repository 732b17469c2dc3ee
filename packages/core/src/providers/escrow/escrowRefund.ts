import { encodeFunctionData, type Hex, hashTypedData } from 'viem'
import { clientFor } from '../../chains/chainClients.ts'
import type { TrackedSwap } from '../../records/types.ts'
import { NothingToRefundError } from '../../routes/routeErrors.ts'
import { refundAvailableAfter, refundSignatures, unattestedRefundAfter, verifierCombine } from '../settlement.ts'
import type { RouteProvider } from '../types.ts'
import type { EscrowProviderContext } from './escrowContext.ts'

/**
 * The refund of a swap nobody delivered: the escrow's `refund` with the attesters' "not delivered" signatures (or,
 * past the escrow's expiry, without them), or when it opens. What the escrow holds is read first: a swap refunded
 * elsewhere (another tab, anyone after it expired) or claimed is offered no refund, whatever the attesters still
 * sign. (Nothing under the id at all: the attesters' word, and no unattested refund.)
 */
export async function planEscrowRefund(
  context: EscrowProviderContext,
  record: TrackedSwap,
): ReturnType<RouteProvider['planRefund']> {
  const { protocol, read, clients, attesters, manifest } = context
  const id = record.id as Hex
  const originChainId = record.origin.token.chainId
  const origin = clientFor(clients, originChainId)
  const originChain = context.chainOf(originChainId)
  const escrow = protocol.readEscrow(
    await read(originChainId, (originClient) =>
      originClient.readContract({
        address: record.depositAddress,
        abi: protocol.origin.abi,
        functionName: protocol.origin.escrowView,
        args: [id],
      }),
    ),
  )
  if (escrow.status !== protocol.status.open && escrow.status !== protocol.status.none) {
    throw new NothingToRefundError(escrow.status)
  }
  const { domain, types, primaryType, idField } = protocol.attestation.statement
  const digest = hashTypedData({
    domain: domain(originChainId, record.depositAddress),
    types,
    primaryType,
    message: { [idField]: id },
  })
  const signatures = await refundSignatures({
    attestationUrls: attesters.urls.map((url) => `${url}${protocol.attestation.path}${id}`),
    threshold: attesters.threshold,
    notDeliveredStatus: protocol.attestation.notDelivered,
    combine: verifierCombine(origin, originChain, record.depositAddress, digest),
    origin,
    originChain,
    unattestedAfter: async () =>
      escrow.status === protocol.status.open
        ? unattestedRefundAfter(origin, record.depositAddress, escrow.expires, escrow.pausedAtDeposit)
        : undefined,
  })
  if (signatures === undefined) {
    const destination = clientFor(clients, record.destination.token.chainId)
    return { availableAfter: await refundAvailableAfter(record, destination, manifest) }
  }
  return {
    transaction: {
      chainId: originChainId,
      to: record.depositAddress,
      data: encodeFunctionData({ abi: protocol.origin.abi, functionName: 'refund', args: [id, signatures] }),
      value: 0n,
    },
  }
}
