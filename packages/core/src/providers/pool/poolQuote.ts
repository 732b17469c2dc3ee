import { poolBridgeAbi } from '@multi-bridge/contracts'
import { type Address, isAddressEqual, zeroAddress } from 'viem'
import { finalityBlocks } from '../../chains/finality.ts'
import { getManifestChain } from '../../config/manifest.ts'
import { RouteUnavailableError } from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route } from '../../routes/types.ts'
import type { EscrowContext } from '../escrow/escrowProtocol.ts'
import { POOL_NAME, POOL_PROVIDER_ID } from './poolId.ts'

const QUOTE_TTL_MS = 60_000

/**
 * A route from the pools' own parameters, between two chains that both have a pool: same token only (the origin
 * pool's route must lead to the token asked for), the pool's fee taken from the amount, and no more than the
 * destination pool holds.
 */
export async function quotePool(
  request: QuoteRequest,
  { manifest, read, contracts }: EscrowContext,
  options: { signal?: AbortSignal },
): Promise<Route | undefined> {
  // Chain reads cannot be cancelled mid-flight; a stale request stops at the next step instead.
  const { signal } = options
  signal?.throwIfAborted()
  const originPool = contracts(request.origin.chainId).origin as Address
  const destinationPool = contracts(request.destination.chainId).destination as Address
  // Each chain read bounded in time: a chain that does not answer ends the quote naming it.
  const [route, feeBps, releaseWindow] = await Promise.all([
    read(request.origin.chainId, (origin) =>
      origin.readContract({
        address: originPool,
        abi: poolBridgeAbi,
        functionName: 'routes',
        args: [BigInt(request.destination.chainId), request.origin.address],
      }),
    ),
    read(request.origin.chainId, (origin) =>
      origin.readContract({ address: originPool, abi: poolBridgeAbi, functionName: 'feeBps' }),
    ),
    read(request.origin.chainId, (origin) =>
      origin.readContract({ address: originPool, abi: poolBridgeAbi, functionName: 'releaseWindow' }),
    ),
  ])
  signal?.throwIfAborted()
  const [remoteToken, remotePool] = route
  // Same token only: the pool's route must lead to the token the person wants.
  if (isAddressEqual(remotePool, zeroAddress) || !isAddressEqual(remoteToken, request.destination.address)) {
    return undefined
  }
  if (!isAddressEqual(remotePool, destinationPool)) return undefined
  const fee = (request.amount * BigInt(feeBps)) / 10_000n
  const outputAmount = request.amount - fee
  if (outputAmount <= 0n) throw new RouteUnavailableError(POOL_PROVIDER_ID, 'amountTooLow')
  const liquidity = await read(request.destination.chainId, (destination) =>
    destination.readContract({
      address: destinationPool,
      abi: poolBridgeAbi,
      functionName: 'liquidity',
      args: [remoteToken],
    }),
  )
  signal?.throwIfAborted()
  if (liquidity < outputAmount) {
    // What the destination pool can pay now, in the token it pays: the most that can arrive.
    const limit = { amount: liquidity, token: request.destination }
    throw new RouteUnavailableError(POOL_PROVIDER_ID, 'insufficientLiquidity', limit)
  }
  const originChain = getManifestChain(manifest, request.origin.chainId)
  const destinationChain = getManifestChain(manifest, request.destination.chainId)
  // Deposit block, the origin's finality depth (the attester signs only there), the release in a
  // destination block, and the relayer's polling.
  const confirmations = originChain ? finalityBlocks(originChain) : 2
  const estimatedSeconds = Math.ceil(
    (originChain?.blockTime ?? 2) * (confirmations + 1) + (destinationChain?.blockTime ?? 2) * 2 + 2,
  )
  const now = Date.now()
  const quoted: Route = {
    id: `${POOL_PROVIDER_ID}:${now}:${outputAmount}`,
    providerId: POOL_PROVIDER_ID,
    providerName: POOL_NAME,
    request,
    outputAmount,
    minOutputAmount: outputAmount,
    // The pool pays the amount its fee leaves, or refunds: `send` refuses less than quoted.
    slippageBps: 0,
    slippageMode: 'fixed',
    fees: [{ label: 'Bridge fee', token: request.origin, amount: fee }],
    estimatedSeconds,
    quotedAt: now,
    expiresAt: now + QUOTE_TTL_MS,
    depositAddress: originPool,
    data: { feeBps: Number(feeBps), releaseWindow: Number(releaseWindow) },
  }
  return quoted
}
