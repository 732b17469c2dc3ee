/**
 * The words of the local network's escrow bridges (the intent settlers, the liquidity pool) for the states their one
 * implementation reports (`createEscrowProvider`), merged into each one's module: `SwapRecord.statusDetail` → English.
 */
export const ESCROW_STATUS_WORDING = {
  SETTLED_DELIVERY_NOT_FOUND:
    'The bridge has settled this transfer as delivered; its delivery is not found on the destination chain yet, still looking',
} as const

/** The same in Traditional Chinese, keyed by the English text. */
export const ESCROW_WORDS_ZH = {
  [ESCROW_STATUS_WORDING.SETTLED_DELIVERY_NOT_FOUND]:
    '跨鏈橋已將這筆轉帳結算為已送達；目的鏈上尚未找到其到帳紀錄，仍在查找',
} as const
