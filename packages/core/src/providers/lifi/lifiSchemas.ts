import { z } from 'zod'
import { addressString, hexData, txHash, uintString } from '../apiSupport.ts'

/** LI.FI API response shapes (https://docs.li.fi, @lifi/types), as far as this adapter reads them. */

export const lifiTokenSchema = z.object({
  address: addressString,
  chainId: z.number().int().positive(),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  name: z.string().optional(),
  logoURI: z.string().optional(),
  /** USD per whole token, decimal text; read with `parseUsd` (an odd one shows no USD value, never refuses). */
  priceUSD: z.unknown().optional(),
})

const quantity = z.union([uintString, z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'not a quantity')])

/** `GET /v1/quote`: one step with its transaction request. */
export const lifiQuoteSchema = z.object({
  id: z.string(),
  type: z.string(),
  tool: z.string(),
  toolDetails: z.object({ name: z.string() }).optional(),
  action: z.object({
    fromChainId: z.number().int(),
    toChainId: z.number().int(),
    fromToken: lifiTokenSchema,
    toToken: lifiTokenSchema,
    fromAmount: uintString,
    fromAddress: addressString.optional(),
    toAddress: addressString.optional(),
    slippage: z.number().min(0).max(1).optional(),
  }),
  estimate: z.object({
    fromAmount: uintString,
    toAmount: uintString,
    toAmountMin: uintString,
    approvalAddress: addressString,
    executionDuration: z.number().nonnegative(),
    feeCosts: z
      .array(
        z.object({ name: z.string(), amount: uintString, token: lifiTokenSchema, included: z.boolean().optional() }),
      )
      .optional(),
    gasCosts: z.array(z.object({ amount: uintString, token: lifiTokenSchema })).optional(),
  }),
  transactionRequest: z.object({
    to: addressString,
    data: hexData,
    value: quantity,
    chainId: z.number().int(),
    from: addressString.optional(),
  }),
  /** The steps LI.FI says the call takes (read by `lifiLegs`: an odd list shows no legs, never refuses the quote). */
  includedSteps: z.unknown().optional(),
})
export type LifiQuote = z.infer<typeof lifiQuoteSchema>

/** `includedSteps` of a quote: each step's kind (`swap`, `cross`, `protocol`), tool and estimate. */
export const lifiIncludedStepsSchema = z.array(
  z.object({
    type: z.string(),
    tool: z.string(),
    toolDetails: z.object({ name: z.string().min(1) }).optional(),
    action: z.object({ fromToken: lifiTokenSchema, toToken: lifiTokenSchema, fromAmount: uintString }),
    estimate: z.object({ toAmount: uintString }),
  }),
)

const toolErrorSchema = z.object({ code: z.string(), tool: z.string().optional(), message: z.string().optional() })

/** LI.FI error bodies: `{ message, code, errors }`. Read in two parts so an odd `errors` keeps the message. */
/** `GET /v1/gas/suggestion/{chainId}`: the gas LI.Fuel recommends on a chain and what it costs in `fromToken`. */
export const lifiGasSuggestionSchema = z.union([
  z.object({
    available: z.literal(true),
    recommended: lifiTokenSchema.extend({ amount: uintString }),
    fromToken: lifiTokenSchema,
    fromAmount: uintString,
  }),
  z.object({ available: z.literal(false), message: z.string().optional() }),
])

export const lifiErrorSchema = z.object({ message: z.string(), code: z.union([z.number(), z.string()]).optional() })

/** `errors` of an error body: a list of tool errors, or `{ failed: [{ subpaths }], filteredOut }`. */
export const lifiToolErrorsSchema = z.union([
  z.array(toolErrorSchema),
  z.object({
    failed: z.array(z.object({ subpaths: z.record(z.string(), z.array(toolErrorSchema)) })).optional(),
    filteredOut: z.array(z.object({ reason: z.string() })).optional(),
  }),
])

export const LIFI_STATUSES = ['NOT_FOUND', 'INVALID', 'PENDING', 'DONE', 'FAILED'] as const

const transactionInfoSchema = z.object({
  txHash: txHash.optional(),
  chainId: z.number().int().optional(),
  amount: uintString.optional(),
  token: lifiTokenSchema.optional(),
  timestamp: z.number().int().nonnegative().optional(),
  includedSteps: z
    .array(z.object({ toAmount: uintString.optional(), toToken: lifiTokenSchema.optional() }).loose())
    .optional(),
})

/** `GET /v1/status`: status, substatus (kept as text: LI.FI adds new ones), both sides of the transfer. */
export const lifiStatusSchema = z.object({
  status: z.enum(LIFI_STATUSES),
  substatus: z.string().optional(),
  substatusMessage: z.string().optional(),
  tool: z.string().optional(),
  sending: transactionInfoSchema.optional(),
  receiving: transactionInfoSchema.optional(),
  fromAddress: addressString.optional(),
  toAddress: addressString.optional(),
})
export type LifiStatus = z.infer<typeof lifiStatusSchema>

/** `GET /v1/chains`. Entries are checked one by one. */
export const lifiChainsSchema = z.object({ chains: z.array(z.unknown()) })
export const lifiChainSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  chainType: z.string().optional(),
  logoURI: z.string().optional(),
})

/** `GET /v1/tokens`: `{ tokens: { [chainId]: Token[] } }`. Entries are checked one by one. */
export const lifiTokensSchema = z.object({ tokens: z.record(z.string(), z.array(z.unknown())) })

/** `GET /v1/analytics/transfers`. Entries are checked one by one. */
export const lifiTransfersSchema = z.object({ transfers: z.array(z.unknown()) })
