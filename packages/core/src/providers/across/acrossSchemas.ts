import { z } from 'zod'
import { addressString, txHash, uintString } from '../apiSupport.ts'

/** Across API response shapes (https://docs.across.to), as far as this adapter reads them. */

/** A number sent as a JSON number or a decimal string, as a bigint. */
const integer = z.union([uintString, z.number().int().nonnegative()]).transform((value) => BigInt(value))
const uint32 = integer.refine((value) => value < 2n ** 32n, 'not a uint32')
const fee = z.object({ pct: z.string(), total: uintString })
const token = z.object({ address: addressString, chainId: z.number().int().optional() }).loose()

/**
 * The longest exclusivity a deposit may give one relayer, in seconds (the Across adapter's answers, and LI.FI's
 * calls through its Across facets). While it lasts only the named relayer may fill; a relayer that never fills would
 * hold the deposit until the fill deadline. Across's windows are seconds long.
 */
export const MAX_EXCLUSIVITY_SECONDS = 600

/** `GET /suggested-fees`. */
export const acrossFeesSchema = z.object({
  estimatedFillTimeSec: z.number().nonnegative(),
  /** The quote timestamp the deposit must carry. */
  timestamp: uint32,
  isAmountTooLow: z.boolean(),
  exclusiveRelayer: addressString,
  /** Passed to the deposit as `exclusivityParameter` (0: no exclusivity). */
  exclusivityDeadline: uint32,
  spokePoolAddress: addressString,
  /** What the recipient gets; older answers leave it out (then amount − total relay fee). */
  outputAmount: uintString.optional(),
  fillDeadline: uint32,
  totalRelayFee: fee,
  relayerCapitalFee: fee.optional(),
  relayerGasFee: fee.optional(),
  lpFee: fee.optional(),
  limits: z.object({ minDeposit: uintString, maxDeposit: uintString }).loose(),
  inputToken: token.optional(),
  outputToken: token.optional(),
})
export type AcrossFees = z.infer<typeof acrossFeesSchema>

/** Across error bodies: `{ type: "AcrossApiError", code, status, message, param? }`. */
export const acrossErrorSchema = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
})

const optionalHash = txHash.nullish()

/**
 * What `/deposit/status` says (across-protocol/indexer `packages/indexer-api/src/services/deposits.ts`): the
 * database's `unfilled` is answered as `pending`; `slowFillRequested` while Across fills from its own pool;
 * `slowFilled` exists in the indexer's enum; `deposit-pending` / `deposit-failed` are gasless deposits'.
 */
export const ACROSS_DEPOSIT_STATUSES = [
  'pending',
  'filled',
  'slowFillRequested',
  'slowFilled',
  'expired',
  'refunded',
  'deposit-pending',
  'deposit-failed',
] as const
/** The raw database states `/deposits` lists (same indexer, `RelayStatus`): no `pending`, `unfilled` instead. */
export const ACROSS_INDEXED_STATUSES = ['unfilled', ...ACROSS_DEPOSIT_STATUSES] as const

/** `GET /deposit/status`. The transaction fields were renamed from `*TxHash`/`fillTx` to `*TxnRef`. */
export const acrossStatusSchema = z.object({
  status: z.enum(ACROSS_DEPOSIT_STATUSES),
  /** The deposit the answer is about: it must be the one asked for. */
  depositTxnRef: optionalHash,
  depositTxHash: optionalHash,
  originChainId: z.number().int().optional(),
  fillTxnRef: optionalHash,
  fillTx: optionalHash,
  depositRefundTxnRef: optionalHash,
  depositRefundTxHash: optionalHash,
  destinationChainId: z.number().int().optional(),
})
export type AcrossStatus = z.infer<typeof acrossStatusSchema>

/** `GET /deposits?depositor=`: one entry of the list (checked one by one). */
export const acrossDepositSchema = z.object({
  originChainId: z.number().int(),
  destinationChainId: z.number().int(),
  depositor: addressString,
  recipient: addressString,
  inputToken: addressString,
  inputAmount: uintString,
  outputToken: addressString,
  outputAmount: uintString,
  status: z.enum(ACROSS_INDEXED_STATUSES),
  depositTxnRef: optionalHash,
  depositTxHash: optionalHash,
  fillTxnRef: optionalHash,
  fillTx: optionalHash,
  depositRefundTxnRef: optionalHash,
  depositRefundTxHash: optionalHash,
  fillDeadline: z.union([z.string(), z.number()]).nullish(),
  depositBlockTimestamp: z.union([z.string(), z.number()]).nullish(),
})
export const acrossDepositsSchema = z.union([z.array(z.unknown()), z.object({ deposits: z.array(z.unknown()) })])

/** SpokePool `depositV3` (address arguments; the form Across asks integrators to call). */
export const spokePoolDepositV3Abi = [
  {
    type: 'function',
    name: 'depositV3',
    stateMutability: 'payable',
    inputs: [
      { name: 'depositor', type: 'address' },
      { name: 'recipient', type: 'address' },
      { name: 'inputToken', type: 'address' },
      { name: 'outputToken', type: 'address' },
      { name: 'inputAmount', type: 'uint256' },
      { name: 'outputAmount', type: 'uint256' },
      { name: 'destinationChainId', type: 'uint256' },
      { name: 'exclusiveRelayer', type: 'address' },
      { name: 'quoteTimestamp', type: 'uint32' },
      { name: 'fillDeadline', type: 'uint32' },
      { name: 'exclusivityParameter', type: 'uint32' },
      { name: 'message', type: 'bytes' },
    ],
    outputs: [],
  },
] as const
