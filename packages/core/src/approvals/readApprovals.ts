import { type Address, erc20Abi, getAddress, isAddressEqual, type PublicClient } from 'viem'
import { isTransportFailure, readChain } from '../chains/readChain.ts'
import type { Manifest, ManifestChain } from '../config/manifest.ts'
import type { TokenRef } from '../config/tokenRef.ts'
import type { KnownContract, ProviderModule } from '../providers/module.ts'
import { DRAINED_SPENDERS, type DrainedSpender } from './drainedSpenders.ts'

/** A contract an allowance may be given to: one this app's providers deposit through, or one known to have drained. */
export type KnownSpender = KnownContract & {
  /** The provider whose deposits it takes, when it is one of this app's (its id). */
  providerId?: string
  /** When it is publicly known to have drained the approvals given to it: the incident. */
  drained?: DrainedSpender
}

/** A non-zero allowance of the connected account's, to a known spender. */
export type Approval = {
  chainId: number
  token: TokenRef
  spender: KnownSpender
  allowance: bigint
  /** At least 2^128: more than any token's supply, "unlimited" (the max uint256 and uint160 of most apps included). */
  unlimited: boolean
}

/** One chain's allowances, or why they could not be read (the chain named; the other chains are shown). */
export type ChainApprovals =
  | { chainId: number; chainName: string; approvals: Approval[] }
  | { chainId: number; chainName: string; error: unknown }

/** The allowance from which an approval counts as unlimited. */
export const UNLIMITED_ALLOWANCE = 2n ** 128n

/**
 * Every spender known on a chain: each provider's deposit contracts (from the manifest, configured or not) and the
 * contracts known to have drained approvals. One entry per address; a provider's contract that also drained
 * approvals (LI.FI's diamond, July 2024) keeps its name and carries the incident.
 */
export function knownSpenders(manifest: Manifest, chainId: number, modules: readonly ProviderModule[]): KnownSpender[] {
  const spenders: KnownSpender[] = []
  const add = (spender: KnownSpender) => {
    const same = spenders.find((known) => isAddressEqual(known.address, spender.address))
    // Known already (a provider's contract): it keeps its name and takes the incident, if this one carries it.
    if (same) {
      if (spender.drained) same.drained ??= spender.drained
    } else spenders.push({ ...spender, address: getAddress(spender.address) })
  }
  for (const module of modules) {
    for (const contract of module.spenders?.(manifest, chainId) ?? []) add({ ...contract, providerId: module.id })
  }
  for (const drained of DRAINED_SPENDERS) {
    const address = drained.addresses[chainId]
    if (address) add({ address, name: drained.name, drained })
  }
  return spenders
}

/**
 * The ERC-20 tokens whose allowances are read on a chain: the manifest's, then `others` on that chain (the tokens the
 * person swapped, from History), once each.
 */
export function approvalTokens(chain: ManifestChain, others: readonly TokenRef[] = []): TokenRef[] {
  const tokens: TokenRef[] = []
  const listed = chain.tokens.map(({ address, symbol, decimals, kind }) => ({
    chainId: chain.id,
    address,
    symbol,
    decimals,
    kind,
  }))
  for (const token of [...listed, ...others.filter((other) => other.chainId === chain.id)]) {
    if (token.kind === 'native' || tokens.some((known) => isAddressEqual(known.address, token.address))) continue
    tokens.push(token)
  }
  return tokens
}

/**
 * The allowances of `owner` on one chain, of every token to every known spender, in one multicall (one `eth_call`):
 * the non-zero ones. A token whose `allowance` fails (not an ERC-20) is left out; the chain not answering (bounded in
 * time) throws `ChainUnreachableError` naming it.
 */
export async function readChainApprovals(parameters: {
  client: Pick<PublicClient, 'multicall'>
  chain: ManifestChain
  owner: Address
  tokens: readonly TokenRef[]
  spenders: readonly KnownSpender[]
}): Promise<Approval[]> {
  const { client, chain, owner, tokens, spenders } = parameters
  const pairs = tokens.flatMap((token) => spenders.map((spender) => ({ token, spender })))
  if (pairs.length === 0) return []
  const results = await readChain(chain, async () => {
    const answers = await client.multicall({
      contracts: pairs.map(({ token, spender }) => ({
        address: token.address,
        abi: erc20Abi,
        functionName: 'allowance' as const,
        args: [owner, spender.address] as const,
      })),
      allowFailure: true,
      multicallAddress: chain.contracts.multicall3,
      // One call however many pairs: the view is one read per chain.
      batchSize: 0,
    })
    // A failed multicall comes back as each call's failure: the chain not answering is the chain's, not the tokens'.
    const unanswered = answers.find((answer) => answer.status === 'failure' && isTransportFailure(answer.error))
    if (unanswered) throw unanswered.error
    return answers
  })
  return pairs.flatMap(({ token, spender }, i) => {
    const result = results[i]
    if (result?.status !== 'success' || result.result === 0n) return []
    const allowance = result.result
    return [{ chainId: chain.id, token, spender, allowance, unlimited: allowance >= UNLIMITED_ALLOWANCE }]
  })
}

/** Drained spenders first, then unlimited allowances, then the rest; by token symbol and spender name within each. */
export function sortApprovals(approvals: readonly Approval[]): Approval[] {
  const rank = (approval: Approval) => (approval.spender.drained ? 0 : approval.unlimited ? 1 : 2)
  return [...approvals].sort(
    (a, b) =>
      rank(a) - rank(b) || a.token.symbol.localeCompare(b.token.symbol) || a.spender.name.localeCompare(b.spender.name),
  )
}

/**
 * "Your approvals": every chain of the manifest read at once, each in one multicall of its tokens (and `swapped`, the
 * tokens of the person's swaps) × its known spenders; a chain that does not answer is its own entry with the error.
 */
export async function readApprovals(parameters: {
  manifest: Manifest
  clients: ReadonlyMap<number, Pick<PublicClient, 'multicall'>>
  owner: Address
  swapped?: readonly TokenRef[]
  /** The app's providers (`PROVIDER_MODULES`): whose contracts are spenders. */
  modules: readonly ProviderModule[]
}): Promise<ChainApprovals[]> {
  const { manifest, clients, owner, swapped = [], modules } = parameters
  return Promise.all(
    manifest.chains.map(async (chain): Promise<ChainApprovals> => {
      const base = { chainId: chain.id, chainName: chain.name }
      try {
        const client = clients.get(chain.id)
        if (!client) throw new Error(`no client for chain ${chain.id}`)
        const approvals = await readChainApprovals({
          client,
          chain,
          owner,
          tokens: approvalTokens(chain, swapped),
          spenders: knownSpenders(manifest, chain.id, modules),
        })
        return { ...base, approvals: sortApprovals(approvals) }
      } catch (error) {
        return { ...base, error }
      }
    }),
  )
}
