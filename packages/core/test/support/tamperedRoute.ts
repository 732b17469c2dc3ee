import type { Hex } from 'viem'
import { vi } from 'vitest'
import type { ChainClients } from '../../src/chains/chainClients.ts'
import type { RouteProvider } from '../../src/providers/types.ts'
import type { Route } from '../../src/routes/types.ts'
import { executeRoute } from '../../src/swaps/execute/executeRoute.ts'
import type { WalletAdapter } from '../../src/swaps/walletAdapter.ts'
import { FIXTURE_ACCOUNT } from '../fixtures/index.ts'

/** A wallet on `chainId` that records what it would be asked to sign (and signs nothing real). */
export const recordingWallet = (chainId = 42161) =>
  ({
    account: FIXTURE_ACCOUNT,
    getChainId: vi.fn(async () => chainId),
    switchChain: vi.fn(async () => {}),
    sendTransaction: vi.fn(async () => `0x${'1'.repeat(64)}` as const),
  }) satisfies WalletAdapter

/**
 * An honest route of a provider that carries its transaction (`route.data.transaction`, as LI.FI's) with that
 * transaction's calldata (and value) replaced, as a tampered route (or a compromised store) would carry it.
 */
export function tamperedRoute(route: Route, data: Hex, value?: bigint): Route {
  const carried = route.data as { transaction: { to: string; data: string; value: string } }
  const transaction = { ...carried.transaction, data, ...(value === undefined ? {} : { value: value.toString() }) }
  return { ...route, data: { ...route.data, transaction } }
}

/** Runs `route` through the executor with a recording wallet: the error, the wallet, and the updates it made. */
export async function executeWithRecordingWallet(
  route: Route,
  parts: { provider: RouteProvider; clients: ChainClients; refreshRoute: () => Promise<Route | undefined> },
) {
  const wallet = recordingWallet(route.request.origin.chainId)
  const onUpdate = vi.fn()
  const error = await executeRoute({
    route,
    provider: parts.provider,
    wallet,
    clients: parts.clients,
    refreshRoute: parts.refreshRoute,
    onUpdate,
  }).catch((e) => e)
  return { error, wallet, onUpdate }
}
