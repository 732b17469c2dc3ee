import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import {
  type Address,
  encodeAbiParameters,
  encodeErrorResult,
  type Hex,
  pad,
  parseAbi,
  toEventSelector,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { DepositPlan } from '../routes/types.ts'
import { decodeDepositRevert } from './depositRevert.ts'
import { excessOutflow, tokenMoves } from './simulateDeposit.ts'

const person = '0x1111111111111111111111111111111111111111' as Address
const bridge = '0x2222222222222222222222222222222222222222' as Address
const usdc = '0x3333333333333333333333333333333333333333' as Address
const other = '0x4444444444444444444444444444444444444444' as Address
const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
const NATIVE_LOGGER = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as Address

const transfer = (token: Address, from: Address, to: Address, amount: bigint) => ({
  address: token,
  topics: [TRANSFER, pad(from), pad(to)] as [Hex, Hex, Hex],
  data: toHex(amount, { size: 32 }),
})

const plan = (amount: bigint, value = 0n): DepositPlan => ({
  transaction: { chainId: 1, to: bridge, data: '0x', value },
  approval: {
    token: { chainId: 1, address: usdc, symbol: 'USDC', decimals: 6, kind: 'usdc' },
    spender: bridge,
    amount,
  },
})

describe('the transfers a simulated deposit makes', () => {
  it('reads ERC-20 transfers and the native coin, and skips NFTs and other events', () => {
    const nft = {
      ...transfer(usdc, person, bridge, 1n),
      topics: [TRANSFER, pad(person), pad(bridge), pad('0x01')] as [Hex, Hex, Hex, Hex],
    }
    const approval = {
      ...transfer(usdc, person, bridge, 5n),
      topics: [toEventSelector('Approval(address,address,uint256)'), pad(person), pad(bridge)] as [Hex, Hex, Hex],
    }
    expect(
      tokenMoves([transfer(usdc, person, bridge, 40n), transfer(NATIVE_LOGGER, person, bridge, 7n), nft, approval]),
    ).toEqual([
      { token: usdc, from: person, to: bridge, amount: 40n },
      { token: NATIVE_TOKEN_ADDRESS, from: person, to: bridge, amount: 7n },
    ])
  })

  it('passes what the plan allows: the approved amount of the approved token, the value sent', () => {
    const moves = tokenMoves([transfer(usdc, person, bridge, 40n), transfer(NATIVE_LOGGER, person, bridge, 3n)])
    expect(excessOutflow(moves, person, plan(40n, 3n))).toBeUndefined()
    // What others move among themselves (the bridge on to a pool) is not the wallet's.
    expect(
      excessOutflow([...moves, ...tokenMoves([transfer(other, bridge, other, 10n)])], person, plan(40n, 3n)),
    ).toBeUndefined()
  })

  // The attacks: a deposit whose calldata decodes as the swap, but that moves more out of the wallet when it runs (a
  // standing allowance it spends besides the approval, a second token, more of the native coin).
  it('refuses more of the approved token than approved, summed over transfers', () => {
    const moves = tokenMoves([transfer(usdc, person, bridge, 40n), transfer(usdc, person, other, 1n)])
    expect(excessOutflow(moves, person, plan(40n))).toEqual({ token: usdc, from: person, to: other, amount: 41n })
  })

  it('refuses any other token leaving the wallet, and more native coin than the value', () => {
    const second = tokenMoves([transfer(usdc, person, bridge, 40n), transfer(other, person, bridge, 1n)])
    expect(excessOutflow(second, person, plan(40n))).toMatchObject({ token: other, amount: 1n })
    const native = tokenMoves([transfer(NATIVE_LOGGER, person, bridge, 4n)])
    expect(excessOutflow(native, person, plan(40n, 3n))).toMatchObject({ token: NATIVE_TOKEN_ADDRESS, amount: 4n })
  })
})

describe('why a deposit would revert', () => {
  const error = (signature: string, args: readonly unknown[] = []) => {
    const abi = parseAbi([signature])
    return encodeErrorResult({ abi, args } as never)
  }

  it('says a pause, an expired quote and a short balance in words, from each bridge', () => {
    expect(decodeDepositRevert(error('error EnforcedPause()'))).toEqual({ kind: 'paused' })
    expect(decodeDepositRevert(error('error DepositsArePaused()'))).toEqual({ kind: 'paused' })
    expect(decodeDepositRevert(error('error Error(string)', ['Pausable: paused']))).toEqual({ kind: 'paused' })
    expect(
      decodeDepositRevert(
        encodeErrorResult({ abi: intentOriginSettlerAbi, errorName: 'OpenDeadlinePassed', args: [5] }),
      ),
    ).toEqual({ kind: 'quoteExpired' })
    expect(decodeDepositRevert(error('error InvalidQuoteTimestamp()'))).toEqual({ kind: 'quoteExpired' })
    expect(
      decodeDepositRevert(error('error ERC20InsufficientBalance(address,uint256,uint256)', [person, 1n, 2n])),
    ).toEqual({ kind: 'balance' })
    expect(decodeDepositRevert(error('error Error(string)', ['ERC20: transfer amount exceeds balance']))).toEqual({
      kind: 'balance',
    })
  })

  it('names any other error by its contract’s name and arguments, a message as written, and nothing as unknown', () => {
    expect(
      decodeDepositRevert(
        encodeErrorResult({ abi: intentOriginSettlerAbi, errorName: 'InvalidOrder', args: ['zero amount'] }),
      ),
    ).toEqual({ kind: 'error', error: 'InvalidOrder("zero amount")' })
    expect(decodeDepositRevert(error('error Error(string)', ['route disabled']))).toEqual({
      kind: 'message',
      message: 'route disabled',
    })
    expect(decodeDepositRevert(error('error Panic(uint256)', [17n]))).toEqual({ kind: 'error', error: 'Panic(17)' })
    expect(decodeDepositRevert('0x')).toEqual({ kind: 'unknown' })
    expect(decodeDepositRevert(undefined)).toEqual({ kind: 'unknown' })
    const unknown = `0xdeadbeef${encodeAbiParameters([{ type: 'uint256' }], [1n]).slice(2)}` as Hex
    expect(decodeDepositRevert(unknown)).toEqual({ kind: 'unknown', selector: '0xdeadbeef' })
  })
})
