import type { Abi, Address, Chain, Hex, PublicClient, Transport, TypedData, TypedDataDomain } from 'viem'
import type { Manifest, ManifestAttesters, ManifestChain } from '../../config/manifest.ts'
import type { SwapEvent, TrackedSwap } from '../../records/types.ts'
import type { DepositPlan, QuoteRequest, Route, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'

type Client = PublicClient<Transport, Chain>

/** A contract of a chain, by its key in the manifest. */
export type ContractKey = keyof ManifestChain['contracts']

/** What a deposit event says was escrowed, read from its log (or from the order data the log carries). */
export type EscrowDeposit = {
  id: Hex
  owner: Address
  recipient: Address
  inputToken: Address
  inputAmount: bigint
  destinationChainId: bigint
  outputToken: Address
  outputAmount: bigint
  /** Native coin the recipient also receives (gas on arrival); 0n for none. */
  gasAmount: bigint
  /** When the deposit turns refundable if it was not delivered. */
  deadline: number
  /** When the origin refunds it without an attestation. */
  expires: number
}

/** What the shared implementation hands a protocol's own code: the manifest, the chains and its contracts. */
export type EscrowContext = {
  manifest: Manifest
  attesters: ManifestAttesters
  /** One read of one chain, bounded in time (see `readChain`): a chain that does not answer is named. */
  read: <T>(chainId: number, work: (client: Client) => Promise<T>, timeoutMs?: number) => Promise<T>
  /** The protocol's contracts on a chain: where deposits go (origin), and where deliveries are made (destination). */
  contracts: (chainId: number) => { origin: Address | undefined; destination: Address | undefined }
}

/** The arguments of a decoded event log, by name. */
type EventArgs = Readonly<Record<string, unknown>>

/**
 * One escrow bridge of the local network, as data: the person deposits into a contract on the origin, the bridge's
 * services deliver on the destination, and the attesters' "not delivered" signatures (or the contract's own clock)
 * refund the deposit. `createEscrowProvider` is the one implementation; a protocol adds only what is its own.
 *
 * The readers are methods so that each protocol can type its arguments from its own ABI.
 */
export type EscrowProtocol = {
  readonly id: string
  readonly name: string
  /** The manifest's contracts it uses on each chain. */
  readonly contracts: { readonly origin: ContractKey; readonly destination: ContractKey }
  readonly origin: {
    readonly abi: Abi
    /** The event a deposit emits, and the one a refund emits. */
    readonly depositEvent: string
    readonly refundedEvent: string
    /** The view of one deposit by its id (`escrows` / `deposits`), read by `readEscrow`. */
    readonly escrowView: string
    /** The indexed argument that holds a deposit's owner, when the deposit event has one (a filter for Restore). */
    readonly ownerArg?: string
  }
  readonly destination: {
    readonly abi: Abi
    /** The event a delivery emits. */
    readonly deliveredEvent: string
  }
  /** The indexed argument naming the deposit's id in the refund and delivery events. */
  readonly idArg: string
  /** The values of the origin's status enum that matter here. */
  readonly status: { readonly none: number; readonly open: number; readonly refunded: number }
  readonly attestation: {
    /** The item's path at an attester, before its id: `/v1/intents/`. */
    readonly path: string
    /** The status an attester gives an item that was not delivered in time. */
    readonly notDelivered: string
    /**
     * The EIP-712 statement the attesters sign to say so, as the origin contract verifies it: its domain on a
     * chain's contract, its type, and the field that holds the deposit's id.
     */
    readonly statement: {
      readonly domain: (chainId: number, contract: Address) => TypedDataDomain
      readonly types: TypedData
      readonly primaryType: string
      readonly idField: string
    }
  }
  /** The name of the deadline in a swap's tracking data (`SwapRecord.data`). */
  readonly deadlineKey: 'fillDeadline' | 'deadline'
  /** Whether the deposit's output is fixed by the quote (else the deposit's own output becomes the estimate). */
  readonly outputFixedAtQuote: boolean
  /** Whether the manifest has the services this protocol needs, besides the attesters. */
  isServed(manifest: Manifest): boolean

  readDeposit(args: EventArgs): EscrowDeposit
  readDelivery(args: EventArgs): { amount: bigint; gasAmount?: bigint }
  /** The origin's view of a deposit (`escrowView`'s answer). */
  readEscrow(answer: unknown): { status: number; expires: number; pausedAtDeposit: bigint }

  /** A route for the request between two chains that both have its contracts. Throws on failure. */
  quote(request: QuoteRequest, context: EscrowContext, options: { signal?: AbortSignal }): Promise<Route | undefined>
  /** Other routes from the same quote (see `RouteProvider.variantsOf`). */
  variants?(route: Route, context: EscrowContext): Route[]
  /** The deposit the person signs for a fresh route. */
  planDeposit(route: Route, context: EscrowContext): Promise<DepositPlan>
  /** The deposit transaction, decoded from its calldata with the contract's ABI (see `RouteProvider.decodeDeposit`). */
  decodeDeposit(transaction: TransactionRequest, route: Route, context: EscrowContext): DecodedDeposit
  /** Why a deposit well past its estimate is not delivered yet, from the bridge's services (`statusDetail`). */
  overdueWord(record: TrackedSwap, context: EscrowContext): Promise<SwapEvent>
}
