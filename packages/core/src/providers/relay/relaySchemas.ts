import { z } from 'zod'
import { addressString, hexData, txHash, uintString } from '../apiSupport.ts'

/**
 * Relay API answers (docs.relay.link; relayprotocol/relay-kit `packages/sdk/src/types/api.ts`, generated from
 * Relay's OpenAPI spec), as far as this adapter reads them. Unknown fields are ignored.
 */

export const relayCurrencySchema = z.object({
  chainId: z.number().int().positive(),
  address: z.string(),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  name: z.string().optional(),
})

/** The amount object Relay uses everywhere: a currency and amounts in its base units. */
export const relayAmountSchema = z.object({
  currency: relayCurrencySchema,
  amount: uintString,
  minimumAmount: uintString.optional(),
  /** The amount's USD value, decimal text; read with `parseUsd` (an odd one shows no USD value, never refuses). */
  amountUsd: z.unknown().optional(),
})

/** An integer in base units that may be negative. */
const intString = z.string().regex(/^-?[0-9]{1,78}$/, 'not an integer')

/**
 * A fee: Relay's relayer fee can be negative, a reward for moving liquidity the way Relay needs it
 * (docs.relay.link, fees). A display field only: it never refuses a quote.
 */
export const relayFeeSchema = z.object({
  currency: relayCurrencySchema,
  amount: intString,
  minimumAmount: intString.optional(),
  amountUsd: z.unknown().optional(),
})

const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'not 32 bytes')
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'not an EVM address')

/**
 * A Relay settlement-protocol order (relayprotocol/relay-protocol-sdk `src/order/index.ts`, `Order` v1): what the
 * solver commits to. Its EIP-712 struct hash is the order id, the `bytes32 id` a depository deposit carries, so the
 * deposit's calldata commits to every field here. Addresses of the chains here are EVM addresses (hex).
 */
export const relayOrderSchema = z.object({
  version: z.literal('v1'),
  solverChainId: z.string().min(1),
  solver: evmAddress,
  salt: z.string().regex(/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/, 'not a uint256'),
  inputs: z.array(
    z.object({
      payment: z.object({ chainId: z.string(), currency: hexData, amount: uintString, weight: uintString }),
      refunds: z.array(
        z.object({
          chainId: z.string(),
          recipient: hexData,
          currency: hexData,
          minimumAmount: uintString,
          deadline: z.number().int().nonnegative(),
          extraData: hexData,
        }),
      ),
    }),
  ),
  output: z.object({
    chainId: z.string(),
    payments: z.array(
      z.object({ recipient: hexData, currency: hexData, minimumAmount: uintString, expectedAmount: uintString }),
    ),
    calls: z.array(hexData),
    deadline: z.number().int().nonnegative(),
    extraData: hexData,
  }),
  fees: z.array(
    z.object({
      recipientChainId: z.string(),
      recipient: hexData,
      currencyChainId: z.string(),
      currency: hexData,
      amount: uintString,
    }),
  ),
})
export type RelayOrder = z.infer<typeof relayOrderSchema>

/**
 * `protocol.v2` of a quote settled through the Relay protocol (relay-kit api.ts "/quote/v2" 200 `protocol`): the
 * order id, the order itself (`orderData`, returned with `includeProtocolData`), the solver's signature over the id,
 * and where to pay. The order is read by the deposit decoder; the rest only as far as shown here.
 */
export const relayProtocolSchema = z.object({
  v2: z
    .object({
      orderId: bytes32.optional(),
      hubType: z.string().optional(),
      orderData: z.unknown().optional(),
      orderSignature: z.string().optional(),
      paymentDetails: z
        .object({ chainId: z.string(), depository: z.string(), currency: z.string(), amount: z.string() })
        .partial()
        .optional(),
    })
    .optional(),
})

const transactionData = z.object({
  from: addressString.optional(),
  to: addressString,
  data: hexData,
  value: uintString.default('0'),
  chainId: z.number().int().positive(),
})

/** `POST /quote/v2`: the steps to run (approve, deposit) with their transactions, fees and details. */
export const relayQuoteSchema = z.object({
  requestId: z.string().optional(),
  steps: z
    .array(
      z.object({
        id: z.string(),
        kind: z.string(),
        requestId: z.string().optional(),
        items: z.array(z.object({ status: z.string().optional(), data: z.unknown().optional() })),
      }),
    )
    .min(1),
  fees: z
    .object({
      gas: relayFeeSchema.optional(),
      relayer: relayFeeSchema.optional(),
    })
    .optional(),
  details: z.object({
    sender: addressString.optional(),
    recipient: addressString.optional(),
    currencyIn: relayAmountSchema,
    currencyOut: relayAmountSchema,
    currencyGasTopup: relayAmountSchema.optional(),
    timeEstimate: z.number().nonnegative().optional(),
    slippageTolerance: z
      .object({
        total: z
          .string()
          .regex(/^[0-9]{1,5}$/)
          .optional(),
      })
      .optional(),
  }),
  protocol: relayProtocolSchema.optional(),
})
export type RelayQuote = z.infer<typeof relayQuoteSchema>
export const relayTransactionSchema = transactionData

/** The error body of every endpoint: `{message, errorCode?}`. */
export const relayErrorSchema = z.object({ message: z.string(), errorCode: z.string().optional() })

export const RELAY_STATUSES = [
  'waiting',
  'depositing',
  'pending',
  'submitted',
  'delayed',
  'success',
  'failure',
  'refund',
] as const

/** `GET /intents/status/v3?requestId=`. */
export const relayStatusSchema = z.object({
  status: z.enum(RELAY_STATUSES),
  details: z.string().optional(),
  inTxHashes: z.array(z.string()).optional(),
  txHashes: z.array(z.string()).optional(),
  updatedAt: z.number().optional(),
  originChainId: z.number().int().optional(),
  destinationChainId: z.number().int().optional(),
  failReason: z.string().optional(),
})
export type RelayStatus = z.infer<typeof relayStatusSchema>

const relayTx = z.object({
  // `/requests/v3` names the hash `txHash` (`hash` in v2).
  txHash: txHash.optional(),
  hash: txHash.optional(),
  chainId: z.number().int().positive(),
  timestamp: z.number().int().nonnegative().optional(),
})

/** One entry of `GET /requests/v3?user=` (each is checked on its own: a bad one is skipped, not the list). */
export const relayRequestSchema = z.object({
  id: z.string(),
  status: z.enum(RELAY_STATUSES).or(z.string()),
  user: addressString,
  recipient: addressString,
  data: z.object({
    inTxs: z.array(relayTx).min(1),
    outTxs: z.array(relayTx).optional(),
    route: z.object({
      actual: z
        .object({
          origin: z.object({ inputCurrency: relayAmountSchema }),
          destination: z.object({ outputCurrency: relayAmountSchema }),
        })
        .optional(),
      quoted: z.object({
        origin: z.object({ inputCurrency: relayAmountSchema }),
        destination: z.object({ outputCurrency: relayAmountSchema }),
      }),
    }),
  }),
  createdAt: z.string().optional(),
})
export const relayRequestsSchema = z.object({ requests: z.array(z.unknown()), continuation: z.string().nullish() })
