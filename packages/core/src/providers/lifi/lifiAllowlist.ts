import { type Address, getAddress, type Hex, parseAbi } from 'viem'
import { type ChainClients, clientFor } from '../../chains/chainClients.ts'

/**
 * The LI.FI diamond's own allowlist (lifinance/contracts src/Facets/WhitelistManagerFacet.sol, which replaced the
 * DexManagerFacet; the global lists it keeps in step are what SwapperV2 checks before each swap step): a contract a
 * swap step calls, the selector it calls there, and the contract it approves. Read from the diamond itself, never from
 * an API's answer.
 */
export const lifiAllowlistAbi = parseAbi([
  'function isAddressWhitelisted(address _address) view returns (bool)',
  'function isFunctionSelectorWhitelisted(bytes4 _selector) view returns (bool)',
])

/** How long an answer of the diamond is kept: its allowlist changes seldom, and only by LI.FI's owner. */
const KEEP_MS = 10 * 60_000

/** A swap step, as the allowlist is asked about it. */
export type AllowlistQuestion = { callTo: Address; approveTo: Address; selector: Hex; approves: boolean }

/**
 * What the diamond allows, read per chain and kept: `read` asks the diamond (one multicall) about what it has not
 * been asked lately; `allows` answers from what was read (undefined: not read), so that a deposit is decoded, as it
 * must be, without waiting.
 */
export type LifiAllowlist = {
  read(chainId: number, diamond: Address, questions: readonly AllowlistQuestion[]): Promise<void>
  allows(chainId: number, question: AllowlistQuestion): boolean | undefined
}

export function createLifiAllowlist(clients: ChainClients): LifiAllowlist {
  const known = new Map<string, { allowed: boolean; at: number }>()
  const addressKey = (chainId: number, address: Address) => `${chainId}:address:${getAddress(address)}`
  const selectorKey = (chainId: number, selector: Hex) => `${chainId}:selector:${selector.toLowerCase()}`
  const fresh = (key: string) => {
    const entry = known.get(key)
    return entry && Date.now() - entry.at < KEEP_MS ? entry.allowed : undefined
  }
  const keysOf = (chainId: number, question: AllowlistQuestion) => [
    addressKey(chainId, question.callTo),
    selectorKey(chainId, question.selector),
    ...(question.approves ? [addressKey(chainId, question.approveTo)] : []),
  ]
  return {
    async read(chainId, diamond, questions) {
      const asked = new Map<
        string,
        { functionName: 'isAddressWhitelisted' | 'isFunctionSelectorWhitelisted'; arg: Hex }
      >()
      for (const question of questions) {
        for (const key of keysOf(chainId, question)) {
          if (fresh(key) !== undefined || asked.has(key)) continue
          const [, kind, value] = key.split(':') as [string, string, Hex]
          asked.set(key, {
            functionName: kind === 'address' ? 'isAddressWhitelisted' : 'isFunctionSelectorWhitelisted',
            arg: value,
          })
        }
      }
      if (asked.size === 0) return
      const entries = [...asked.entries()]
      const answers = await clientFor(clients, chainId).multicall({
        contracts: entries.map(([, call]) => ({
          address: diamond,
          abi: lifiAllowlistAbi,
          functionName: call.functionName,
          args: [call.arg],
        })),
        allowFailure: false,
      })
      const at = Date.now()
      for (const [index, [key]] of entries.entries()) known.set(key, { allowed: answers[index] === true, at })
    },
    allows(chainId, question) {
      const answers = keysOf(chainId, question).map(fresh)
      if (answers.some((answer) => answer === undefined)) return undefined
      return answers.every(Boolean)
    },
  }
}
