import type { ProviderModule } from '../module.ts'
import { type AcrossConfig, acrossConfigSchema } from './acrossConfig.ts'

/** Across: relayers fill from the SpokePool; an unfilled deposit expires and Across refunds it by itself. */
export const acrossModule: ProviderModule<'across', AcrossConfig> = {
  id: 'across',
  name: 'Across',
  configSchema: acrossConfigSchema,
  // Across's deposit states are lower case (its indexer's /deposit/status).
  statusWording: {
    slowFillRequested: 'No relayer filled it yet: Across is filling it from its own pool, which takes longer',
    expired: 'Expired — the refund is on its way',
    refunded: 'The provider returned the tokens',
    'deposit-failed': 'The deposit did not go through',
  },
  // Its sentences in the app's other languages (the English text is the key).
  words: {
    zh: {
      // Its fee labels.
      'LP fee': '流動性提供者費用',
      'Relayer fee': '中繼者費用',
      'Relayer gas fee': '中繼者 Gas 費用',
      'Bridge fee': '跨鏈橋費用',
      'No relayer filled it yet: Across is filling it from its own pool, which takes longer':
        '尚無中繼者完成交付：Across 正從自己的資金池交付，需要較長時間',
      'Expired — the refund is on its way': '已過期，退款正在路上',
      'The provider returned the tokens': '提供者已退回代幣',
      'The deposit did not go through': '存入未成功',
    },
  },
  feeLabels: ['LP fee', 'Relayer fee', 'Relayer gas fee', 'Bridge fee'],
  refunds: 'provider',
  spenders: (manifest, chainId) => {
    const pool = (manifest.providers?.across as AcrossConfig | undefined)?.spokePools[String(chainId)]
    return pool ? [{ address: pool, name: 'Across SpokePool' }] : []
  },
  isConfigured: (manifest) => manifest.providers?.across !== undefined,
  load: () => import('./acrossProvider.ts').then((code) => code.createAcrossProvider),
}
