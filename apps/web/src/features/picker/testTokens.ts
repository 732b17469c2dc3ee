import type { Address } from 'viem'
import type { PickerToken } from './types.ts'

/** A deterministic token for tests and benchmarks; `n` makes the address unique. */
export function makeToken(n: number, overrides: Partial<PickerToken> = {}): PickerToken {
  return {
    chainId: 1,
    address: `0x${n.toString(16).padStart(40, '0')}` as Address,
    symbol: `TK${n}`,
    name: `Token ${n}`,
    decimals: 18,
    kind: 'erc20',
    listed: true,
    ...overrides,
  }
}

/** `count` tokens with varied symbols and names, as a long community list would have. */
export function makeTokenList(count: number, chainId = 1): PickerToken[] {
  const words = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Omega', 'Stable', 'Wrapped', 'Bridged', 'Staked', 'Liquid']
  return Array.from({ length: count }, (_, i) =>
    makeToken(i + 1, {
      chainId,
      // Clear of the precompiles (0x01…0x11), which answer any call and can burn a multicall's gas.
      address: `0x7e57${(i + 1).toString(16).padStart(36, '0')}` as Address,
      symbol: `${words[i % words.length]?.slice(0, 3).toUpperCase()}${i}`,
      name: `${words[(i * 7) % words.length]} ${words[i % words.length]} ${i}`,
      decimals: [6, 8, 18][i % 3] ?? 18,
    }),
  )
}
