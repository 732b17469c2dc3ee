// Public entry of the picker feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs) stays out, so that it stays out of the chunk of whoever imports from here.
export { providerTokensQueryOptions } from './providerTokens.ts'
export { type TokenCaution, tokenCautionFinder } from './tokenCaution.ts'
export type { PickerToken } from './types.ts'
