export { startAttester } from './attester/attester.ts'
export { type ServiceName, type ServiceProcess, spawnService } from './process.ts'
export { startRelayer } from './relayer/relayer.ts'
export { startSolver } from './solver/solver.ts'
