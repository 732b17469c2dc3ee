// Public entry of the swap feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs, the swap services) stays out, so that it stays out of the chunk of whoever imports from here.
export { AmountField } from './AmountField.tsx'
export { GasOnArrivalField } from './GasOnArrivalField.tsx'
export { RecipientField } from './RecipientField.tsx'
export { RouteDetails, RouteList } from './RouteList.tsx'
export { RouteToolbar } from './RouteToolbar.tsx'
export { recipientStore } from './recipientStore.ts'
export { TokenButton } from './TokenButton.tsx'
export { type SignedPreview, useSignedPreview } from './useSignedPreview.ts'
export { useSwapActions } from './useSwapActions.ts'
export { toTokenRef, useSwapForm } from './useSwapForm.ts'
export { loadSwapServices, prefetchSwapServices } from './useSwapServices.ts'
