export * from './config/manifest.ts'
export * from './protocols/attestation.ts'
export * from './protocols/intent.ts'
export * from './protocols/pool.ts'
