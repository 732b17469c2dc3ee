import { type Abi, type ContractFunctionName, type DecodeFunctionDataReturnType, decodeFunctionData } from 'viem'
import { UnknownContractError } from '../errors/walletErrors.ts'
import type { TransactionRequest } from '../routes/types.ts'

/** A call of one of `names` decoded with `abi`: its arguments typed from that function's inputs. */
export type KnownCall<abi extends Abi, names extends ContractFunctionName<abi>> = Extract<
  DecodeFunctionDataReturnType<abi>,
  { functionName: names }
>

/**
 * A transaction's call decoded with its contract's ABI, only when it is one of the functions a deposit may call
 * (`functionNames`: one, or the few a route may use): anything else is "Unknown contract type: <contract> <selector or
 * function>". Its arguments come typed by the ABI: callers read them without a cast.
 */
export function decodeKnownCall<const abi extends Abi, const names extends ContractFunctionName<abi>>(
  abi: abi,
  transaction: TransactionRequest,
  contractName: string,
  functionNames: names | readonly names[],
): KnownCall<abi, names> {
  let call: DecodeFunctionDataReturnType<abi>
  try {
    call = decodeFunctionData({ abi, data: transaction.data })
  } catch {
    throw new UnknownContractError(`${contractName} ${transaction.data.slice(0, 10)}`)
  }
  const known: readonly string[] = typeof functionNames === 'string' ? [functionNames] : functionNames
  if (!known.includes(call.functionName)) throw new UnknownContractError(`${contractName} ${call.functionName}`)
  return call as KnownCall<abi, names>
}
