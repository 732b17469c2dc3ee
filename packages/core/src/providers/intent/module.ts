import { getManifestChain } from '../../config/manifest.ts'
import { ESCROW_STATUS_WORDING, ESCROW_WORDS_ZH } from '../escrow/escrowWording.ts'
import type { ProviderModule } from '../module.ts'
import { INTENT_CONTRACT_NAME, INTENT_NAME, INTENT_PROVIDER_ID, OPEN_FEE_LABEL } from './intentId.ts'

/** The devnet's ERC-7683 intent bridge: runs where the manifest has the solver and the attesters. */
export const intentModule: ProviderModule<'intent', never> = {
  id: INTENT_PROVIDER_ID,
  name: INTENT_NAME,
  statusWording: {
    ...ESCROW_STATUS_WORDING,
    SOLVER_NOT_AVAILABLE: "The bridge's solver is temporarily unavailable; the transfer will continue",
    SOLVER_DECLINED: 'No solver will fill this order; you can refund it once its deadline has passed',
    NOT_OPENED: 'The solver did not open your signed order before its open deadline; nothing left your wallet',
  },
  // Its sentences in the app's other languages (the English text is the key).
  words: {
    zh: {
      ...ESCROW_WORDS_ZH,
      // Its fee labels.
      'Solver fee': '求解者費用',
      'Solver gas fee': '求解者 Gas 費用',
      'Gas on arrival fee': '到帳 Gas 費用',
      "The bridge's solver is temporarily unavailable; the transfer will continue":
        '跨鏈橋的求解者暫時無法使用，轉帳稍後會繼續',
      'No solver will fill this order; you can refund it once its deadline has passed':
        '沒有求解者會完成這筆訂單；截止時間過後您可以退款',
      [OPEN_FEE_LABEL]: '開立訂單的 Gas 費用（由求解者代付）',
      'The solver did not open your signed order before its open deadline; nothing left your wallet':
        '求解者未在開立期限前開立您簽署的訂單；您的錢包沒有任何資產轉出',
    },
  },
  feeLabels: ['Solver fee', 'Solver gas fee', 'Gas on arrival fee', OPEN_FEE_LABEL],
  refunds: 'person',
  spenders: (manifest, chainId) => {
    const settler = getManifestChain(manifest, chainId)?.contracts.intentOriginSettler
    return settler ? [{ address: settler, name: INTENT_CONTRACT_NAME }] : []
  },
  isConfigured: (manifest) => Boolean(manifest.services.solver && manifest.services.attesters),
  load: () => import('./intentProvider.ts').then((code) => code.createIntentProvider),
}
