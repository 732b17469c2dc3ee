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
      gas: relayAmountSchema.optional(),
      relayer: relayAmountSchema.optional(),
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
export const relayRequestsSchema = z.object({ requests: z.array(z.unknown()), continuation: z.string().optional() })
