export * from './anvil.ts'
export * from './ports.ts'
