import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  getAddress,
  type Hex,
  hexToBytes,
  isAddressEqual,
  keccak256,
  multicall3Abi,
  parseTransaction,
  toHex,
  zeroAddress,
} from 'viem'
import { mainnet } from 'viem/chains'
import { lifiAllowlistAnswer } from '../../packages/core/test/support/lifiAllowlistAnswer.ts'
import {
  type CannedLog,
  cannedBlock,
  cannedReceipt,
  cannedTransaction,
  jsonRpcHandler,
  type ReplayRoutes,
} from '../../packages/core/test/support/replayServer.ts'

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
  // Sending and mining (a swap signed by the test wallet).
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_sendRawTransaction',
  'eth_getTransactionReceipt',
  // A delivery's or refund's calldata (Relay's name the order they are for).
  'eth_getTransactionByHash',
] as const

/**
 * Methods the canned chains refuse as unsupported (-32601), as many nodes do: viem asks `eth_fillTransaction`
 * first and fills the transaction itself when the node cannot; the review's simulation asks `eth_simulateV1`, then
 * `eth_createAccessList` to find the allowance's slot, and says the deposit was not simulated when neither is offered.
 */
export const UNSUPPORTED_RPC_METHODS = ['eth_fillTransaction', 'eth_simulateV1', 'eth_createAccessList'] as const

const BLOCK_NUMBER = 300_000_000n
/** The time of every canned block (1 January 2025): deposits and deliveries on the canned chains happen then. */
export const BLOCK_TIMESTAMP = 1_735_689_600

/** A transaction the canned chains mined: what the wallet sent, by its hash. */
export type MinedTransaction = { chainId: number; hash: Hex; to: Address; data: Hex; value: bigint }

export type CannedChains = {
  routes: ReplayRoutes
  /** Contract calls the canned chains could not answer (`chainId to data`); a test expects none. */
  unanswered: string[]
  /** Every transaction sent to the canned chains, in order; each is mined (successfully) at once. */
  mined: MinedTransaction[]
  /** Receipts the chains know besides their own (e.g. a provider's fill on the destination). */
  knownReceipts: Map<Hex, KnownReceipt>
  /**
   * The logs a transaction the chains mined leaves, when a test says (e.g. a SpokePool's deposit event); none
   * otherwise.
   */
  minedLogs?: (transaction: MinedTransaction) => CannedLog[] | undefined
  /**
   * Whom the transactions the chains mined are from, when a test says (the account its wallet acts as: the chains do
   * not recover a signer); the zero address otherwise.
   */
  sender?: Address
}

/**
 * A transaction the chain knows besides its own: where it went, the logs it left (e.g. a fill's Transfer), and its
 * calldata (none unless given).
 */
export type KnownReceipt = { chainId: number; to: Address; logs?: CannedLog[]; input?: Hex }

const receiptOf = (hash: Hex, to: Address, logs?: CannedLog[], from?: Address) =>
  cannedReceipt(hash, BLOCK_NUMBER, { to, ...(logs ? { logs } : {}), ...(from ? { from } : {}) })

/**
 * Mainnet-shaped chains for a replay server (`POST /rpc/<chainId>`): their ids, a block, a gas price, no
 * contract code at any address, and balance reads (`balanceOf`, Multicall3 `getEthBalance`, and both
 * inside `aggregate3`) answered from `balances`. A signed transaction is "mined" at once with a successful
 * receipt; an ERC-20 approval sets the allowance `allowance` then answers. No balance moves.
 */
/** ENS's universal resolver on Ethereum (viem/chains mainnet `ensUniversalResolver`). */
export const ENS_UNIVERSAL_RESOLVER = mainnet.contracts.ensUniversalResolver.address
const resolveWithGatewaysAbi = [
  {
    name: 'resolveWithGateways',
    type: 'function',
    stateMutability: 'view',
    inputs: [
      { name: 'name', type: 'bytes' },
      { name: 'data', type: 'bytes' },
      { name: 'gateways', type: 'string[]' },
    ],
    outputs: [
      { name: '', type: 'bytes' },
      { name: 'address', type: 'address' },
    ],
  },
] as const
const addrAbi = [
  {
    name: 'addr',
    type: 'function',
    stateMutability: 'view',
    inputs: [{ name: 'name', type: 'bytes32' }],
    outputs: [{ name: '', type: 'address' }],
  },
] as const

/** A DNS-encoded name (length-prefixed labels) as text. */
function dnsName(packet: Hex): string {
  const bytes = hexToBytes(packet)
  const labels: string[] = []
  for (let i = 0; i < bytes.length && bytes[i] !== 0; i += (bytes[i] ?? 0) + 1) {
    labels.push(new TextDecoder().decode(bytes.slice(i + 1, i + 1 + (bytes[i] ?? 0))))
  }
  return labels.join('.')
}

