import { readTokenInfo as readContractTokenInfo } from '@multi-bridge/core'
import type { Address, PublicClient } from 'viem'
import type { PickerToken } from './types.ts'

export type ReadTokenInfoParameters = {
  chainId: number
  address: Address
  multicall3: Address
  /** When given, the account's balance is read in the same multicall. */
  account?: Address | undefined
}

export type ReadTokenInfoReturnType = { token: PickerToken; balance: bigint | undefined } | null

/**
 * A pasted address as a picker token (core's `readTokenInfo`: one multicall). `null` when the address has no
 * contract or the contract is not an ERC-20.
 */
export async function readTokenInfo(
  client: PublicClient,
  { chainId, address, multicall3, account }: ReadTokenInfoParameters,
): Promise<ReadTokenInfoReturnType> {
  const info = await readContractTokenInfo(client, { address, multicall3, account })
  if (!info) return null
  const { symbol, name, decimals, balance } = info
  return { token: { chainId, address, symbol, name, decimals, kind: 'erc20', listed: false }, balance }
}
