import { depositFromTuple, poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import {
  type Address,
  encodeFunctionData,
  getAbiItem,
  type Hex,
  hashTypedData,
  isAddressEqual,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { clientFor } from '../../chains/chainClients.ts'
import { finalityBlocks } from '../../chains/finality.ts'
import { readChain } from '../../chains/readChain.ts'
import { getManifestChain, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { createSolverPriceSource } from '../../prices/solverPrices.ts'
import { withRoutePrices } from '../../prices/usdValue.ts'
import { notReleasedTypes, poolDomain } from '../../protocols/pool.ts'
import { QuoteExpiredError, RouteUnavailableError } from '../../routes/routeErrors.ts'
import { createTokenRefResolver } from '../../routes/tokenRef.ts'
import type { Route } from '../../routes/types.ts'
import type { DepositedSwap, SwapEvent, SwapRecord, TrackedSwap } from '../../swaps/types.ts'
import {
  askService,
  attestersDown,
  foundSwapRecord,
  isOverdue,
  refundAvailableAfter,
  refundSignatures,
  settlementStatus,
  unattestedRefundAfter,
  verifierCombine,
  withFirstLook,
} from '../settlement.ts'
import type { ProviderContext, RouteProvider } from '../types.ts'
import { decodePoolSend } from './poolCalldata.ts'

export const POOL_PROVIDER_ID = 'pool'
const QUOTE_TTL_MS = 60_000

/**
 * The devnet's liquidity-pool bridge: same token only, fee from the pool's on-chain parameters,
 * released from the destination pool by the relayer after the attesters confirm the deposit.
 */
export function createPoolProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const listed = manifest.services.attesters
  const relayerUrl = manifest.services.relayer?.url
  if (!listed) return undefined
  const attesters = listed
  const poolOf = (chainId: number) => getManifestChain(manifest, chainId)?.contracts.poolBridge
  // Tokens of restored swaps: an unlisted one is read from its chain once for as long as the provider lives.
  const tokenRef = createTokenRefResolver(manifest, clients)
  /** The chain as the person knows it, for a read that says which one did not answer. */
  const chainOf = (chainId: number) => ({
    id: chainId,
    name: getManifestChain(manifest, chainId)?.name ?? String(chainId),
  })
  /** One read of one chain, bounded in time (see `readChain`). */
  const read = <T>(chainId: number, work: (client: ReturnType<typeof clientFor>) => Promise<T>, timeoutMs?: number) =>
    readChain(chainOf(chainId), () => work(clientFor(clients, chainId)), timeoutMs)

  /**
   * Why an overdue transfer is not released yet, from the bridge's services: too few attesters (whose signatures
   * the release needs) or the relayer do not answer, or the relayer declined it (it will be refundable).
   */
  async function serviceWord(record: TrackedSwap): Promise<SwapEvent> {
    const [attesterDown, relayer] = await Promise.all([
      attestersDown(attesters, `/v1/transfers/${record.id}`),
      relayerUrl ? askService({ url: `${relayerUrl}/v1/transfers/${record.id}` }) : undefined,
    ])
    if (attesterDown) return { type: 'pending', statusDetail: 'ATTESTER_NOT_AVAILABLE' }
    if (relayer === 'unreachable') return { type: 'pending', statusDetail: 'RELAYER_NOT_AVAILABLE' }
    if (relayer?.status === 'declined') return { type: 'pending', statusDetail: 'RELAYER_DECLINED' }
    return { type: 'pending' }
  }
  // USD values on the local network: the solver's price table, the network's one reference for prices.
  const solverUrl = manifest.services.solver?.url
  const priceSource = solverUrl ? createSolverPriceSource(solverUrl) : undefined

  const provider: RouteProvider = {
    id: POOL_PROVIDER_ID,
    name: 'Liquidity Pool Bridge',

    async getQuote(request, options = {}) {
      // Chain reads cannot be cancelled mid-flight; a stale request stops at the next step instead.
      const { signal } = options
      signal?.throwIfAborted()
      const originPool = poolOf(request.origin.chainId)
      const destinationPool = poolOf(request.destination.chainId)
      if (!originPool || !destinationPool || request.origin.chainId === request.destination.chainId) return undefined
      const prices = priceSource?.prices()
      // Each chain read bounded in time: a chain that does not answer ends the quote naming it.
      const [route, feeBps] = await Promise.all([
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
        providerName: provider.name,
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
        data: { feeBps: Number(feeBps) },
      }
      return withRoutePrices(quoted, await prices)
    },

    async planDeposit(route) {
      const { request } = route
      if (Date.now() >= route.expiresAt) throw new QuoteExpiredError()
      const pool = poolOf(request.origin.chainId) as Address
      const native = isAddressEqual(request.origin.address, NATIVE_TOKEN_ADDRESS)
      return {
        transaction: {
          chainId: request.origin.chainId,
          to: pool,
          data: encodeFunctionData({
            abi: poolBridgeAbi,
            functionName: 'send',
            // The pool refuses the deposit if its route or fee changed since the quote.
            args: [
              request.origin.address,
              request.amount,
              BigInt(request.destination.chainId),
              request.recipient,
              request.destination.address,
              route.minOutputAmount,
            ],
          }),
          value: native ? request.amount : 0n,
        },
        ...(native ? {} : { approval: { token: request.origin, spender: pool, amount: request.amount } }),
      }
    },

    decodeDeposit: (transaction) => decodePoolSend(transaction),

    async onDepositMined(record) {
      const originChain = record.origin.token.chainId
      const receipt = await read(originChain, (origin) => origin.getTransactionReceipt({ hash: record.depositTx }))
      if (receipt.status !== 'success') return { type: 'depositFailed', error: 'depositReverted' }
      const [sent] = parseEventLogs({ abi: poolBridgeAbi, eventName: 'Sent', logs: receipt.logs }).filter((log) =>
        isAddressEqual(log.address, record.depositAddress),
      )
      if (!sent) return { type: 'depositFailed', error: 'depositReverted' }
      const [block, destinationBlock] = await Promise.all([
        read(originChain, (origin) => origin.getBlock({ blockNumber: receipt.blockNumber })),
        // Only where to search for the release from: a destination that does not answer now is searched from its start.
        read(record.destination.token.chainId, (destination) => destination.getBlockNumber(), 2_000).catch(() => 0n),
      ])
      return {
        type: 'depositMined',
        id: sent.args.transferId,
        depositedAt: Number(block.timestamp),
        refundableAfter: sent.args.deadline,
        expiresAt: sent.args.expires,
        estimatedAmount: sent.args.amountOut.toString(),
        data: {
          deadline: sent.args.deadline,
          originBlock: receipt.blockNumber.toString(),
          destinationFromBlock: (destinationBlock > 5n ? destinationBlock - 5n : 0n).toString(),
        },
      }
    },

    async track(record) {
      const transferId = record.id as Hex
      const originChain = record.origin.token.chainId
      const destinationChain = record.destination.token.chainId
      const originPool = record.depositAddress
      const destinationPool = poolOf(destinationChain) as Address
      // Each chain read on its own and bounded: a chain that does not answer is named (ChainUnreachableError).
      const [deposit, releases, head] = await Promise.all([
        read(originChain, (origin) =>
          origin.readContract({
            address: originPool,
            abi: poolBridgeAbi,
            functionName: 'deposits',
            args: [transferId],
          }),
        ),
        read(destinationChain, (destination) =>
          destination.getLogs({
            address: destinationPool,
            event: getAbiItem({ abi: poolBridgeAbi, name: 'ReleasedOnDestination' }),
            args: { transferId },
            fromBlock: BigInt(record.data?.destinationFromBlock ?? 0),
            strict: true,
          }),
        ),
        read(destinationChain, (destination) => destination.getBlock({ blockTag: 'latest' })),
      ])
      const [release] = releases
      const event = await settlementStatus({
        destination: { getBlock: (block) => read(destinationChain, (destination) => destination.getBlock(block)) },
        delivery: release && { ...release, amount: release.args.amount },
        refunded: depositFromTuple(deposit).status === poolBridgeStatus.Refunded,
        findRefundTx: async () => {
          const [refunded] = await read(originChain, (origin) =>
            origin.getLogs({
              address: originPool,
              event: getAbiItem({ abi: poolBridgeAbi, name: 'Refunded' }),
              args: { transferId },
              fromBlock: BigInt(record.data?.originBlock ?? 0),
              strict: true,
            }),
          )
          return refunded?.transactionHash
        },
        destinationTime: Number(head.timestamp),
        deadline: Number(record.data?.deadline ?? record.refundableAfter ?? 0),
      })
      // Not released well past its estimate: the attester or relayer says why, or that it does not answer.
      return event.type === 'pending' && record.status === 'deposited' && isOverdue(record)
        ? serviceWord(record)
        : event
    },

    async planRefund(record) {
      const transferId = record.id as Hex
      const origin = clientFor(clients, record.origin.token.chainId)
      const originChain = chainOf(record.origin.token.chainId)
      const digest = hashTypedData({
        domain: poolDomain(record.origin.token.chainId, record.depositAddress),
        types: notReleasedTypes,
        primaryType: 'NotReleased',
        message: { transferId },
      })
      const signatures = await refundSignatures({
        attestationUrls: attesters.urls.map((url) => `${url}/v1/transfers/${transferId}`),
        threshold: attesters.threshold,
        notDeliveredStatus: 'not-released',
        combine: verifierCombine(origin, originChain, record.depositAddress, digest),
        origin,
        originChain,
        unattestedAfter: async () => {
          const deposit = depositFromTuple(
            await origin.readContract({
              address: record.depositAddress,
              abi: poolBridgeAbi,
              functionName: 'deposits',
              args: [transferId],
            }),
          )
          // No pending deposit (never sent here, finalized or refunded): no refund to offer, it would only revert.
          if (deposit.status !== poolBridgeStatus.Pending) return undefined
          return unattestedRefundAfter(origin, record.depositAddress, deposit.expires, deposit.pausedAtSend)
        },
      })
      if (signatures === undefined) {
        const destination = clientFor(clients, record.destination.token.chainId)
        return { availableAfter: await refundAvailableAfter(record, destination, manifest) }
      }
      return {
        transaction: {
          chainId: record.origin.token.chainId,
          to: record.depositAddress,
          data: encodeFunctionData({ abi: poolBridgeAbi, functionName: 'refund', args: [transferId, signatures] }),
          value: 0n,
        },
      }
    },

    async findSwaps(owner) {
      const records: SwapRecord[] = []
      for (const chainId of provider.restoreChains?.() ?? []) {
        records.push(...(await provider.findSwapsOnChain!(owner, chainId)))
      }
      return records
    },

    restoreChains: () => manifest.chains.filter((chain) => chain.contracts.poolBridge).map((chain) => chain.id),

    async findSwapsOnChain(owner, chainId) {
      const pool = poolOf(chainId)
      if (!pool) return []
      const logs = await read(chainId, (client) =>
        client.getLogs({
          address: pool,
          event: getAbiItem({ abi: poolBridgeAbi, name: 'Sent' }),
          args: { sender: owner },
          fromBlock: 0n,
          strict: true,
        }),
      )
      const found: DepositedSwap[] = []
      for (const log of logs) {
        const block = await read(chainId, (client) => client.getBlock({ blockNumber: log.blockNumber }))
        const destinationChainId = Number(log.args.destinationChainId)
        const record = foundSwapRecord({
          id: log.args.transferId,
          providerId: POOL_PROVIDER_ID,
          providerName: provider.name,
          owner: log.args.sender,
          recipient: log.args.recipient,
          origin: await tokenRef(chainId, log.args.token),
          amount: log.args.amount,
          destination: await tokenRef(destinationChainId, log.args.destinationToken),
          outputAmount: log.args.amountOut,
          depositAddress: pool,
          depositTx: log.transactionHash,
          depositBlock: log.blockNumber,
          depositedAt: Number(block.timestamp),
          deadline: log.args.deadline,
          expires: log.args.expires,
          deadlineKey: 'deadline',
        })
        found.push(record)
      }
      // The first looks side by side: a destination that does not answer delays them all once, not once each.
      return Promise.all(found.map((record) => withFirstLook(record, provider)))
    },

    knownContracts(chainId) {
      const pool = poolOf(chainId)
      return pool ? [pool] : []
    },

    // The solver's table, where there is a solver: the prices the routes are valued at.
    tokenPrices: async () => (await priceSource?.prices()) ?? [],
  }
  return provider
}
