import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  type ContractFunctionArgs,
  type ContractFunctionName,
  Eip1559FeesNotSupportedError,
  encodeFunctionData,
  type Hex,
  keccak256,
  type PublicClient,
  type Transport,
  type WalletClient,
  type WriteContractParameters,
} from 'viem'

type Mutability = 'nonpayable' | 'payable'

/** A contract call a service sends, as viem's `writeContract` takes it; the sender sets the gas, fees and nonce. */
export type ContractWrite<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends ContractFunctionName<abi, Mutability> = ContractFunctionName<abi, Mutability>,
  args extends ContractFunctionArgs<abi, Mutability, functionName> = ContractFunctionArgs<
    abi,
    Mutability,
    functionName
  >,
> = WriteContractParameters<abi, functionName, args, Chain, Account>

/** What `send` needs of a request: the contract, the call, and the value sent with it. */
type ContractCall = {
  address: Address
  abi: Abi | readonly unknown[]
  functionName: string
  args?: readonly unknown[] | undefined
  value?: bigint | undefined
}

type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }

export type SendOptions = {
  /**
   * Called with the transaction's hash once it is signed, just before it goes to the node: from then on the node may
   * hold it whatever the send answers (no answer, a time-out, a retry the node refuses as known), so a caller that
   * must not pay twice records it here, before anything that can throw.
   */
  onSigned?: (hash: Hex) => void
}

export type Sender = {
  /**
   * Sends `request` with `gas` (estimated here when not given; a revert surfaces decoded and nothing is sent) and
   * gives its hash once the node took it. `options.onSigned` learns the hash before the node is asked.
   */
  send: <
    const abi extends Abi | readonly unknown[],
    functionName extends ContractFunctionName<abi, Mutability>,
    args extends ContractFunctionArgs<abi, Mutability, functionName>,
  >(
    request: ContractWrite<abi, functionName, args>,
    gas?: bigint,
    options?: SendOptions,
  ) => Promise<Hex>
  /** The nonce is read from the node again before the next send: after a transaction that never got a receipt. */
  forgetNonce: () => void
}

export type CreateSenderParameters = {
  publicClient: PublicClient<Transport, Chain>
  walletClient: WalletClient<Transport, Chain, Account>
  /** One account sends one transaction at a time: each nonce is used once, in order (context.ts's SerialQueue). */
  queue: { run: <T>(task: () => Promise<T>) => Promise<T> }
  blockTimeSeconds: number
}

/**
 * A service's transactions on one chain. Only the nonce and the signature take the account's turn, and neither asks the
 * node anything while the nonce is counted: the gas is estimated before, the fees are read at most once a block outside
 * the turn, and the send runs after it, beside the other sends of a burst.
 *
 * - The fees are viem's estimate (the base fee with room for a rise, and the node's tip), never more: a service must
 *   not outbid the people whose orders it serves, or a node that orders a block by fee puts its sends first, against
 *   state the people's own estimates did not see.
 * - The nonce is read from the node's pending count when not known, counted up after each send the node took while
 *   sends follow each other within a block time, and read again after a quieter spell, after a send that failed (the
 *   node may have taken it or not) and after a transaction that never got a receipt (dropped, or taken back by a
 *   reorg).
 *
 * Before this, each send asked the node to fill in the nonce and the fees in the turn, and a burst of fills to one
 * chain waited on those round trips one after the other; then on the sends' answers one after the other.
 */
export function createSender({ publicClient, walletClient, queue, blockTimeSeconds }: CreateSenderParameters): Sender {
  const { account, chain } = walletClient
  // Signed here, not by the node: a service's key is a local account (keys.ts).
  if (account.type !== 'local' || !account.signTransaction) throw new Error('a service sends from a local account')
  const signTransaction = account.signTransaction
  const chainId = chain.id
  let nextNonce: number | undefined
  let lastSentAt = 0
  let fees: { value: Promise<Fees>; readAt: number } | undefined
  const currentFees = (): Promise<Fees> => {
    if (fees && Date.now() - fees.readAt < blockTimeSeconds * 1_000) return fees.value
    const value = readFees(publicClient)
    const entry = { value, readAt: Date.now() }
    fees = entry
    value.catch(() => {
      if (fees === entry) fees = undefined
    })
    return value
  }
  // The request's types are checked where `send` is called (Sender['send'] is generic like viem's writeContract).
  async function send(request: ContractCall, gas?: bigint, options: SendOptions = {}): Promise<Hex> {
    const [limit, feeValues] = await Promise.all([
      gas ?? publicClient.estimateContractGas({ account, ...request } as never),
      currentFees(),
    ])
    const data = encodeFunctionData({
      abi: request.abi,
      functionName: request.functionName,
      args: request.args,
    } as never)
    // In the turn: the nonce and the signature, made here (no round trip). The send itself runs outside it, beside the
    // sends of the rest of the burst: on a busy node, each send's answer took 0.1-0.2 s, and a burst of twelve fills to
    // one chain waited 1.1 s for the last to be sent (load run of 27 Nov).
    const serializedTransaction = await queue.run(async () => {
      // Counted on within a burst; read again after a block without a send, so a quiet account meets the node's count.
      const counted = Date.now() - lastSentAt < blockTimeSeconds * 1_000 ? nextNonce : undefined
      const next =
        counted ?? (await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' }))
      const signed = await signTransaction({
        to: request.address,
        data,
        value: request.value,
        gas: limit,
        nonce: next,
        chainId,
        ...feeValues,
      })
      nextNonce = next + 1
      lastSentAt = Date.now()
      return signed
    })
    try {
      options.onSigned?.(keccak256(serializedTransaction))
      return await publicClient.sendRawTransaction({ serializedTransaction })
    } catch (error) {
      // Refused, or no answer (taken or not), or never sent (its caller could not record it): the node's pending count
      // is read before the next send. It counts the account's transactions up to the first gap, so a send of this burst
      // the node took after this one's nonce does not strand the account: the next send takes the free nonce and the
      // taken one is mined after it.
      nextNonce = undefined
      throw error
    }
  }
  return {
    send: send as Sender['send'],
    forgetNonce: () => {
      nextNonce = undefined
    },
  }
}

async function readFees(publicClient: PublicClient<Transport, Chain>): Promise<Fees> {
  try {
    const { maxFeePerGas, maxPriorityFeePerGas } = await publicClient.estimateFeesPerGas({ type: 'eip1559' })
    return { maxFeePerGas, maxPriorityFeePerGas }
  } catch (error) {
    if (!(error instanceof Eip1559FeesNotSupportedError)) throw error
    return { gasPrice: (await publicClient.estimateFeesPerGas({ type: 'legacy' })).gasPrice }
  }
}
