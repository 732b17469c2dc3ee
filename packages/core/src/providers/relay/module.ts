import { PROVIDER_GAS_ESTIMATE } from '../../routes/types.ts'
import type { ProviderModule } from '../module.ts'
import { RELAY_PROVIDER_ID, type RelayConfig, relayConfigSchema } from './relayConfig.ts'

/** Relay (relay.link): a solver fills from its own inventory; a fill that fails is refunded by Relay itself. */
export const relayModule: ProviderModule<'relay', RelayConfig> = {
  id: RELAY_PROVIDER_ID,
  name: 'Relay',
  configSchema: relayConfigSchema,
  // Relay's request statuses (GET /intents/status/v3).
  statusWording: {
    waiting: 'Relay is waiting to see the deposit',
    depositing: 'Relay is confirming the deposit',
    pending: 'Relay is filling it on the destination chain',
    submitted: 'The fill is sent on the destination chain',
    delayed: 'The fill is delayed; Relay is still working on it',
    failure: 'Relay could not fill it; it refunds failed fills by itself',
    refund: 'Relay returned the tokens',
  },
  // Its sentences in the app's other languages (the English text is the key).
  words: {
    zh: {
      // Its fee labels.
      'Relayer fee': '中繼者費用',
      [PROVIDER_GAS_ESTIMATE]: '網路成本（供應商估算）',
      'Relay is waiting to see the deposit': 'Relay 正在等待看到存入',
      'Relay is confirming the deposit': 'Relay 正在確認存入',
      'Relay is filling it on the destination chain': 'Relay 正在目標鏈上交付',
      'The fill is sent on the destination chain': '交付交易已在目標鏈上送出',
      'The fill is delayed; Relay is still working on it': '交付延遲；Relay 仍在處理',
      'Relay could not fill it; it refunds failed fills by itself': 'Relay 無法交付；失敗的交付會由 Relay 自行退款',
      'Relay returned the tokens': 'Relay 已退回代幣',
    },
  },
  feeLabels: ['Relayer fee', PROVIDER_GAS_ESTIMATE],
  refunds: 'provider',
  spenders: (manifest, chainId) =>
    ((manifest.providers?.relay as RelayConfig | undefined)?.contracts[String(chainId)] ?? []).map((address) => ({
      address,
      name: 'Relay Depository',
    })),
  isConfigured: (manifest) => manifest.providers?.relay !== undefined,
  load: () => import('./relayProvider.ts').then((code) => code.createRelayProvider),
}
