import { type Address, getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { httpRequest } from '../http/request.ts'
import type { TokenPrice } from '../routes/types.ts'
import { parseUsd } from './usdValue.ts'

/** The solver's price table changes only with its configuration: read it at most this often. */
const PRICES_TTL_MS = 60_000
const PRICES_TIMEOUT_MS = 5_000

const entrySchema = z.object({ chainId: z.number().int().positive(), address: z.string(), usd: z.string() })
const answerSchema = z.object({ prices: z.array(z.unknown()) })

/** The entries of a `GET /v1/prices` answer that can be used; the others are dropped one by one. */
export function parseSolverPrices(raw: unknown): TokenPrice[] {
  const answer = answerSchema.safeParse(raw)
  if (!answer.success) return []
  return answer.data.prices.flatMap((item) => {
    const entry = entrySchema.safeParse(item)
    if (!entry.success || !isAddress(entry.data.address, { strict: false })) return []
    const usd = parseUsd(entry.data.usd)
    if (usd === undefined || usd === 0n) return []
    return [{ chainId: entry.data.chainId, address: getAddress(entry.data.address) as Address, usd: entry.data.usd }]
  })
}

export type SolverPriceSource = {
  /** The solver's price table; empty when it cannot be read (then no USD value is shown). Never throws. */
  prices(): Promise<TokenPrice[]>
}

/**
 * The local network's prices: the devnet solver's own price table (`GET /v1/prices`, the prices it quotes at),
 * read once a minute at most. A failed read is not kept, so the next quote asks again.
 */
export function createSolverPriceSource(solverUrl: string): SolverPriceSource {
  let cached: { at: number; prices: Promise<TokenPrice[]> } | undefined
  return {
    prices() {
      if (cached && Date.now() - cached.at < PRICES_TTL_MS) return cached.prices
      const entry = {
        at: Date.now(),
        prices: httpRequest(`${solverUrl}/v1/prices`, { timeoutMs: PRICES_TIMEOUT_MS }).then(parseSolverPrices, () => {
          if (cached === entry) cached = undefined
          return []
        }),
      }
      cached = entry
      return entry.prices
    },
  }
}
