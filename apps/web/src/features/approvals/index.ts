// Public entry of the approvals feature (.dependency-cruiser.cjs): re-exports only, no side effects. Its dialog is
// loaded with import() when first opened, so that it stays out of the page's chunk.
export { ApprovalsHost } from './ApprovalsHost.tsx'
export { LeftAllowance } from './LeftAllowance.tsx'
