import {
  createChainClients,
  createLocalWalletProvider,
  createProviders,
  createSwapStore,
  createSwapTracker,
  executeRoute,
  fetchRoutes,
  type Manifest,
  manifestChainToViem,
  newSwapRecord,
  tokenRefFor,
} from '@multi-bridge/core'
import { devnetAccount } from '@multi-bridge/devnet'
import { encodeFunctionData, erc20Abi, keccak256, type LocalAccount, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { eip1193WalletAdapter } from '../packages/core/test/eip1193Wallet.ts'
import { createNodeWallet } from '../packages/core/test/nodeWallet.ts'
import { median } from './browser.ts'
import type { Figure } from './report.ts'

/** What a wallet asks the person to confirm (each is one confirmation). */
const CONFIRMED = new Set([
  'eth_sendTransaction',
  'wallet_sendCalls',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'personal_sign',
])
const ROUNDS = 10
const AMOUNT = 10_000_000n // 10 USDC

type Way = { gasless: boolean; sendCalls: boolean; account: LocalAccount; startChainId: number }

/**
 * One USDC swap from C to B on the devnet, as the app runs it: the route from `fetchRoutes`, `executeRoute` through
 * an EIP-1193 wallet (what it is asked is what the person confirms), the app's tracker until Completed. The time is
 * from the confirm (the executor called) to Completed in the store.
 */
async function oneSwap(manifest: Manifest, way: Way) {
  const clients = createChainClients(manifest)
  const providers = await createProviders({ manifest, clients })
  const [, b, c] = manifest.chains
  if (!b || !c) throw new Error('the devnet has fewer than three chains')
  const usdc = (chain: typeof b) =>
    tokenRefFor(manifest, chain.id, chain.tokens.find((t) => t.kind === 'usdc')!.address)
  const asked: string[] = []
  const wallet = await eip1193WalletAdapter(
    createLocalWalletProvider({
      account: way.account,
      chains: manifest.chains.map(manifestChainToViem),
      initialChainId: way.startChainId,
      sendCalls: way.sendCalls,
      intercept: ({ method }) => void asked.push(method),
    }),
  )
  const request = {
    origin: usdc(c),
    destination: usdc(b),
    amount: AMOUNT,
    sender: way.account.address,
    recipient: way.account.address,
  }
  const { routes } = await fetchRoutes({ request, providers: [...providers.values()] })
  const route = routes.find((r) => r.providerId === 'intent' && Boolean(r.gasless) === way.gasless)
  const provider = providers.get('intent')
  if (!route || !provider) throw new Error(`no ${way.gasless ? 'gasless ' : ''}intent route C → B`)
  const store = createSwapStore()
  const tracker = createSwapTracker({ store, providers, manifest })
  const started = performance.now()
  try {
    // What `draftSwap` and `executeSwap` do: the reviewed record kept, then each event of the execution applied.
    const draft = newSwapRecord(route, way.account.address)
    store.getState().draft(draft)
    const record = await executeRoute({
      route,
      record: draft,
      provider,
      wallet,
      clients,
      refreshRoute: async () =>
        (await fetchRoutes({ request, providers: [provider] })).routes.find((r) => Boolean(r.gasless) === way.gasless),
      onEvent: (event) => store.getState().apply(draft.key, event),
    })
    tracker.track(record.key)
    const deadline = Date.now() + 120_000
    while (store.getState().swaps[record.key]?.status !== 'completed') {
      if (Date.now() > deadline) throw new Error(`swap stuck at ${store.getState().swaps[record.key]?.status}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return { ms: performance.now() - started, confirmations: asked.filter((method) => CONFIRMED.has(method)).length }
  } finally {
    tracker.stop()
  }
}

/** A key made for the bench with USDC on C and no native coin anywhere (`funder` pays it its USDC). */
async function personWithoutGas(manifest: Manifest, label: string): Promise<LocalAccount> {
  const person = privateKeyToAccount(keccak256(toHex(`bench gasless ${label} ${Date.now()}`)))
  const c = manifest.chains[2]!
  const funder = devnetAccount(manifest.devnet?.accounts.users[1] ?? 6)
  const { wallet } = createNodeWallet(manifest, funder, c.id)
  const hash = await wallet.sendTransaction({
    chainId: c.id,
    to: c.tokens.find((t) => t.kind === 'usdc')!.address,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [person.address, AMOUNT * BigInt(ROUNDS + 1)],
    }),
    value: 0n,
  })
  await createChainClients(manifest).get(c.id)!.waitForTransactionReceipt({ hash })
  return person
}

/**
 * Issue #32 point 4: confirmations per swap (gasless from another chain; batched and plain with the wallet already on
 * the origin, the plain path from another chain in the note), and confirm → Completed for a gasless C → B swap,
 * median and worst of 10, against one destination block + 500 ms, with today's approve + open path interleaved.
 */
export async function measureOneSignature(manifest: Manifest): Promise<Figure[]> {
  const [a, b, c] = manifest.chains
  if (!a || !b || !c) throw new Error('the devnet has fewer than three chains')
  const person = await personWithoutGas(manifest, 'person')
  const user = devnetAccount(manifest.devnet?.accounts.users[2] ?? 7)
  const gasless: number[] = []
  const plain: number[] = []
  let gaslessConfirmations = 0
  let plainConfirmations = 0
  for (let round = 0; round < ROUNDS; round++) {
    const g = await oneSwap(manifest, { gasless: true, sendCalls: false, account: person, startChainId: a.id })
    const p = await oneSwap(manifest, { gasless: false, sendCalls: false, account: user, startChainId: a.id })
    gasless.push(g.ms)
    plain.push(p.ms)
    gaslessConfirmations = Math.max(gaslessConfirmations, g.confirmations)
    plainConfirmations = Math.max(plainConfirmations, p.confirmations)
  }
  const batched = await oneSwap(manifest, { gasless: false, sendCalls: true, account: user, startChainId: c.id })
  const plainOnOrigin = await oneSwap(manifest, { gasless: false, sendCalls: false, account: user, startChainId: c.id })
  const budget = b.blockTime * 1000 + 500
  const ms = (values: number[]) =>
    `median ${Math.round(median(values))} ms, worst ${Math.round(Math.max(...values))} ms`
  return [
    {
      id: 'confirmationsGasless',
      label: 'Wallet confirmations, gasless C → B (wallet on A)',
      value: gaslessConfirmations,
      unit: 'confirmations',
      budget: 1,
    },
    {
      id: 'confirmationsBatched',
      label: 'Wallet confirmations, batched approve + open (EIP-5792, wallet on C)',
      value: batched.confirmations,
      unit: 'confirmations',
      budget: 1,
      note: `plain approve + open on C: ${plainOnOrigin.confirmations}; from A: ${plainConfirmations} (switch, approve, open)`,
    },
    {
      id: 'gaslessConfirmToCompletedMedian',
      label: `Gasless C → B: confirm → Completed, median of ${ROUNDS}`,
      value: median(gasless),
      unit: 'ms',
      budget,
      note: `one ${b.name} block (${b.blockTime} s) + 500 ms; today's approve + open path, interleaved: ${ms(plain)}`,
    },
    {
      id: 'gaslessConfirmToCompletedWorst',
      label: `Gasless C → B: confirm → Completed, worst of ${ROUNDS}`,
      value: Math.max(...gasless),
      unit: 'ms',
      budget,
      note: `${ms(gasless)}; ${c.name} blocks every ${c.blockTime} s`,
    },
  ]
}
