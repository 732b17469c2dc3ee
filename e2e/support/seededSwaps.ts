import { HISTORY_STORE_VERSION, type RefundableSwap, type SwapRecord, type TokenRef } from '@multi-bridge/core'
import type { TestNetwork } from '../fixtures/index.ts'

/** An intent swap of nobody on this network (an order id no one opened), refundable, of 42 USDC from chain A. */
export function refundableSwap(network: TestNetwork, byte: string): RefundableSwap {
  const { chains } = network
  const ref = (i: number): TokenRef => {
    const t = chains[i]!.tokens.find((token) => token.symbol === 'USDC')!
    return { chainId: chains[i]!.id, address: t.address, symbol: t.symbol, decimals: t.decimals, kind: t.kind }
  }
  const now = Math.floor(Date.now() / 1000)
  const owner = '0x000000000000000000000000000000000000bEEF'
  return {
    key: `local-waiting-${byte}`,
    id: `0x${byte.repeat(32)}`,
    providerId: 'intent',
    providerName: 'Intent Bridge',
    owner,
    recipient: owner,
    origin: { token: ref(0), amount: '42000000' },
    destination: { token: ref(1), estimatedAmount: '41900000', minAmount: '41800000' },
    depositAddress: chains[0]!.contracts.intentOriginSettler!,
    status: 'refundable',
    depositTx: `0x${byte.slice(0, 1)}e${'0'.repeat(62)}`,
    depositedAt: now - 600,
    refundableAfter: now - 300,
    expiresAt: now + 86_400,
    createdAt: (now - 600) * 1000,
    updatedAt: (now - 300) * 1000,
  }
}

/** localStorage holding these swaps in History, in this language. */
export const storageWith = (lang: string, ...swaps: SwapRecord[]) => ({
  lang,
  __persist__history: JSON.stringify({
    state: { swaps: Object.fromEntries(swaps.map((swap) => [swap.key, swap])) },
    version: HISTORY_STORE_VERSION,
  }),
})
