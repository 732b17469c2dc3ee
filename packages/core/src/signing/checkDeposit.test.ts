import { type Address, type Hex, zeroAddress } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import {
  ETH_A,
  PERSON,
  POOL,
  type PoolSend,
  poolRoute,
  poolSendPlan,
  USDC_A,
  USDC_B,
} from '../../test/support/poolDeposit.ts'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import { UnknownContractError } from '../errors/walletErrors.ts'
import { decodePoolSend } from '../providers/pool/poolCalldata.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { DepositPlan } from '../routes/types.ts'
import { executeRoute } from '../swaps/execute/executeRoute.ts'
import { checkDeposit, prepareDeposit } from './checkDeposit.ts'
import { SignedMismatchError } from './signingErrors.ts'

// The shared step between every provider's plan and the wallet, attacked with plans that a hostile or broken
// provider could return. The pool bridge's real ABI decodes them: the decoder reports, the check refuses.
const THIEF: Address = '0x000000000000000000000000000000000000bEEF'
const route = poolRoute

/** The honest plan with `send` changed, the transaction changed, and another approval (null: none). */
const plan = (
  send: Partial<PoolSend> = {},
  change: Partial<DepositPlan['transaction']> = {},
  approval?: DepositPlan['approval'] | null,
): DepositPlan => {
  const honest = poolSendPlan(route(), send)
  return {
    transaction: { ...honest.transaction, ...change },
    ...(approval === null ? {} : { approval: approval ?? honest.approval }),
  }
}
const check = (p: DepositPlan, r = route()) =>
  checkDeposit(r, { plan: p, decoded: decodePoolSend(p.transaction) }, [POOL])
const refusal = (p: DepositPlan, r = route()) => {
  try {
    check(p, r)
  } catch (error) {
    return error
  }
  return undefined
}
const field = (p: DepositPlan, r = route()) => (refusal(p, r) as SignedMismatchError | undefined)?.field

describe('checkDeposit: the decoded transaction against the request', () => {
  it('passes the transaction the person asked for', () => {
    expect(check(plan()).decoded).toMatchObject({ recipient: PERSON, destinationChainId: 2, inputAmount: 100_000_000n })
  })

  it.each([
    ['recipient', { recipient: THIEF }],
    ['destinationChain', { chain: 10n }],
    ['inputToken', { token: USDC_B.address }],
    ['amount', { amount: 1n }],
    ['output', { min: 1n }],
    ['output', { out: THIEF }],
  ] as const)('refuses a call whose %s is not the request', (expected, send) => {
    const error = refusal(plan(send))
    expect(error).toBeInstanceOf(SignedMismatchError)
    expect((error as SignedMismatchError).code).toBe('signedMismatch')
    expect((error as SignedMismatchError).field).toBe(expected)
  })

  it('refuses native coin sent besides a token, beyond the native fee the route shows', () => {
    expect(field(plan({}, { value: 500_000_000_000_000_000n }))).toBe('value')
    expect(field(plan({}, { value: 2n }), route({ nativeFee: 1n }))).toBe('value')
    expect(check(plan({}, { value: 1n }), route({ nativeFee: 1n })).plan.transaction.value).toBe(1n)
  })

  it('refuses a native deposit that sends less, or more than the amount and the shown fee', () => {
    const native = route({ request: { ...route().request, origin: ETH_A } })
    const send = { token: NATIVE_TOKEN_ADDRESS as Address }
    expect(check(plan(send, { value: 100_000_000n }, null), native).decoded.inputToken).toBe(zeroAddress)
    expect(field(plan(send, { value: 99_999_999n }, null), native)).toBe('value')
    expect(field(plan(send, { value: 100_000_001n }, null), native)).toBe('value')
    expect(field(plan(send, { value: 100_000_000n }), native)).toBe('approval')
  })

  it('refuses an approval for anyone but the contract called, another token, or another amount', () => {
    expect(field(plan({}, {}, { token: USDC_A, spender: THIEF, amount: 100_000_000n }))).toBe('approval')
    expect(field(plan({}, {}, { token: USDC_B, spender: POOL, amount: 100_000_000n }))).toBe('approval')
    expect(field(plan({}, {}, { token: USDC_A, spender: POOL, amount: 2n ** 256n - 1n }))).toBe('approval')
    expect(field(plan({}, {}, null))).toBe('approval')
  })

  it('refuses a contract off the allowlist, and a decoder that reports another contract', () => {
    expect(refusal(plan({}, { to: THIEF }, { token: USDC_A, spender: THIEF, amount: 100_000_000n }))).toBeInstanceOf(
      UnknownContractError,
    )
    const p = plan()
    const error = (() => {
      try {
        checkDeposit(route(), { plan: p, decoded: { ...decodePoolSend(p.transaction), contract: THIEF } }, [POOL])
      } catch (e) {
        return e as SignedMismatchError
      }
    })()
    expect(error?.field).toBe('contract')
  })

  it('refuses a refund address or a destination call the person did not ask for', () => {
    const p = plan()
    const decoded = decodePoolSend(p.transaction)
    const run = (change: object) => {
      try {
        checkDeposit(route(), { plan: p, decoded: { ...decoded, ...change } }, [POOL])
      } catch (e) {
        return (e as SignedMismatchError).field
      }
    }
    expect(run({ refundTo: THIEF })).toBe('refundTo')
    expect(run({ destinationCall: true })).toBe('destinationCall')
    expect(run({ refundTo: PERSON })).toBeUndefined()
  })

  it('refuses a call the decoder does not know with "Unknown contract type"', () => {
    const error = refusal(plan({}, { data: '0xdeadbeef' as Hex }))
    expect(error).toBeInstanceOf(UnknownContractError)
    expect((error as Error).message).toMatch(/^Unknown contract type: Pool Bridge 0xdeadbeef/)
  })
})

describe('executeRoute: no plan reaches the wallet unchecked', () => {
  it('refuses a hostile plan before switching, approving or signing anything', async () => {
    const wallet = {
      account: PERSON,
      getChainId: vi.fn(async () => 1),
      switchChain: vi.fn(async () => {}),
      sendTransaction: vi.fn(async () => `0x${'1'.repeat(64)}` as Hex),
    }
    const provider = {
      id: 'pool',
      name: 'Pool',
      planDeposit: async () => plan({ recipient: THIEF }),
      decodeDeposit: (transaction) => decodePoolSend(transaction),
      knownContracts: () => [POOL],
    } as Pick<RouteProvider, 'id' | 'name' | 'planDeposit' | 'decodeDeposit' | 'knownContracts'> as RouteProvider
    await expect(prepareDeposit(provider, route())).rejects.toBeInstanceOf(SignedMismatchError)
    const onUpdate = vi.fn()
    const error = await executeRoute({
      route: route(),
      provider,
      wallet,
      clients: new Map(),
      refreshRoute: async () => route(),
      onUpdate,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(SignedMismatchError)
    expect(error.field).toBe('recipient')
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(wallet.switchChain).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })
})
