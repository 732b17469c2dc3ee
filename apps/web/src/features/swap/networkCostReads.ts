/**
 * The network-cost estimate's code (viem's gas and fee actions), a chunk of its own: loaded with the chain clients,
 * once there is a route to estimate, never before the form is interactive.
 */
export { estimateDepositReserve, estimateNetworkCost } from '@multi-bridge/core'
