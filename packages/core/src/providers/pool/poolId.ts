/** The liquidity-pool bridge's provider id and name, for its module and its code alike. */
export const POOL_PROVIDER_ID = 'pool'
export const POOL_NAME = 'Liquidity Pool Bridge'
