import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { describeIssues } from '../apiSupport.ts'
import type { ProviderChain } from '../types.ts'
import { LIFI_PROVIDER_ID } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import { lifiChainSchema, lifiChainsSchema } from './lifiSchemas.ts'

/** LI.FI's EVM chains that this config serves, each once (an odd entry is skipped). */
export async function listLifiChains(context: LifiContext, signal: AbortSignal | undefined): Promise<ProviderChain[]> {
  const raw = await httpRequestWithRetry(`${context.apiUrl}/chains`, {
    query: { chainTypes: 'EVM' },
    timeoutMs: context.statusTimeoutMs,
    ...(signal ? { signal } : {}),
  })
  const parsed = lifiChainsSchema.safeParse(raw)
  if (!parsed.success) throw new InvalidResponseError(LIFI_PROVIDER_ID, 'chain list', describeIssues(parsed.error))
  const chains: ProviderChain[] = []
  for (const entry of parsed.data.chains) {
    const chain = lifiChainSchema.safeParse(entry)
    if (!chain.success || !context.served(chain.data.id) || chains.some((known) => known.id === chain.data.id)) continue
    chains.push({
      id: chain.data.id,
      name: chain.data.name,
      ...(chain.data.logoURI ? { logoURI: chain.data.logoURI } : {}),
    })
  }
  return chains
}
