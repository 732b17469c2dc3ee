import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  isAddressEqual,
  multicall3Abi,
  toHex,
} from 'viem'
import { cannedBlock, jsonRpcHandler, type ReplayRoutes } from '../../packages/core/test/support/replayServer.ts'

/** Per chain id: balances by token address (the native coin at the zero address). Absent: zero. */
export type CannedBalances = Record<number, Record<Address, bigint>>

/** The JSON-RPC methods the canned chains answer; the app reading anything else is a finding. */
export const CANNED_RPC_METHODS = [
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getCode',
  'eth_getBlockByNumber',
  'eth_call',
] as const

const BLOCK_NUMBER = 300_000_000n
const BLOCK_TIMESTAMP = 1_735_689_600

export type CannedChains = {
  routes: ReplayRoutes
  /** Contract calls the canned chains could not answer (`chainId to data`); a test expects none. */
  unanswered: string[]
}

/**
 * Mainnet-shaped chains for a replay server (`POST /rpc/<chainId>`): their ids, a block, a gas price, no
 * contract code at any address, and balance reads (`balanceOf`, Multicall3 `getEthBalance`, and both
 * inside `aggregate3`) answered from `balances`. Enough for the app to show balances and quote; nothing
 * is mined.
 */
export function cannedChains(chains: { id: number; multicall3: Address }[], balances: CannedBalances): CannedChains {
  const unanswered: string[] = []
  const routes = Object.fromEntries(
    chains.map(({ id, multicall3 }) => {
      const balanceOf = (token: Address) =>
        Object.entries(balances[id] ?? {}).find(([address]) => isAddressEqual(address as Address, token))?.[1] ?? 0n

      /** One call's return data, or undefined (and noted) when the canned chain has no answer for it. */
      const answer = (to: Address, data: Hex): Hex | undefined => {
        const returnData = read(to, data)
        if (returnData === undefined) unanswered.push(`${id} ${to} ${data.slice(0, 10)}`)
        return returnData
      }
      const read = (to: Address, data: Hex): Hex | undefined => {
        if (isAddressEqual(to, multicall3)) {
          let call: ReturnType<typeof decodeFunctionData<typeof multicall3Abi>>
          try {
            call = decodeFunctionData({ abi: multicall3Abi, data })
          } catch {
            return undefined
          }
          if (call.functionName === 'getEthBalance') {
            return encodeFunctionResult({
              abi: multicall3Abi,
              functionName: 'getEthBalance',
              result: balanceOf(NATIVE_TOKEN_ADDRESS),
            })
          }
          if (call.functionName === 'aggregate3') {
            const results = call.args[0].map(({ target, callData }) => {
              const returnData = answer(target, callData)
              return { success: returnData !== undefined, returnData: returnData ?? '0x' }
            })
            return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results })
          }
          return undefined
        }
        try {
          const call = decodeFunctionData({ abi: erc20Abi, data })
          if (call.functionName !== 'balanceOf') return undefined
          return encodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', result: balanceOf(to) })
        } catch {
          return undefined
        }
      }

      const handler = jsonRpcHandler({
        eth_chainId: () => toHex(id),
        eth_blockNumber: () => toHex(BLOCK_NUMBER),
        eth_getBalance: ([owner]) => toHex(owner ? balanceOf(NATIVE_TOKEN_ADDRESS) : 0n),
        eth_gasPrice: () => toHex(10_000_000n),
        eth_maxPriorityFeePerGas: () => toHex(1_000_000n),
        eth_getCode: () => '0x',
        eth_getBlockByNumber: () => cannedBlock(BLOCK_NUMBER, BLOCK_TIMESTAMP),
        eth_call: ([call]) => {
          const { to, data, input } = call as { to: Address; data?: Hex; input?: Hex }
          return answer(to, data ?? input ?? '0x') ?? '0x'
        },
      } satisfies Record<(typeof CANNED_RPC_METHODS)[number], (params: unknown[]) => unknown>)
      return [`POST /rpc/${id}`, handler]
    }),
  )
  return { routes, unanswered }
}
