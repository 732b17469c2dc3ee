import { getManifestChain } from '../../config/manifest.ts'
import { ESCROW_STATUS_WORDING, ESCROW_WORDS_ZH } from '../escrow/escrowWording.ts'
import type { ProviderModule } from '../module.ts'
import { POOL_CONTRACT_NAME, POOL_NAME, POOL_PROVIDER_ID } from './poolId.ts'

/** The devnet's liquidity-pool bridge: runs where the manifest lists the attesters (the relayer releases). */
export const poolModule: ProviderModule<'pool', never> = {
  id: POOL_PROVIDER_ID,
  name: POOL_NAME,
  statusWording: {
    ...ESCROW_STATUS_WORDING,
    ATTESTER_NOT_AVAILABLE: "The bridge's attester is temporarily unavailable; the transfer will continue",
    RELAYER_NOT_AVAILABLE: "The bridge's relayer is temporarily unavailable; the transfer will continue",
    RELAYER_DECLINED: 'The relayer declined this transfer; you can refund it once its deadline has passed',
  },
  // Its sentences in the app's other languages (the English text is the key).
  words: {
    zh: {
      ...ESCROW_WORDS_ZH,
      // Its fee labels.
      'Bridge fee': '跨鏈橋費用',
      "The bridge's attester is temporarily unavailable; the transfer will continue":
        '跨鏈橋的證明者暫時無法使用，轉帳稍後會繼續',
      "The bridge's relayer is temporarily unavailable; the transfer will continue":
        '跨鏈橋的中繼者暫時無法使用，轉帳稍後會繼續',
      'The relayer declined this transfer; you can refund it once its deadline has passed':
        '中繼者拒絕了這筆轉帳；截止時間過後您可以退款',
    },
  },
  feeLabels: ['Bridge fee'],
  refunds: 'person',
  spenders: (manifest, chainId) => {
    const pool = getManifestChain(manifest, chainId)?.contracts.poolBridge
    return pool ? [{ address: pool, name: POOL_CONTRACT_NAME }] : []
  },
  isConfigured: (manifest) => Boolean(manifest.services.attesters),
  load: () => import('./poolProvider.ts').then((code) => code.createPoolProvider),
}
