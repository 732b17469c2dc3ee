export { MULTICALL3_ADDRESS } from './constants.ts'
export * from './generated/artifacts.ts'
