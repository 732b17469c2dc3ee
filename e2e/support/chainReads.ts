import { type Manifest, NATIVE_TOKEN_ADDRESS, type SwapRecord } from '@multi-bridge/core'
import type { Page } from '@playwright/test'
import { type Address, createPublicClient, erc20Abi, http, isAddressEqual } from 'viem'

/** A token of the test network by chain index and symbol. */
export function tokenOf(manifest: Manifest, chainIndex: number, symbol: string) {
  const token = manifest.chains[chainIndex]?.tokens.find((t) => t.symbol === symbol)
  if (!token) throw new Error(`no ${symbol} on chain ${chainIndex}`)
  return token
}

/** `owner`'s balance of a token of the test network, read from its chain (native coin included). */
export async function balanceOf(manifest: Manifest, chainIndex: number, symbol: string, owner: Address) {
  const chain = manifest.chains[chainIndex]!
  const client = createPublicClient({ transport: http(chain.rpcUrls[0]) })
  const token = tokenOf(manifest, chainIndex, symbol)
  if (isAddressEqual(token.address, NATIVE_TOKEN_ADDRESS)) return client.getBalance({ address: owner })
  return client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/** The swaps History saved in the page's storage. */
export async function storedSwaps(page: Page): Promise<SwapRecord[]> {
  const raw = await page.evaluate(() => localStorage.getItem('__persist__history'))
  return raw ? Object.values((JSON.parse(raw) as { state: { swaps: Record<string, SwapRecord> } }).state.swaps) : []
}
