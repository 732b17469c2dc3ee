// Public entry of the language feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs) stays out, so that it stays out of the chunk of whoever imports from here.
export { LanguageSwitch } from './LanguageSwitch.tsx'
