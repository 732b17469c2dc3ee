import {
  type CheckedDeposit,
  type DepositSimulation,
  MultiBridgeError,
  type Route,
  walkError,
} from '@multi-bridge/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import { toUserMessage, type UserMessage } from '../../lib/errorMessages.ts'
import { signedKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { loadSwapActions } from '../../lib/swapMutations.ts'

/**
 * The deposit run on the origin's latest state before anything is signed (core's `simulateDeposit`): its result, or
 * `failed` when the chain did not answer (the review says a revert in words: `SimulationResult`).
 */
export type SimulationPreview =
  | { status: 'loading' }
  | { status: 'done'; result: DepositSimulation }
  | { status: 'failed' }

/**
 * What the review shows of the transaction a route would sign: decoded, or why not, and what it does when run.
 * `refused`: the transaction is not the request (or calls what no one listed), or it would revert, so confirming must
 * not be offered; any other error (an expired quote) leaves confirming to `executeRoute`, which fetches the quote again
 * and checks and simulates it the same way.
 */
export type SignedPreview = {
  deposit?: CheckedDeposit
  error?: UserMessage
  simulation?: SimulationPreview
  refused: boolean
  loading: boolean
}

const REFUSALS = new Set(['signedMismatch', 'unknownContract', 'invalidQuote'])
const isRefusal = (error: unknown) =>
  walkError(error, (item) => item instanceof MultiBridgeError && REFUSALS.has(item.code)) !== undefined

/** The state a simulation reads moves with every block: it is run again this often while the review is open. */
const SIMULATION_REFRESH_MS = 15_000

/**
 * The deposit a reviewed route would sign, planned by its provider and decoded from the calldata through the same
 * check `executeRoute` runs (core's `prepareDeposit`), then simulated as the person would send it, its approval
 * assumed: the review shows what the wallet will be asked and what it would move, and a transaction that is not the
 * request, or that would revert, is refused here, before the person confirms.
 */
export function useSignedPreview(route: Route | undefined): SignedPreview {
  const client = useSwapClient()
  const query = useQuery({
    queryKey: signedKeys.route(route?.id ?? ''),
    enabled: route !== undefined,
    queryFn: async () => {
      const [providers, { prepareDeposit }] = await Promise.all([client.getProviders(), loadSwapActions()])
      const provider = route && providers.get(route.providerId)
      if (!route || !provider) throw new Error(`no provider for ${route?.providerId}`)
      try {
        return await prepareDeposit(provider, route)
      } catch (error) {
        console.error('[review] the transaction to sign was not accepted', error)
        throw error
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  })
  const plan = query.data?.plan
  const simulation = useQuery({
    queryKey: signedKeys.simulation(route?.id ?? ''),
    queryFn:
      route && plan
        ? async () => {
            const [clients, { simulateDeposit }] = await Promise.all([client.getChainClients(), loadSwapActions()])
            return simulateDeposit({ clients, account: route.request.sender, plan })
          }
        : skipToken,
    staleTime: SIMULATION_REFRESH_MS,
    refetchInterval: SIMULATION_REFRESH_MS,
    refetchIntervalInBackground: false,
    gcTime: 60_000,
    retry: false,
  })
  const result = simulation.data
  const simulated: SimulationPreview | undefined = !plan
    ? undefined
    : result
      ? { status: 'done', result }
      : simulation.isError
        ? { status: 'failed' }
        : { status: 'loading' }
  return {
    ...(query.data ? { deposit: query.data } : {}),
    ...(query.error ? { error: toUserMessage(query.error) } : {}),
    ...(simulated ? { simulation: simulated } : {}),
    refused: (query.error !== null && isRefusal(query.error)) || result?.status === 'reverts',
    loading: query.isPending && route !== undefined,
  }
}
