import { type Address, erc20Abi, type PublicClient, zeroAddress } from 'viem'
import type { PickerToken } from './types.ts'

export type ReadTokenInfoParameters = {
  chainId: number
  address: Address
  multicall3: Address
  /** When given, the account's balance is read in the same multicall. */
  account?: Address | undefined
}

export type ReadTokenInfoReturnType = { token: PickerToken; balance: bigint | undefined } | null

// The same bounds the manifest puts on listed tokens: a contract can return anything.
const MAX_SYMBOL_LENGTH = 32
const MAX_NAME_LENGTH = 80
const MAX_DECIMALS = 36

/**
 * Reads name, symbol and decimals of an unlisted ERC-20 with one multicall. `null` when the address has no
 * contract, the contract is not an ERC-20, or the read failed.
 */
export async function readTokenInfo(
  client: PublicClient,
  { chainId, address, multicall3, account }: ReadTokenInfoParameters,
): Promise<ReadTokenInfoReturnType> {
  const [name, symbol, decimals, balance] = await client.multicall({
    contracts: [
      { address, abi: erc20Abi, functionName: 'name' },
      { address, abi: erc20Abi, functionName: 'symbol' },
      { address, abi: erc20Abi, functionName: 'decimals' },
      // Always four calls keeps the result tuple typed; without an account the balance is dropped.
      { address, abi: erc20Abi, functionName: 'balanceOf', args: [account ?? zeroAddress] },
    ],
    allowFailure: true,
    multicallAddress: multicall3,
  })
  if (symbol.status !== 'success' || decimals.status !== 'success') return null
  const symbolText = String(symbol.result).trim().slice(0, MAX_SYMBOL_LENGTH)
  const decimalsValue = Number(decimals.result)
  if (symbolText === '' || !Number.isInteger(decimalsValue) || decimalsValue < 0 || decimalsValue > MAX_DECIMALS) {
    return null
  }
  const nameText = name.status === 'success' ? String(name.result).trim().slice(0, MAX_NAME_LENGTH) : ''
  return {
    token: {
      chainId,
      address,
      symbol: symbolText,
      name: nameText || symbolText,
      decimals: decimalsValue,
      kind: 'erc20',
      listed: false,
    },
    balance: account && balance.status === 'success' ? balance.result : undefined,
  }
}
