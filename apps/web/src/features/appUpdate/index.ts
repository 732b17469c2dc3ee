// Public entry of the app update feature (.dependency-cruiser.cjs): the service worker's registration and the
// notice that a new version is ready. The registration code itself is loaded with import() when the browser is idle.
export { registerAppWorker } from './appWorker.ts'
export { UpdateNotice } from './UpdateNotice.tsx'
