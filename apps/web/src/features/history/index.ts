// Public entry of the history feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs) stays out, so that it stays out of the chunk of whoever imports from here.
export { historyCsv } from './historyCsv.ts'
export { type ProviderRecord, providerRecords } from './providerRecord.ts'
export { NEEDS_ACTION_PATH, RefundBanner } from './RefundBanner.tsx'
export { personRefundOpensAt, type RefundPlanAnswer, useRefundOpeningByClock } from './refundOpening.ts'
export { restoreStore, type UnreadChain, useRestoreState } from './restoreStore.ts'
export {
  elapsedAgainstEstimate,
  isApiDown,
  isStatusUnknown,
  needsAction,
  problemText,
  type RefundOpening,
  refundReason,
  statusWord,
  trackerFinding,
  waitingAmount,
} from './swapStatus.ts'
