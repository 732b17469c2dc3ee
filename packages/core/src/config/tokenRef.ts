import type { Address } from 'viem'

/** What a token behaves like; lets code handle USDT-style approvals without guessing by symbol. */
export const TOKEN_KINDS = ['native', 'usdc', 'usdt', 'weth', 'erc20'] as const
export type TokenKind = (typeof TOKEN_KINDS)[number]

/** A token on a chain, enough to quote, approve and display it. */
export type TokenRef = {
  chainId: number
  address: Address
  symbol: string
  decimals: number
  kind: TokenKind
}
