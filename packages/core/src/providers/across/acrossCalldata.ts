import { type Address, decodeFunctionData, getAddress, type Hex, isAddressEqual, slice, toFunctionSelector } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import type { Route, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { isNativeAddress } from '../apiSupport.ts'
import { spokePoolDepositV3Abi } from './acrossSchemas.ts'

const DEPOSIT_V3 = toFunctionSelector(spokePoolDepositV3Abi[0])

/** The chain's wrapped native token as Across names it, per chain id (the config's `wrappedNativeTokens`). */
export type WrappedNative = (chainId: number) => Address | undefined

/**
 * A `depositV3` into a SpokePool, read from its calldata (an integrator id appended after the arguments is
 * ignored, as the SpokePool does). The wrapped native token Across deposits for the native coin is reported as
 * the native coin when the transaction carries it as value; on the destination, the wrapped token is what Across
 * pays out as the native coin to a wallet and as itself to a contract, so it stands for what was asked of the two.
 */
export function decodeAcrossDeposit(
  transaction: TransactionRequest,
  route: Route,
  wrappedNative: WrappedNative,
): DecodedDeposit {
  const selector = transaction.data.length >= 10 ? slice(transaction.data, 0, 4) : transaction.data
  if (selector !== DEPOSIT_V3) throw new UnknownContractError(`Across SpokePool ${selector}`)
  const { args } = decodeFunctionData({ abi: spokePoolDepositV3Abi, data: transaction.data as Hex })
  const [depositor, recipient, inputToken, outputToken, inputAmount, outputAmount, destinationChainId] = args
  const [, , , , , , , exclusiveRelayer, , fillDeadline, , message] = args
  const { request } = route
  const originWrapped = wrappedNative(request.origin.chainId)
  const nativeIn =
    originWrapped !== undefined && isAddressEqual(inputToken, originWrapped) && transaction.value === inputAmount
  const destinationWrapped = wrappedNative(Number(destinationChainId))
  const asked = request.destination.address
  const askedNativeOrWrapped =
    destinationWrapped !== undefined && (isNativeAddress(asked) || isAddressEqual(asked, destinationWrapped))
  const paysOut =
    destinationWrapped !== undefined && isAddressEqual(outputToken, destinationWrapped) && askedNativeOrWrapped
      ? getAddress(asked)
      : outputToken
  const exclusive = !isAddressEqual(exclusiveRelayer, NATIVE_TOKEN_ADDRESS)
  return {
    contract: transaction.to,
    contractName: 'Across SpokePool',
    functionName: 'depositV3',
    inputToken: nativeIn ? NATIVE_TOKEN_ADDRESS : inputToken,
    inputAmount,
    value: transaction.value,
    recipient,
    destinationChainId: Number(destinationChainId),
    output: { token: paysOut, amount: outputAmount },
    refundTo: depositor,
    destinationCall: message !== '0x',
    // An unfilled deposit expires at its fill deadline, and Across returns it whole on the origin.
    fillBy: fillDeadline,
    comesBack: {
      chainId: transaction.chainId,
      token: nativeIn ? NATIVE_TOKEN_ADDRESS : inputToken,
      amount: inputAmount,
    },
    details: [
      { label: 'Fill deadline', kind: 'time', value: fillDeadline },
      ...(exclusive ? [{ label: 'Exclusive relayer', kind: 'address' as const, value: exclusiveRelayer }] : []),
    ],
  }
}
