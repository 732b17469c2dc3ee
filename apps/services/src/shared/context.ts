import { readFileSync } from 'node:fs'
import { type Manifest, type ManifestChain, parseManifest } from '@multi-bridge/core'
import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'

export type Role = 'solver' | 'attester' | 'relayer'

export type ChainContext = {
  config: ManifestChain
  chain: Chain
  publicClient: PublicClient<Transport, Chain>
  walletClient: WalletClient<Transport, Chain, Account>
  /** Serializes transaction sends on this chain so nonces never collide. */
  sendQueue: SerialQueue
}

export type ServiceContext = {
  manifest: Manifest
  account: Account
  chains: Map<number, ChainContext>
}

export function readManifestFile(path: string): Manifest {
  let raw: string
  try {
    raw = readFileSync(path, 'utf8')
  } catch {
    throw new Error(`Cannot read the manifest at ${path}: start the devnet first (npm run devnet) or pass --manifest`)
  }
  return parseManifest(JSON.parse(raw))
}

/** A role's key: `<ROLE>_PRIVATE_KEY` from the environment, else the devnet account for that role. */
export function roleAccount(manifest: Manifest, role: Role): Account {
  const fromEnv = process.env[`${role.toUpperCase()}_PRIVATE_KEY`]
  if (fromEnv) return privateKeyToAccount(fromEnv as Hex)
  if (!manifest.devnet) throw new Error(`${role.toUpperCase()}_PRIVATE_KEY is required outside the devnet`)
  return mnemonicToAccount(manifest.devnet.mnemonic, { addressIndex: manifest.devnet.accounts[role] })
}

export function viemChain(config: ManifestChain): Chain {
  return defineChain({
    id: config.id,
    name: config.name,
    nativeCurrency: config.nativeCurrency,
    rpcUrls: { default: { http: config.rpcUrls } },
    contracts: { multicall3: { address: config.contracts.multicall3 } },
    testnet: config.testnet,
  })
}

export function createServiceContext(manifest: Manifest, role: Role): ServiceContext {
  const account = roleAccount(manifest, role)
  const chains = new Map<number, ChainContext>()
  for (const config of manifest.chains) {
    const chain = viemChain(config)
    const transport = http(config.rpcUrls[0], { retryCount: 2, timeout: 10_000 })
    chains.set(config.id, {
      config,
      chain,
      publicClient: createPublicClient({ chain, transport, pollingInterval: 250 }),
      walletClient: createWalletClient({ account, chain, transport }),
      sendQueue: new SerialQueue(),
    })
  }
  return { manifest, account, chains }
}

/** Runs tasks one at a time, in order; a failing task does not stop the ones after it. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task)
    this.tail = result.catch(() => undefined)
    return result
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
