import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devnetAccount } from '@multi-bridge/devnet'
import { type Network, startNetwork } from '@multi-bridge/services'
import { isAddressEqual, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ChainUnreachableError,
  collectSwaps,
  createChainClients,
  createProviders,
  executeRoute,
  INTENT_PROVIDER_ID,
  type Manifest,
  POOL_PROVIDER_ID,
  type RouteProvider,
  type TokenRef,
} from '../src/index.ts'
import { createNodeWallet } from './nodeWallet.ts'

let network: Network
let stateDir: string
let manifest: Manifest
let hanging: Server
let hangingUrl: string

/** An RPC endpoint that accepts every request and never answers, as a paused node does. */
async function startHangingRpc(): Promise<Server> {
  const server = createServer(() => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'multibridge-restore-'))
  network = await startNetwork({ stateDir })
  manifest = network.manifest
  hanging = await startHangingRpc()
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`
})
afterAll(async () => {
  hanging?.closeAllConnections()
  await new Promise((resolve) => hanging?.close(resolve))
  await network?.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

const token = (i: number): TokenRef => {
  const chain = manifest.chains[i]!
  const t = chain.tokens.find((x) => x.kind === 'usdc')!
  return { chainId: chain.id, address: t.address, symbol: t.symbol, decimals: t.decimals, kind: t.kind }
}

/** The app's providers on this network, with chain `down`'s RPC replaced by one that never answers. */
async function providersWith(down?: number): Promise<RouteProvider[]> {
  const seen: Manifest = {
    ...manifest,
    chains: manifest.chains.map((chain, i) => (i === down ? { ...chain, rpcUrls: [hangingUrl] } : chain)),
  }
  return [...(await createProviders({ manifest: seen, clients: createChainClients(seen) })).values()]
}

describe('collectSwaps against the devnet, one chain hanging', () => {
  it('restores the swaps deposited on the chains that answer and names the one that hangs, within its bound', async () => {
    const owner = devnetAccount(6)
    const clients = createChainClients(manifest)
    const providers = await createProviders({ manifest, clients })
    const { wallet } = createNodeWallet(manifest, owner, manifest.chains[0]!.id)
    // Two swaps from A: one to B through the intent bridge, one to C through the pool; none deposited on C.
    for (const [providerId, to] of [
      [INTENT_PROVIDER_ID, 1],
      [POOL_PROVIDER_ID, 2],
    ] as const) {
      const provider = providers.get(providerId)!
      const route = await provider.getQuote({
        origin: token(0),
        destination: token(to),
        amount: parseUnits('7', 6),
        sender: owner.address,
        recipient: owner.address,
      })
      await executeRoute({
        route: route!,
        provider,
        wallet,
        clients,
        refreshRoute: async () => route,
        onUpdate: () => undefined,
      })
    }

    // The solver's fill of the swap to B lands before the read under test (on a busy machine it takes a few blocks).
    for (let tries = 0; ; tries++) {
      const all = await collectSwaps({ owner: owner.address, manifest, providers: [...providers.values()] })
      const intent = all.records.find(
        (record) => record.providerId === INTENT_PROVIDER_ID && isAddressEqual(record.owner, owner.address),
      )
      if (intent?.status === 'completed') break
      if (tries >= 60) throw new Error(`the swap to B was not filled within a minute (${intent?.status})`)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }

    const c = manifest.chains[2]!
    const started = Date.now()
    const result = await collectSwaps({
      owner: owner.address,
      manifest,
      providers: await providersWith(2),
      chainTimeoutMs: 12_000,
    })
    const elapsed = Date.now() - started
    // Bounded: the chain's reads give up after 8 s (readChain), well before viem's own ~40 s of retries.
    expect(elapsed).toBeLessThan(15_000)
    expect(result.unreadChains.map(({ id, name }) => ({ id, name }))).toEqual([{ id: c.id, name: c.name }])
    expect(result.unreadChains[0]?.error).toBeInstanceOf(ChainUnreachableError)
    expect(result.failedProviders).toEqual([])
    const mine = result.records.filter((record) => isAddressEqual(record.owner, owner.address))
    expect(mine.map((record) => record.providerId).sort()).toEqual([INTENT_PROVIDER_ID, POOL_PROVIDER_ID])
    // The swap to B is read to its end; the one to C is restored all the same, to be followed once C answers.
    expect(mine.find((record) => record.providerId === INTENT_PROVIDER_ID)?.status).toBe('completed')
    expect(mine.find((record) => record.providerId === POOL_PROVIDER_ID)?.status).toBe('deposited')

    // C answers again: reading it alone adds nothing (no swap of this owner was deposited there) and names nothing.
    const retry = await collectSwaps({
      owner: owner.address,
      manifest,
      providers: await providersWith(),
      chainIds: [c.id],
    })
    expect(retry.unreadChains).toEqual([])
    expect(retry.readChains).toEqual([c.id])
    expect(retry.records.filter((record) => isAddressEqual(record.owner, owner.address))).toEqual([])
  })
})
