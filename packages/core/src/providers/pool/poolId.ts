/** The liquidity-pool bridge's provider id and name, for its module and its code alike. */
export const POOL_PROVIDER_ID = 'pool'
export const POOL_NAME = 'Liquidity Pool Bridge'
/** The contract a deposit and its approval go to, as the review and the approvals view name it. */
export const POOL_CONTRACT_NAME = 'Pool Bridge'
