import { PROVIDER_GAS_ESTIMATE } from '../../routes/types.ts'
import type { ProviderModule } from '../module.ts'
import {
  LIFI_DIAMOND_NAME,
  LIFI_PROVIDER_ID,
  LIFI_PROVIDER_NAME,
  type LifiConfig,
  lifiConfigSchema,
} from './lifiConfig.ts'

/** LI.FI (li.quest): an aggregator; its bridges return what they could not deliver by themselves. */
export const lifiModule: ProviderModule<'lifi', LifiConfig> = {
  id: LIFI_PROVIDER_ID,
  name: LIFI_PROVIDER_NAME,
  configSchema: lifiConfigSchema,
  // LI.FI's substatuses are upper case (docs.li.fi, transaction status).
  statusWording: {
    NOT_FOUND: 'The provider has not seen the deposit yet',
    INVALID: 'The provider has not seen the deposit yet',
    NOT_FOUND_AFTER_A_DAY: 'The provider has not recognised this deposit for a day',
    INVALID_AFTER_A_DAY: 'The provider has not recognised this deposit for a day',
    WAIT_SOURCE_CONFIRMATIONS: 'Waiting for confirmations on the origin chain',
    WAIT_DESTINATION_TRANSACTION: 'Waiting for the transfer on the destination chain',
    BRIDGE_NOT_AVAILABLE: 'The bridge is temporarily unavailable; the transfer will continue',
    CHAIN_NOT_AVAILABLE: 'The chain is temporarily unreachable; the transfer will continue',
    REFUND_IN_PROGRESS: 'The transfer failed; the refund is on its way',
    UNKNOWN_ERROR: 'The provider reports an unknown problem',
    PARTIAL: 'Delivered in another token than quoted',
    REFUNDED: 'The provider returned the tokens',
    NOT_PROCESSABLE_REFUND_NEEDED: 'The transfer cannot be completed; a refund is needed',
    OUT_OF_GAS: 'The transfer ran out of gas',
    SLIPPAGE_EXCEEDED: 'The price moved more than the slippage allows',
    INSUFFICIENT_ALLOWANCE: 'The allowance was too low',
    INSUFFICIENT_BALANCE: 'The balance was too low',
    EXPIRED: 'The quote expired before the transfer',
  },
  // Its sentences in the app's other languages (the English text is the key).
  words: {
    zh: {
      // Its fee labels.
      [PROVIDER_GAS_ESTIMATE]: '網路成本（供應商估算）',
      'Gas on arrival fee': '到帳 Gas 費用',
      // What the review shows of a swap before the bridge.
      'Swapped on the origin by': '在來源鏈上兌換的合約',
      // What the review shows of a swap after the bridge, and what arrives should it fail.
      'Swapped on arrival by': '在目標鏈上兌換的合約',
      'If the swap on arrival fails, you receive': '若目標鏈上的兌換失敗，您將收到',
      // What Polymer takes of the USDC it relays through Circle's CCTP.
      'Polymer fee': 'Polymer 手續費',
      'The provider has not seen the deposit yet': '提供者尚未看到這筆存入',
      'The provider has not recognised this deposit for a day': '提供者已一天未能識別此存入',
      'Waiting for confirmations on the origin chain': '正在等待來源鏈確認',
      'Waiting for the transfer on the destination chain': '正在等待目標鏈上的轉帳',
      'The bridge is temporarily unavailable; the transfer will continue': '跨鏈橋暫時無法使用，轉帳稍後會繼續',
      'The chain is temporarily unreachable; the transfer will continue': '暫時無法連線到該鏈，轉帳稍後會繼續',
      'The transfer failed; the refund is on its way': '轉帳失敗，退款正在處理中',
      'The provider reports an unknown problem': '提供者回報了未知的問題',
      'Delivered in another token than quoted': '已以報價以外的代幣交付',
      'The provider returned the tokens': '提供者已退回代幣',
      'The transfer cannot be completed; a refund is needed': '轉帳無法完成，需要退款',
      'The transfer ran out of gas': '轉帳的 Gas 不足',
      'The price moved more than the slippage allows': '價格變動超出滑點容許範圍',
      'The allowance was too low': '授權額度不足',
      'The balance was too low': '餘額不足',
      'The quote expired before the transfer': '報價在轉帳前已過期',
    },
  },
  // Its own fee names (feeCosts[].name) come from the API as they are.
  feeLabels: [PROVIDER_GAS_ESTIMATE, 'Gas on arrival fee'],
  refunds: 'provider',
  // Every LI.FI deposit here is a call to the diamond, which takes the tokens: its approvals are to it alone.
  spenders: (manifest, chainId) =>
    ((manifest.providers?.lifi as LifiConfig | undefined)?.contracts[String(chainId)] ?? []).map((address) => ({
      address,
      name: LIFI_DIAMOND_NAME,
    })),
  // Without an API key LI.FI answers 75 quotes per two hours per IP (docs.li.fi, rate limits): one per 96 s.
  minRefreshSeconds: (2 * 60 * 60) / 75,
  isConfigured: (manifest) => manifest.providers?.lifi !== undefined,
  load: () => import('./lifiProvider.ts').then((code) => code.createLifiProvider),
}
