import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Route, TokenRef } from '../../routes/types.ts'
import { productionManifest } from '../../setup/production.ts'
import { checkDeposit } from '../../signing/checkDeposit.ts'
import { RELAY_DEPOSITORY } from './relayConfig.ts'
import { decodeRelayDeposit } from './relayDeposit.ts'
import { relayOrderId } from './relayOrder.ts'
import { relayOrderSchema } from './relaySchemas.ts'

/**
 * Relay's own published quote, verbatim (relayprotocol/relay-docs features/price-stabilization.mdx, the fee
 * sponsorship example): 100 USDC on Base to USDT on Arbitrum for 0x0350…532c. Its deposit calldata and its order
 * are what Relay really answers, so the decoder must take them as they are.
 */
const USER = '0x03508bb71268bba25ecacc8f620e01866650532c'
const DEPOSIT_DATA =
  '0xe801795200000000000000000000000003508bb71268bba25ecacc8f620e01866650532c000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000000000000000000000000000000000000005f5e1004c625ab9733d2d5702beed88f4156575e25d599d5145551d5bf2bfc358db234b'
const ORDER_ID = '0x4c625ab9733d2d5702beed88f4156575e25d599d5145551d5bf2bfc358db234b'
const FILL_CONTRACT = '0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f'
const ORDER = {
  version: 'v1',
  solverChainId: 'base',
  solver: '0xf70da97812cb96acdf810712aa562db8dfa3dbef',
  salt: '0xd286b86b54a2a3d4eaa99814ea4652cd4790e6ebeaf9c802586514a52dd281c9',
  inputs: [
    {
      payment: {
        chainId: 'base',
        currency: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        amount: '100000000',
        weight: '1',
      },
      refunds: [
        {
          chainId: 'base',
          recipient: USER,
          currency: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
          minimumAmount: '0',
          deadline: 1777339792,
          extraData: FILL_CONTRACT,
        },
        {
          chainId: 'arbitrum',
          recipient: USER,
          currency: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
          minimumAmount: '0',
          deadline: 1777339792,
          extraData: FILL_CONTRACT,
        },
      ],
    },
  ],
  output: {
    chainId: 'arbitrum',
    payments: [
      {
        recipient: USER,
        currency: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
        minimumAmount: '97951882',
        expectedAmount: '99950900',
      },
    ],
    calls: [],
    deadline: 1777339792,
    extraData: FILL_CONTRACT,
  },
  fees: [],
}

const manifest = productionManifest()
const token = (chainId: number, kind: TokenRef['kind']): TokenRef => {
  const found = manifest.chains.find((chain) => chain.id === chainId)?.tokens.find((t) => t.kind === kind)
  if (!found) throw new Error(`no ${kind} on ${chainId}`)
  return { chainId, address: found.address, symbol: found.symbol, decimals: found.decimals, kind }
}
const route = {
  request: {
    origin: token(8453, 'usdc'),
    destination: token(42161, 'usdt'),
    amount: 100_000_000n,
    sender: getAddress(USER),
    recipient: getAddress(USER),
  },
  minOutputAmount: 97_951_882n,
  // Quoted before its deadline (the published answer does not say when): the order still fills after it.
  expiresAt: (ORDER.output.deadline - 600) * 1000,
  data: { order: ORDER, orderId: ORDER_ID },
} as unknown as Route
const transaction = { chainId: 8453, to: RELAY_DEPOSITORY, data: DEPOSIT_DATA, value: 0n } as const

describe("Relay's published depository deposit", () => {
  it('hashes its order to the id its calldata carries', () => {
    expect(relayOrderId(relayOrderSchema.parse(ORDER))).toBe(ORDER_ID)
  })

  it('decodes to a deposit for the user, USDT on Arbitrum, and passes the shared check', () => {
    const decoded = decodeRelayDeposit(transaction, route, [RELAY_DEPOSITORY])
    expect(decoded).toEqual({
      contract: RELAY_DEPOSITORY,
      contractName: 'Relay Depository',
      functionName: 'depositErc20',
      inputToken: getAddress('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'),
      inputAmount: 100_000_000n,
      value: 0n,
      recipient: getAddress(USER),
      destinationChainId: 42161,
      output: { token: getAddress('0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'), amount: 97_951_882n },
      refundTo: getAddress(USER),
      destinationCall: false,
      // Not filled by the order's output deadline, Relay refunds the paid USDC on Base, of an amount it does not fix.
      fillBy: ORDER.output.deadline,
      comesBack: { chainId: 8453, token: getAddress('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913') },
    })
    const plan = {
      transaction,
      approval: { token: route.request.origin, spender: RELAY_DEPOSITORY, amount: 100_000_000n },
    }
    expect(checkDeposit(route, { plan, decoded }, [RELAY_DEPOSITORY]).decoded).toBe(decoded)
  })

  it("refuses the same calldata sent to any other contract (here Relay's v3 router)", () => {
    const router = { ...transaction, to: getAddress('0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f') }
    expect(() => decodeRelayDeposit(router, route, [RELAY_DEPOSITORY])).toThrow(/Unknown contract type/)
  })
})
