import {
  type Abi,
  type AbiEvent,
  type Address,
  type Chain,
  encodeFunctionData,
  getAbiItem,
  type Hex,
  hashTypedData,
  isAddressEqual,
  type Log,
  type PublicClient,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type Transport,
} from 'viem'
import { clientFor } from '../../chains/chainClients.ts'
import { readChain } from '../../chains/readChain.ts'
import { chainName, getManifestChain, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { createSolverPriceSource } from '../../prices/solverPrices.ts'
import { withRoutePrices } from '../../prices/usdValue.ts'
import {
  type DepositedSwap,
  isOverdue,
  type SigningSwap,
  type SwapEvent,
  type SwapRecord,
} from '../../records/types.ts'
import { NothingToRefundError } from '../../routes/routeErrors.ts'
import { createTokenRefResolver } from '../../routes/tokenRef.ts'
import type { DepositPlan, QuoteRequest } from '../../routes/types.ts'
import {
  foundSwapRecord,
  refundAvailableAfter,
  refundSignatures,
  settlementStatus,
  unattestedRefundAfter,
  verifierCombine,
  withFirstLook,
} from '../settlement.ts'
import type { ProviderContext, RouteProvider } from '../types.ts'
import type { EscrowContext, EscrowProtocol } from './escrowProtocol.ts'
import { findSignedOpen, followSignedOrder, NOT_OPENED } from './escrowSignedOrder.ts'

type Client = PublicClient<Transport, Chain>

/** A decoded log of one of the protocol's events: its arguments by name, and where it stands. */
type EventLog = Log<bigint, number, false> & { args: Readonly<Record<string, unknown>> }

/**
 * The local network's escrow bridges, one implementation for all (the intent settlers, the liquidity pool): the
 * deposit, tracking on both chains, the attested or unattested refund and Restore, all read through the protocol's
 * description (`EscrowProtocol`). Undefined where the manifest lacks the attesters or the protocol's services.
 */
export function createEscrowProvider(
  protocol: EscrowProtocol,
  { manifest, clients, clock }: ProviderContext,
): RouteProvider | undefined {
  const attesters = manifest.services.attesters
  if (!attesters || !protocol.isServed(manifest)) return undefined
  /** The chain as the person knows it, for a read that says which one did not answer. */
  const chainOf = (chainId: number) => ({
    id: chainId,
    name: chainName(manifest, chainId),
  })
  const context: EscrowContext = {
    manifest,
    attesters,
    read: (chainId, work, timeoutMs) => readChain(chainOf(chainId), () => work(clientFor(clients, chainId)), timeoutMs),
    contracts: (chainId) => {
      const contracts = getManifestChain(manifest, chainId)?.contracts
      return {
        origin: contracts?.[protocol.contracts.origin],
        destination: contracts?.[protocol.contracts.destination],
      }
    },
  }
  const { read, contracts } = context
  /** The logs of one of the protocol's events about one deposit (its id), from a block on. */
  const logsAbout = (client: Client, address: Address, abi: Abi, name: string, id: Hex, fromBlock: bigint) =>
    client.getLogs({
      address,
      event: getAbiItem({ abi, name }) as AbiEvent,
      args: { [protocol.idArg]: id },
      fromBlock,
      strict: true,
    })
  /** The deliveries of deposit `id` on its destination, from where the record says to search. */
  const deliveriesOf = (destination: Client, contract: Address, id: Hex, record: Pick<SwapRecord, 'data'>) =>
    logsAbout(
      destination,
      contract,
      protocol.destination.abi,
      protocol.destination.deliveredEvent,
      id,
      BigInt(record.data?.destinationFromBlock ?? 0),
    )
  // Tokens of restored swaps: an unlisted one is read from its chain once for as long as the provider lives.
  const tokenRef = createTokenRefResolver(manifest, clients)
  // USD values on the local network: the solver's price table, the network's one reference for prices.
  const solverUrl = manifest.services.solver?.url
  const priceSource = solverUrl ? createSolverPriceSource(solverUrl) : undefined

  /**
   * A deposit known by its id before it is mined (a gasless order, whose open the solver sends and may fill before
   * it is mined): found delivered on its destination, it is followed from what was signed, its deadlines included.
   */
  const deliveredFirst = async (record: SigningSwap & { depositTx: Hex }, id: Hex): Promise<SwapEvent | undefined> => {
    const destinationChain = record.destination.token.chainId
    const destinationContract = contracts(destinationChain).destination
    if (!destinationContract) return undefined
    const [delivery] = await read(destinationChain, (destination) =>
      deliveriesOf(destination, destinationContract, id, record),
    )
    if (!delivery) return undefined
    return {
      type: 'depositMined',
      id,
      // Its open is not mined yet: the time the person confirmed it.
      depositedAt: Math.floor(record.createdAt / 1000),
      refundableAfter: Number(record.data?.[protocol.deadlineKey]),
      expiresAt: Number(record.data?.expires),
    }
  }

  /**
   * A gasless order whose named open holds no `Open` of it (not mined yet, reverted, or another order's: a solver's
   * answer is not trusted for what it opened), followed by the id that was signed. Opened by another transaction: its
   * open is that one (`depositRepriced`, read from there at the next look). Delivered first: as `deliveredFirst`. Else it
   * waits for the named open's receipt, or, that one mined without it, for the order's open until it never can be
   * (its open deadline, else its fill deadline, passed on the origin): then nothing left the wallet.
   */
  const followSignedId = async (
    record: SigningSwap & { depositTx: Hex },
    id: Hex,
    receipt: { status: 'success' | 'reverted' } | undefined,
  ): Promise<SwapEvent> => {
    const { openDeadline, fillDeadline } = record.data ?? {}
    const lastOpen = Number(typeof openDeadline === 'number' ? openDeadline : fillDeadline)
    const [found, delivered] = await Promise.all([
      findSignedOpen(protocol, context, record, id, lastOpen),
      // The solver fills a gasless order at once: its delivery can be seen before its open is mined.
      deliveredFirst(record, id),
    ])
    if (found.openTx && found.openTx.toLowerCase() !== record.depositTx.toLowerCase()) {
      return { type: 'depositRepriced', depositTx: found.openTx }
    }
    if (delivered) return delivered
    if (!receipt || found.openTx) throw new TransactionReceiptNotFoundError({ hash: record.depositTx })
    if (!found.closed) return { type: 'pending' }
    return receipt.status === 'success'
      ? { type: 'depositFailed', ...NOT_OPENED }
      : { type: 'depositFailed', error: 'depositReverted' }
  }

  const provider: RouteProvider = {
    id: protocol.id,
    name: protocol.name,

    async getQuote(request: QuoteRequest, options = {}) {
      const { origin } = contracts(request.origin.chainId)
      const { destination } = contracts(request.destination.chainId)
      if (!origin || !destination || request.origin.chainId === request.destination.chainId) return undefined
      const prices = priceSource?.prices()
      const route = await protocol.quote(request, context, options)
      return route && withRoutePrices(route, await prices)
    },

    variantsOf: (route) => protocol.variants?.(route, context) ?? [],

    planDeposit: (route) => protocol.planDeposit(route, context),

    decodeDeposit: (transaction, route) => protocol.decodeDeposit(transaction, route, context),

    async onDepositMined(record) {
      const originChain = record.origin.token.chainId
      // A gasless order's id is known from what was signed, before its open is mined (`GaslessSigning.tracking`).
      const knownId = typeof record.data?.orderId === 'string' ? (record.data.orderId as Hex) : undefined
      const receipt = await read(originChain, (origin) =>
        origin.getTransactionReceipt({ hash: record.depositTx }),
      ).catch((error: unknown) => {
        if (knownId && error instanceof TransactionReceiptNotFoundError) return undefined
        throw error
      })
      if (receipt?.status !== 'success') {
        // A gasless order's open not mined yet, or reverted: the order itself is followed by its id.
        if (knownId) return followSignedId(record, knownId, receipt)
        if (!receipt) throw new TransactionReceiptNotFoundError({ hash: record.depositTx })
        return { type: 'depositFailed', error: 'depositReverted' }
      }
      // This swap's deposit: from its contract, by its owner, of its amount to its recipient; a gasless swap's, the
      // order signed (its open is sent by the solver, whose answer names the transaction: that transaction's other
      // opens, even of the same owner, recipient and amount, are not this swap's).
      const deposit = (
        parseEventLogs({
          abi: protocol.origin.abi,
          eventName: protocol.origin.depositEvent,
          logs: receipt.logs,
        }) as unknown as EventLog[]
      )
        .filter((log) => isAddressEqual(log.address, record.depositAddress))
        .map((log) => protocol.readDeposit(log.args))
        .find(
          (found) =>
            (knownId === undefined || found.id.toLowerCase() === knownId.toLowerCase()) &&
            isAddressEqual(found.owner, record.owner) &&
            isAddressEqual(found.recipient, record.recipient) &&
            found.inputAmount.toString() === record.origin.amount,
        )
      if (!deposit && knownId) return followSignedId(record, knownId, receipt)
      if (!deposit) return { type: 'depositFailed', error: 'depositReverted' }
      const destinationChain = record.destination.token.chainId
      const [block, destinationHead] = await Promise.all([
        read(originChain, (origin) => origin.getBlock({ blockNumber: receipt.blockNumber })),
        // Only where to search for the delivery from: a destination that does not answer now is searched from its start.
        read(destinationChain, (destination) => destination.getBlock({ blockTag: 'latest' }), 2_000).catch(
          () => undefined,
        ),
      ])
      // Delivery can only come after the deposit: search the destination from the block of the deposit's time (the
      // receipt may be read long after it was mined: a tab closed after Swap and opened again later). A search start
      // the record already has (a gasless order's, taken when it was signed) is kept when it is earlier.
      const estimated = destinationHead
        ? destinationSearchStart(
            { number: destinationHead.number, timestamp: Number(destinationHead.timestamp) },
            Number(block.timestamp),
            getManifestChain(manifest, destinationChain)?.blockTime,
          )
        : 0n
      const known = record.data?.destinationFromBlock
      const destinationFromBlock =
        typeof known === 'string' && /^\d+$/.test(known) && BigInt(known) < estimated ? BigInt(known) : estimated
      return {
        type: 'depositMined',
        id: deposit.id,
        depositedAt: Number(block.timestamp),
        refundableAfter: deposit.deadline,
        expiresAt: deposit.expires,
        ...(protocol.outputFixedAtQuote ? {} : { estimatedAmount: deposit.outputAmount.toString() }),
        data: {
          [protocol.deadlineKey]: deposit.deadline,
          originBlock: receipt.blockNumber.toString(),
          destinationFromBlock: destinationFromBlock.toString(),
        },
      }
    },

    // A gasless order whose solver's answer was lost: followed by its id until its open deadline.
    followSignedOrder: (record) => followSignedOrder(protocol, context, record),

    async track(record) {
      const id = record.id as Hex
      const originChain = record.origin.token.chainId
      const destinationChain = record.destination.token.chainId
      const originContract = record.depositAddress
      const destinationContract = contracts(destinationChain).destination as Address
      // Each chain read on its own and bounded: a chain that does not answer is named (ChainUnreachableError).
      const [escrow, deliveries, head] = await Promise.all([
        read(originChain, (origin) =>
          origin.readContract({
            address: originContract,
            abi: protocol.origin.abi,
            functionName: protocol.origin.escrowView,
            args: [id],
          }),
        ),
        read(destinationChain, (destination) => deliveriesOf(destination, destinationContract, id, record)),
        read(destinationChain, (destination) => destination.getBlock({ blockTag: 'latest' })),
      ])
      clock?.observe(destinationChain, head.timestamp)
      let [delivery] = deliveries as unknown as EventLog[]
      const held = protocol.readEscrow(escrow).status
      // Paid out of the escrow to the bridge (the solver's claim, the pool's finalization): the attesters saw it
      // delivered. Neither refundable nor open any more, whatever the destination's search finds.
      const settled =
        held !== protocol.status.none && held !== protocol.status.open && held !== protocol.status.refunded
      const deadline = Number(record.data?.[protocol.deadlineKey] ?? record.refundableAfter ?? 0)
      // No delivery from where the record says to search: that start may be too late (a receipt read long after its
      // deposit, by a version of this app that took the destination's head then). Before a swap is called
      // refundable, and while it is settled, its destination is searched again from its start.
      const searchedFrom = BigInt(record.data?.destinationFromBlock ?? 0)
      const pastDeadline =
        record.status === 'deposited' && held === protocol.status.open && Number(head.timestamp) > deadline
      if (!delivery && searchedFrom > 0n && (settled || pastDeadline)) {
        ;[delivery] = (await read(destinationChain, (destination) =>
          deliveriesOf(destination, destinationContract, id, { data: { destinationFromBlock: 0 } }),
        )) as unknown as EventLog[]
      }
      // No deposit under this id on the origin, though this app read it mined in a known block: neither refundable
      // nor lost yet. Its block was reorganised away once the origin is past that block; before, only a node behind
      // the one that gave the receipt. (A record without its block, e.g. written by hand, is judged as before.)
      const minedIn = record.data?.originBlock
      if (!delivery && held === protocol.status.none && minedIn !== undefined) {
        const originHead = await read(originChain, (origin) => origin.getBlockNumber())
        return originHead >= BigInt(minedIn)
          ? { type: 'pending', statusDetail: 'DEPOSIT_NOT_ON_CHAIN' }
          : { type: 'pending' }
      }
      // Settled without a delivery this app can find (a node that lost old logs, a moved destination contract):
      // never refundable; it waits, and says why.
      if (!delivery && settled) return { type: 'pending', statusDetail: 'SETTLED_DELIVERY_NOT_FOUND' }
      const status = await settlementStatus({
        destination: { getBlock: (block) => read(destinationChain, (destination) => destination.getBlock(block)) },
        delivery: delivery && { ...delivery, ...protocol.readDelivery(delivery.args) },
        refunded: held === protocol.status.refunded,
        findRefundTx: async () => {
          const [refunded] = await read(originChain, (origin) =>
            logsAbout(
              origin,
              originContract,
              protocol.origin.abi,
              protocol.origin.refundedEvent,
              id,
              BigInt(record.data?.originBlock ?? 0),
            ),
          )
          return refunded?.transactionHash
        },
        destinationTime: Number(head.timestamp),
        deadline,
      })
      // Not delivered well past its estimate: the bridge's services say why, or that they do not answer.
      return status.type === 'pending' && record.status === 'deposited' && isOverdue(record)
        ? protocol.overdueWord(record, context)
        : status
    },

    async planRefund(record) {
      const id = record.id as Hex
      const origin = clientFor(clients, record.origin.token.chainId)
      const originChain = chainOf(record.origin.token.chainId)
      // What the escrow holds now, first: a swap refunded elsewhere (another tab, anyone after it expired) or claimed
      // is offered no refund, whatever the attesters still sign. (Nothing under the id at all: as before, the
      // attesters' word, and no unattested refund.)
      const escrow = protocol.readEscrow(
        await read(record.origin.token.chainId, (originClient) =>
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
        domain: domain(record.origin.token.chainId, record.depositAddress),
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
          chainId: record.origin.token.chainId,
          to: record.depositAddress,
          data: encodeFunctionData({ abi: protocol.origin.abi, functionName: 'refund', args: [id, signatures] }),
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

    restoreChains: () =>
      manifest.chains.filter((chain) => chain.contracts[protocol.contracts.origin]).map((chain) => chain.id),

    async findSwapsOnChain(owner, chainId) {
      const contract = contracts(chainId).origin
      if (!contract) return []
      const { ownerArg } = protocol.origin
      const logs = await read(chainId, (client) =>
        client.getLogs({
          address: contract,
          event: getAbiItem({ abi: protocol.origin.abi, name: protocol.origin.depositEvent }) as AbiEvent,
          ...(ownerArg ? { args: { [ownerArg]: owner } } : {}),
          fromBlock: 0n,
          strict: true,
        }),
      )
      const found: DepositedSwap[] = []
      for (const log of logs as unknown as EventLog[]) {
        const deposit = protocol.readDeposit(log.args)
        if (!isAddressEqual(deposit.owner, owner)) continue
        const block = await read(chainId, (client) => client.getBlock({ blockNumber: log.blockNumber }))
        const destinationChainId = Number(deposit.destinationChainId)
        const record = foundSwapRecord({
          id: deposit.id,
          providerId: protocol.id,
          providerName: protocol.name,
          owner: deposit.owner,
          recipient: deposit.recipient,
          origin: await tokenRef(chainId, deposit.inputToken),
          amount: deposit.inputAmount,
          destination: await tokenRef(destinationChainId, deposit.outputToken),
          outputAmount: deposit.outputAmount,
          ...(deposit.gasAmount > 0n
            ? { gas: { token: await tokenRef(destinationChainId, NATIVE_TOKEN_ADDRESS), amount: deposit.gasAmount } }
            : {}),
          depositAddress: contract,
          depositTx: log.transactionHash,
          depositBlock: log.blockNumber,
          depositedAt: Number(block.timestamp),
          deadline: deposit.deadline,
          expires: deposit.expires,
          deadlineKey: protocol.deadlineKey,
        })
        found.push(record)
      }
      // The first looks side by side: a destination that does not answer delays them all once, not once each.
      return Promise.all(found.map((record) => withFirstLook(record, provider)))
    },

    knownContracts(chainId) {
      const { origin } = contracts(chainId)
      return origin ? [origin] : []
    },

    // The solver's table, where there is a solver: the prices its quotes are made at, and the routes valued at.
    tokenPrices: async () => (await priceSource?.prices()) ?? [],
  }
  return provider
}

/** Blocks searched before the estimated block of the deposit's time, besides the two chains' clock difference. */
const SEARCH_MARGIN_BLOCKS = 5
/** How far apart the origin's and the destination's clocks may be (as `confirmDelivery` allows). */
const CLOCK_SKEW_SECONDS = 300

/**
 * The destination block to search a deposit's delivery from: the block of the deposit's time, counted back from the
 * destination's latest block at its block time (`head.number − ⌈(head time − deposit time) / block time⌉`), less a
 * margin for the two chains' clocks and for blocks a little faster than the manifest says; never below 0. The
 * destination's start when its block time is not known.
 */
export function destinationSearchStart(
  head: { number: bigint; timestamp: number },
  depositedAt: number,
  blockTime: number | undefined,
): bigint {
  if (blockTime === undefined || !(blockTime > 0)) return 0n
  const since = Math.max(0, head.timestamp - depositedAt)
  const back = BigInt(Math.ceil((since + CLOCK_SKEW_SECONDS) / blockTime) + SEARCH_MARGIN_BLOCKS)
  return head.number > back ? head.number - back : 0n
}

/**
 * The plan of a deposit of `request`'s tokens into `to`: the native coin as the call's value, a token after an
 * approval of exactly the amount for that contract.
 */
export function escrowDepositPlan(request: QuoteRequest, call: { to: Address; data: Hex }): DepositPlan {
  const native = isAddressEqual(request.origin.address, NATIVE_TOKEN_ADDRESS)
  return {
    transaction: { chainId: request.origin.chainId, to: call.to, data: call.data, value: native ? request.amount : 0n },
    ...(native ? {} : { approval: { token: request.origin, spender: call.to, amount: request.amount } }),
  }
}