export function cannedChains(
  chains: { id: number; multicall3: Address }[],
  balances: CannedBalances,
  /** Ethereum mainnet's ENS names and the address each points to (null: none set). */
  ensNames: Record<string, Address | null> = {},
): CannedChains {
  const unanswered: string[] = []
  const mined: MinedTransaction[] = []
  const knownReceipts = new Map<Hex, KnownReceipt>()
  const canned: Pick<CannedChains, 'minedLogs' | 'sender'> = {}
  /** Per chain: `token:spender` → amount, from the approvals mined. */
  const allowances = new Map<string, bigint>()
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
        // LI.FI's diamond, asked about a swap step's contracts (the same on every chain).
        const allowlist = lifiAllowlistAnswer(to, data)
        if (allowlist) return allowlist
        if (id === 1 && isAddressEqual(to, ENS_UNIVERSAL_RESOLVER)) {
          const call = decodeFunctionData({ abi: resolveWithGatewaysAbi, data })
          const name = dnsName(call.args[0])
          if (!(name in ensNames)) return undefined
          const address = ensNames[name]
          const result = address ? encodeFunctionResult({ abi: addrAbi, functionName: 'addr', result: address }) : '0x'
          return encodeFunctionResult({
            abi: resolveWithGatewaysAbi,
            functionName: 'resolveWithGateways',
            result: [result, address ? '0x231b0Ee14048e9dCcD1d247744d114a4EB5E8E63' : zeroAddress],
          })
        }
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
          if (call.functionName === 'allowance') {
            const amount = allowances.get(`${id}:${to}:${call.args[1]}`.toLowerCase()) ?? 0n
            return encodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', result: amount })
          }
          if (call.functionName !== 'balanceOf') return undefined
          return encodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', result: balanceOf(to) })
        } catch {
          return undefined
        }
      }
      const send = (raw: Hex): Hex => {
        const transaction = parseTransaction(raw)
        const hash = keccak256(raw)
        const to = getAddress(transaction.to as Address)
        const data = transaction.data ?? '0x'
        try {
          const call = decodeFunctionData({ abi: erc20Abi, data })
          if (call.functionName === 'approve') allowances.set(`${id}:${to}:${call.args[0]}`.toLowerCase(), call.args[1])
        } catch {
          // not an ERC-20 call
        }
        mined.push({ chainId: id, hash, to, data, value: transaction.value ?? 0n })
        return hash
      }
      const receipt = (hash: Hex) => {
        const own = mined.find((transaction) => transaction.chainId === id && transaction.hash === hash)
        const known = knownReceipts.get(hash)
        if (own) return receiptOf(hash, own.to, canned.minedLogs?.(own), canned.sender)
        return known?.chainId === id ? receiptOf(hash, known.to, known.logs) : null
      }
      const transactionByHash = (hash: Hex) => {
        const index = mined.findIndex((transaction) => transaction.chainId === id && transaction.hash === hash)
        const own = mined[index]
        const known = knownReceipts.get(hash)
        const at = { chainId: id, blockNumber: BLOCK_NUMBER, from: zeroAddress }
        if (own) {
          const from = canned.sender ?? zeroAddress
          return cannedTransaction(hash, { ...at, from, to: own.to, nonce: index, value: own.value, input: own.data })
        }
        if (known?.chainId !== id) return null
        return cannedTransaction(hash, { ...at, to: known.to, nonce: 0, value: 0n, input: known.input ?? '0x' })
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
          const { to, data, input, from } = call as { to: Address; data?: Hex; input?: Hex; from?: Address }
          // A transaction run as a call (it names its sender: the review's simulation of a deposit) goes through, as
          // `eth_estimateGas` says every transaction does here: these deposits were mined on the chains replayed.
          if (from) return read(to, data ?? input ?? '0x') ?? '0x'
          return answer(to, data ?? input ?? '0x') ?? '0x'
        },
        eth_getTransactionCount: () => toHex(mined.filter((transaction) => transaction.chainId === id).length),
        eth_estimateGas: () => toHex(300_000n),
        eth_sendRawTransaction: ([raw]) => send(raw as Hex),
        eth_getTransactionReceipt: ([hash]) => receipt(hash as Hex),
        eth_getTransactionByHash: ([hash]) => transactionByHash(hash as Hex),
      } satisfies Record<(typeof CANNED_RPC_METHODS)[number], (params: unknown[]) => unknown>)
      return [`POST /rpc/${id}`, handler]
    }),
  )
  // One object, so that a test's `minedLogs` and `sender` set on it are the ones the receipts read.
  return Object.assign(canned, { routes, unanswered, mined, knownReceipts })
}
