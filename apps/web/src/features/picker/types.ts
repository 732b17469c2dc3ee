import type { TokenKind } from '@multi-bridge/core'
import type { Address } from 'viem'

/** A token the picker can offer: a manifest token, an extra list entry, or one read from the chain. */
export type PickerToken = {
  chainId: number
  address: Address
  symbol: string
  name: string
  decimals: number
  kind: TokenKind
  /** False for a token read from the chain after its address was pasted. */
  listed: boolean
  logoURI?: string
}

/** Balances in base units, by lowercase token address. */
export type TokenBalances = ReadonlyMap<string, bigint>

/** USD prices (scaled by 10^18, as core's `priceOf`) by `${chainId}:${lowercase address}` (see `priceKey`). */
export type TokenPriceTable = ReadonlyMap<string, bigint>
