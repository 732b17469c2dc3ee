// Public entry of the progress feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs) stays out, so that it stays out of the chunk of whoever imports from here.

export { AcceptedBatches } from './acceptedBatches.tsx'
export { PendingSwapsButton } from './PendingSwapsButton.tsx'
export { useStatusDetail } from './statusDetail.ts'
