import { pbkdf2Sync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import {
  type FinalHead,
  finalBlockNumber,
  finalHead,
  finalityBlocks,
  finalityProblem,
  type Manifest,
  type ManifestChain,
  manifestChainToViem,
  parseManifest,
} from '@multi-bridge/core'
import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem'
import { HDKey, hdKeyToAccount, privateKeyToAccount } from 'viem/accounts'
import { type BlockWatch, createBlockWatch } from './blockWatch.ts'
import { ServiceError } from './errors.ts'
import { createSender, type Sender } from './sender.ts'

export type Role = 'solver' | 'attester' | 'relayer'

export type ChainContext = {
  config: ManifestChain
  chain: Chain
  publicClient: PublicClient<Transport, Chain>
  walletClient: WalletClient<Transport, Chain, Account>
  /** Serializes transaction sends on this chain so nonces never collide (`send` takes its turns). */
  sendQueue: SerialQueue
  /** Sends a contract call from the service's account, its nonce and fees set here (sender.ts). */
  send: Sender['send']
  /** The newest block the services treat as final on this chain (the manifest's finality). */
  finalHead: () => Promise<FinalHead>
  /** Its number alone, where the timestamp is not needed (log polling, reads at the final state). */
  finalBlockNumber: () => Promise<bigint>
  /** The newest block. */
  latestBlockNumber: () => Promise<bigint>
  /** Seconds until an event here is final: finality depth × block time. */
  finalitySeconds: number
  /** When the loops read this chain again: at its next block where it announces them, else at their interval. */
  blocks: BlockWatch
  /**
   * The receipt of a transaction sent by the service. Gives up after a while (a reorg can drop a
   * transaction for good): the caller's next round reads the chain and decides again.
   */
  waitForReceipt: (hash: Hex) => Promise<TransactionReceipt>
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
  } catch (error) {
    throw new ServiceError(
      `Cannot read the manifest at ${path}: start the devnet first (npm run devnet) or pass --manifest`,
      { code: 'MANIFEST_UNREADABLE', cause: error },
    )
  }
  return parseManifest(JSON.parse(raw))
}

/**
 * A role's key: `<ROLE>_PRIVATE_KEY` from the environment, else the devnet account for that role (for an attester,
 * the one of its place `attesterIndex` in the manifest's list).
 */
export function roleAccount(manifest: Manifest, role: Role, attesterIndex = 0): Account {
  const fromEnv = process.env[`${role.toUpperCase()}_PRIVATE_KEY`]
  if (fromEnv) return privateKeyToAccount(fromEnv as Hex)
  if (!manifest.devnet) {
    throw new ServiceError(`${role.toUpperCase()}_PRIVATE_KEY is required outside the devnet`, { code: 'KEY_MISSING' })
  }
  const { accounts } = manifest.devnet
  const index = role === 'attester' ? accounts.attesters[attesterIndex] : accounts[role]
  if (index === undefined) {
    throw new ServiceError(`the devnet manifest lists no account for attester ${attesterIndex + 1}`, {
      code: 'KEY_MISSING',
    })
  }
  // The BIP-39 seed by Node's PBKDF2: viem's mnemonicToAccount works it out in JavaScript, about 170 ms of CPU in a
  // fresh process, at each of the many starts of the services in the tests.
  const seed = pbkdf2Sync(manifest.devnet.mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  return hdKeyToAccount(HDKey.fromMasterSeed(seed), { addressIndex: index })
}

const RECEIPT_TIMEOUT_MS = 30_000

/** Bridge contracts on a chain make its finality part of the services' safety: it must be given. */
const hasBridgeContracts = (config: ManifestChain) =>
  Boolean(
    config.contracts.intentOriginSettler || config.contracts.intentDestinationSettler || config.contracts.poolBridge,
  )

/**
 * How old a final head may be when handed to another reader on the same chain: an attester polls four events on each
 * chain, each at its own interval, and they would otherwise each ask for the same number (about 13 calls a second per
 * chain and attester, the most of an idle service's CPU). A log poller handed a head this much older only takes the
 * newer logs at its next round.
 */
const FINAL_HEAD_FRESH_MS = 250

/**
 * `read` shared by its callers: one call in flight at a time, and its answer handed to whoever asks within `freshMs`
 * of it. A failure is not kept (the next caller reads again).
 */
export function sharedRead<T>(read: () => Promise<T>, freshMs: number): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  let last: { value: T; at: number } | undefined
  return () => {
    if (inFlight) return inFlight
    if (last && Date.now() - last.at < freshMs) return Promise.resolve(last.value)
    const started = Date.now()
    inFlight = read()
      .then((value) => {
        last = { value, at: started }
        return value
      })
      .finally(() => {
        inFlight = undefined
      })
    return inFlight
  }
}

export function createServiceContext(manifest: Manifest, role: Role, attesterIndex = 0): ServiceContext {
  const account = roleAccount(manifest, role, attesterIndex)
  const chains = new Map<number, ChainContext>()
  for (const config of manifest.chains) {
    const problem = hasBridgeContracts(config) ? finalityProblem(config) : undefined
    if (problem) {
      throw new ServiceError(`${problem}: the ${role} cannot tell when an event there is final`, {
        code: 'FINALITY_UNKNOWN',
      })
    }
    const chain = manifestChainToViem(config)
    const transport = http(config.rpcUrls[0], { retryCount: 2, timeout: 10_000 })
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 })
    const walletClient = createWalletClient({ account, chain, transport })
    const sendQueue = new SerialQueue()
    const sender = createSender({ publicClient, walletClient, queue: sendQueue, blockTimeSeconds: config.blockTime })
    chains.set(config.id, {
      config,
      chain,
      publicClient,
      walletClient,
      sendQueue,
      send: sender.send,
      finalHead: () => finalHead(publicClient, config),
      finalBlockNumber: sharedRead(() => finalBlockNumber(publicClient, config), FINAL_HEAD_FRESH_MS),
      latestBlockNumber: () => publicClient.getBlockNumber({ cacheTime: 0 }),
      finalitySeconds: finalitySeconds(config),
      blocks: createBlockWatch(chain, config.webSocketUrls?.[0], config.blockTime),
      waitForReceipt: (hash) =>
        publicClient
          .waitForTransactionReceipt({
            hash,
            pollingInterval: 250,
            timeout: Math.max(RECEIPT_TIMEOUT_MS, config.blockTime * 10_000),
          })
          .catch((error: unknown) => {
            // Dropped, or taken back by a reorg: its nonce may be free again.
            sender.forgetNonce()
            throw error
          }),
    })
  }
  return { manifest, account, chains }
}

/** Seconds until an event on this chain is final, for margins and estimates. */
export function finalitySeconds(config: ManifestChain): number {
  return finalityBlocks(config) * config.blockTime
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
