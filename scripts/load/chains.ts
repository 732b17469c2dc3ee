import { devTokenAbi } from '@multi-bridge/contracts'
import type { Manifest, ManifestChain, TokenKind } from '@multi-bridge/core'
import { devnetAccount, devnetViemChain } from '@multi-bridge/devnet'
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseEther,
  parseUnits,
  type Transport,
  type WalletClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** One chain as the load run reaches it: straight to anvil, never through the services' proxies. */
export type LoadChain = {
  index: number
  config: ManifestChain
  chain: Chain
  public: PublicClient<Transport, Chain>
  wallet: (account: Account) => WalletClient<Transport, Chain, Account>
  token: (kind: TokenKind) => Address
}

export function loadChains(manifest: Manifest): LoadChain[] {
  return manifest.chains.map((config, index) => {
    const url = config.rpcUrls[0] as string
    const chain = devnetViemChain(config, url)
    const transport = http(url)
    return {
      index,
      config,
      chain,
      public: createPublicClient({ chain, transport, pollingInterval: 250 }),
      wallet: (account) => createWalletClient({ account, chain, transport }),
      token: (kind) => {
        const token = config.tokens.find((t) => t.kind === kind)
        if (!token) throw new Error(`no ${kind} on ${config.name}`)
        return token.address as Address
      },
    }
  })
}

/** The devnet's funded users that pay for the load's own accounts. */
const FUNDERS = [4, 5, 6, 7, 8, 9].map(devnetAccount)
const STABLES = ['usdc', 'usdt'] as const
const STABLE_PER_ACCOUNT = '20000'

/** Sends `sends` one after another from one account (anvil counts pending nonces), then waits for the last. */
async function sequence(chain: LoadChain, sends: (() => Promise<Hex>)[]): Promise<void> {
  let last: Hex | undefined
  for (const send of sends) last = await send()
  if (last) await chain.public.waitForTransactionReceipt({ hash: last, timeout: 120_000 })
}

/** Runs `tasks` with at most `limit` at once. */
async function limited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  const queue = [...tasks]
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) await task()
    }),
  )
}

/**
 * Makes `count` fresh accounts and funds them on every chain from the devnet's users (coin for gas and both
 * stablecoins), then lets each approve the settler and the pool once, so that an order is one transaction.
 */
export async function fundAccounts(chains: LoadChain[], count: number): Promise<Account[]> {
  const accounts = Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()))
  await Promise.all(
    chains.flatMap((chain) =>
      FUNDERS.map((funder, f) => {
        const mine = accounts.filter((_, i) => i % FUNDERS.length === f)
        const wallet = chain.wallet(funder)
        return sequence(
          chain,
          mine.flatMap((account) => [
            () => wallet.sendTransaction({ to: account.address, value: parseEther('1') }),
            ...STABLES.map(
              (kind) => () =>
                wallet.writeContract({
                  address: chain.token(kind),
                  abi: devTokenAbi,
                  functionName: 'transfer',
                  args: [account.address, parseUnits(STABLE_PER_ACCOUNT, 6)],
                }),
            ),
          ]),
        )
      }),
    ),
  )
  const approvals = chains.flatMap((chain) =>
    accounts.map((account) => () => {
      const wallet = chain.wallet(account)
      const spenders = [chain.config.contracts.intentOriginSettler, chain.config.contracts.poolBridge] as Address[]
      return sequence(
        chain,
        STABLES.flatMap((kind) =>
          spenders.map(
            (spender) => () =>
              wallet.writeContract({
                address: chain.token(kind),
                abi: devTokenAbi,
                functionName: 'approve',
                args: [spender, maxUint256],
              }),
          ),
        ),
      )
    }),
  )
  await limited(approvals, 24)
  return accounts
}

export const settlerOf = (chain: LoadChain) => chain.config.contracts.intentOriginSettler as Address
export const poolOf = (chain: LoadChain) => chain.config.contracts.poolBridge as Address
