export { startAttester } from './attester/attester.ts'
export {
  ATTESTER_NAMES,
  type Network,
  SERVICE_NAMES,
  type StartNetworkParameters,
  serviceDataDir,
  startNetwork,
} from './network.ts'
export { type AttesterName, attesterName, type ServiceName, type ServiceProcess, spawnService } from './process.ts'
export { startRelayer } from './relayer/relayer.ts'
export { loadPricing } from './solver/loadPricing.ts'
export { startSolver } from './solver/solver.ts'
