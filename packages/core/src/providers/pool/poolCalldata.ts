import { poolBridgeAbi } from '@multi-bridge/contracts'
import { decodeFunctionData, type Hex } from 'viem'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import type { TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'

const CONTRACT_NAME = 'Pool Bridge'

/**
 * A `PoolBridge.send(token, amount, destinationChainId, recipient, destinationToken, minAmountOut)`, read from
 * its calldata. The escrowed deposit is refunded to its sender (`msg.sender`), so there is no refund address.
 */
export function decodePoolSend(transaction: TransactionRequest): DecodedDeposit {
  let call: ReturnType<typeof decodeFunctionData<typeof poolBridgeAbi>>
  try {
    call = decodeFunctionData({ abi: poolBridgeAbi, data: transaction.data as Hex })
  } catch {
    throw new UnknownContractError(`${CONTRACT_NAME} ${transaction.data.slice(0, 10)}`)
  }
  if (call.functionName !== 'send') throw new UnknownContractError(`${CONTRACT_NAME} ${call.functionName}`)
  const [token, amount, destinationChainId, recipient, destinationToken, minAmountOut] = call.args as unknown as [
    Hex,
    bigint,
    bigint,
    Hex,
    Hex,
    bigint,
  ]
  return {
    contract: transaction.to,
    contractName: CONTRACT_NAME,
    functionName: 'send',
    inputToken: token,
    inputAmount: amount,
    value: transaction.value,
    recipient,
    destinationChainId: Number(destinationChainId),
    output: { token: destinationToken, amount: minAmountOut },
  }
}
