import { intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import { type Abi, decodeErrorResult, type Hex, parseAbi, size, slice } from 'viem'
import type { DepositRevert } from './depositRevertError.ts'

/**
 * The errors of the contracts the app deposits into that mean the same to a person. The bridges' own ABIs carry
 * theirs (the devnet's contracts); the production ones are their published names: Across's SpokePool
 * (`DepositsArePaused`, `InvalidQuoteTimestamp`, `InvalidFillDeadline`), LI.FI's diamond (`DiamondIsPaused`),
 * OpenZeppelin's `Pausable` and ERC-20.
 */
const PAUSED = new Set(['EnforcedPause', 'DepositsArePaused', 'DiamondIsPaused', 'ContractIsPaused', 'Paused'])
const EXPIRED = new Set([
  'OpenDeadlinePassed',
  'InvalidQuoteTimestamp',
  'InvalidFillDeadline',
  'ExpiredFillDeadline',
  'QuoteExpired',
  'SignatureExpired',
])
const BALANCE = new Set(['ERC20InsufficientBalance', 'InsufficientBalance', 'TransferFromFailed'])
const PAUSED_MESSAGES = /paused/i
const BALANCE_MESSAGES = /exceeds balance|insufficient balance/i

/** Built on first use: nothing of it runs while the module is only loaded. */
let knownErrorsAbi: Abi | undefined
const knownErrors = (): Abi =>
  (knownErrorsAbi ??= [
    ...intentOriginSettlerAbi.filter((item) => item.type === 'error'),
    ...poolBridgeAbi.filter((item) => item.type === 'error'),
    ...parseAbi([
      'error EnforcedPause()',
      'error DepositsArePaused()',
      'error InvalidQuoteTimestamp()',
      'error InvalidFillDeadline()',
      'error ExpiredFillDeadline()',
      'error DisabledRoute()',
      'error MsgValueDoesNotMatchInputAmount()',
      'error DiamondIsPaused()',
      'error InformationMismatch()',
      'error InvalidAmount()',
      'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
      'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
      'error TransferFromFailed()',
    ]),
  ])

const argumentText = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? `[${value.map(argumentText).join(', ')}]`
      : String(value)

/** The revert data of a failed call, in words a person reads (`DepositRevert`). */
export function decodeDepositRevert(data: Hex | undefined): DepositRevert {
  if (!data || size(data) < 4) return { kind: 'unknown' }
  let decoded: { errorName: string; args?: readonly unknown[] | undefined }
  try {
    decoded = decodeErrorResult({ abi: knownErrors(), data })
  } catch {
    return { kind: 'unknown', selector: slice(data, 0, 4) }
  }
  const { errorName } = decoded
  const args = decoded.args ?? []
  if (errorName === 'Error') {
    const message = String(args[0] ?? '')
    if (PAUSED_MESSAGES.test(message)) return { kind: 'paused' }
    if (BALANCE_MESSAGES.test(message)) return { kind: 'balance' }
    return { kind: 'message', message }
  }
  if (errorName === 'Panic') return { kind: 'error', error: `Panic(${argumentText(args[0])})` }
  if (PAUSED.has(errorName)) return { kind: 'paused' }
  if (EXPIRED.has(errorName)) return { kind: 'quoteExpired' }
  if (BALANCE.has(errorName)) return { kind: 'balance' }
  return { kind: 'error', error: `${errorName}(${args.map(argumentText).join(', ')})` }
}
