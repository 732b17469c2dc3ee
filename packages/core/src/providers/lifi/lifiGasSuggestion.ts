import { listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import type { QuoteRequest, TokenRef } from '../../routes/types.ts'
import { isNativeAddress, sameToken } from '../apiSupport.ts'
import { GAS_ZIP_CHAIN_IDS } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import { lifiGasSuggestionSchema } from './lifiSchemas.ts'

/** Gas on arrival as LI.FI suggests it: what of the input it takes, what arrives, and the coin's price. */
export type LifiGas = { fromAmount: bigint; amount: bigint; token: TokenRef; priceUSD: unknown }

/**
 * LI.FI's recommended gas on the destination and what of the input it takes, or undefined when LI.FI has
 * none there (the route then says it has no gas option). A failing or odd answer never costs the quote. Asked
 * only where the step that buys it can be checked: the native coin sent, LI.FI's GasZipPeriphery known on the
 * origin chain, and Gas.zip's id of the destination known.
 */
export async function lifiGasSuggestion(
  context: LifiContext,
  request: QuoteRequest,
  signal: AbortSignal | undefined,
): Promise<LifiGas | undefined> {
  const token = listedTokenRef(context.manifest, request.destination.chainId, NATIVE_TOKEN_ADDRESS)
  if (!token || isNativeAddress(request.destination.address)) return undefined
  // Only for the native coin sent: with a token, LI.FI's step swaps it through a call whose recipients cannot be
  // checked, and the decoder refuses it (lifiCalldata.ts `refuseGasSwap`). The route then says it has no gas.
  if (!isNativeAddress(request.origin.address)) return undefined
  if (
    !context.gasZipPeriphery(request.origin.chainId) ||
    GAS_ZIP_CHAIN_IDS[request.destination.chainId] === undefined
  ) {
    return undefined
  }
  let raw: unknown
  try {
    raw = await httpRequestWithRetry(`${context.apiUrl}/gas/suggestion/${request.destination.chainId}`, {
      query: { fromChain: request.origin.chainId, fromToken: request.origin.address, ...context.common },
      timeoutMs: context.quoteTimeoutMs,
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    console.warn('[lifi] no gas suggestion', error)
    return undefined
  }
  const parsed = lifiGasSuggestionSchema.safeParse(raw)
  if (!parsed.success || !parsed.data.available) return undefined
  const { recommended, fromToken, fromAmount } = parsed.data
  const amount = BigInt(recommended.amount)
  const cost = BigInt(fromAmount)
  // Only gas in the destination's native coin, priced in the token sent, for less than what is sent.
  if (
    recommended.chainId !== request.destination.chainId ||
    !isNativeAddress(recommended.address) ||
    fromToken.chainId !== request.origin.chainId ||
    !sameToken(fromToken.address, request.origin.address) ||
    amount === 0n ||
    cost === 0n ||
    cost >= request.amount
  ) {
    return undefined
  }
  return { fromAmount: cost, amount, token, priceUSD: recommended.priceUSD }
}
