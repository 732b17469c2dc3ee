import { poolBridgeAbi } from '@multi-bridge/contracts'
import type { Route, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { decodeKnownCall } from '../../signing/decodeKnownCall.ts'
import { POOL_CONTRACT_NAME } from './poolId.ts'

/**
 * A `PoolBridge.send(token, amount, destinationChainId, recipient, destinationToken, minAmountOut)`, read from
 * its calldata. The escrowed deposit is refunded to its sender (`msg.sender`), so there is no refund address.
 */
export function decodePoolSend(transaction: TransactionRequest, route?: Pick<Route, 'data'>): DecodedDeposit {
  const call = decodeKnownCall(poolBridgeAbi, transaction, POOL_CONTRACT_NAME, 'send')
  const [token, amount, destinationChainId, recipient, destinationToken, minAmountOut] = call.args
  return {
    contract: transaction.to,
    contractName: POOL_CONTRACT_NAME,
    functionName: 'send',
    inputToken: token,
    inputAmount: amount,
    value: transaction.value,
    recipient,
    destinationChainId: Number(destinationChainId),
    output: { token: destinationToken, amount: minAmountOut },
    // The pool sets the release deadline when the send is mined (its release window, read with the quote); not
    // released by then, the whole deposit comes back on the origin.
    ...(typeof route?.data?.releaseWindow === 'number' ? { fillWithin: route.data.releaseWindow } : {}),
    comesBack: { chainId: transaction.chainId, token, amount },
  }
}
