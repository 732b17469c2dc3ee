import { type Address, erc20Abi, type PublicClient, zeroAddress } from 'viem'
import { TOKEN_LIMITS } from '../config/manifest.ts'

/** An ERC-20 as its contract describes itself, within the bounds the manifest puts on listed tokens. */
export type TokenInfo = { symbol: string; name: string; decimals: number; balance: bigint | undefined }

/** Text a contract returned, as it may be shown: no control or formatting characters, trimmed, cut to `max`. */
const shownText = (value: unknown, max: number) => String(value).replace(/\p{C}/gu, '').trim().slice(0, max)

/**
 * Reads name, symbol and decimals of a token the manifest does not list, with one multicall (and the account's
 * balance in it, when an account is given). `null` when the address has no contract, the contract is not an
 * ERC-20, or its answers are unusable; throws when the chain cannot be read.
 */
export async function readTokenInfo(
  client: PublicClient,
  { address, multicall3, account }: { address: Address; multicall3: Address; account?: Address | undefined },
): Promise<TokenInfo | null> {
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
  const symbolText = shownText(symbol.result, TOKEN_LIMITS.symbol)
  const decimalsValue = Number(decimals.result)
  if (
    symbolText === '' ||
    !Number.isInteger(decimalsValue) ||
    decimalsValue < 0 ||
    decimalsValue > TOKEN_LIMITS.decimals
  )
    return null
  const nameText = name.status === 'success' ? shownText(name.result, TOKEN_LIMITS.name) : ''
  return {
    symbol: symbolText,
    name: nameText || symbolText,
    decimals: decimalsValue,
    balance: account && balance.status === 'success' ? balance.result : undefined,
  }
}
