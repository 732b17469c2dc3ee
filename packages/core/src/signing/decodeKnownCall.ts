import { type Abi, type DecodeFunctionDataReturnType, decodeFunctionData } from 'viem'
import { UnknownContractError } from '../errors/walletErrors.ts'
import type { TransactionRequest } from '../routes/types.ts'

/**
 * A transaction's call decoded with its contract's ABI, only when it is the one function a deposit may call:
 * anything else is "Unknown contract type: <contract> <selector or function>".
 */
export function decodeKnownCall<const abi extends Abi>(
  abi: abi,
  transaction: TransactionRequest,
  contractName: string,
  functionName: string,
): DecodeFunctionDataReturnType<abi> {
  let call: DecodeFunctionDataReturnType<abi>
  try {
    call = decodeFunctionData({ abi, data: transaction.data })
  } catch {
    throw new UnknownContractError(`${contractName} ${transaction.data.slice(0, 10)}`)
  }
  if (call.functionName !== functionName) throw new UnknownContractError(`${contractName} ${call.functionName}`)
  return call
}
