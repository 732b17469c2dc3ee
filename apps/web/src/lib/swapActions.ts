// The swap client's actions and what they pull in (the executor, the calldata checks, the refund, the restore): a
// chunk of its own, loaded when the person first swaps, refunds or restores (see swapMutations.ts).
export { executeSwap, prepareDeposit, refundSwap, restoreSwaps, simulateDeposit } from '@multi-bridge/core'
