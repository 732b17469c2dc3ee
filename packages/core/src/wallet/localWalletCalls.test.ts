import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Chain, type Hex, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isInsufficientFundsError } from '../errors/gasErrors.ts'
import { callsOutcome } from '../swaps/walletAdapter.ts'
import { CALLS_STATUS, createLocalCalls } from './localWalletCalls.ts'

const account = privateKeyToAccount(`0x${'11'.repeat(32)}` as Hex)

/** A node whose account cannot pay: it refuses the call's gas estimate as anvil does (insufficient funds). */
let node: Server
let chain: Chain
beforeAll(async () => {
  node = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      const answers: Record<string, unknown> = {
        eth_chainId: '0x7cff',
        eth_getTransactionCount: '0x0',
        eth_maxPriorityFeePerGas: '0x1',
        eth_getBlockByNumber: { number: '0x1', baseFeePerGas: '0x5', timestamp: '0x1', transactions: [] },
      }
      const answer =
        method in answers
          ? { result: answers[method] }
          : { error: { code: -32000, message: 'insufficient funds for gas * price + value: have 1000 want 2100000' } }
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, ...answer }))
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  const { port } = node.address() as AddressInfo
  chain = {
    id: 0x7cff,
    name: 'Local Chain A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${port}`] } },
  }
})
afterAll(() => new Promise<void>((resolve) => node.close(() => resolve())))

describe('createLocalCalls: a batch stopped by a call the node refused', () => {
  it("says why in its status, where the app's adapter reads it", async () => {
    const calls = createLocalCalls({ account, chainOf: () => chain })
    const { id } = calls.send({ chainId: '0x7cff', calls: [{ to: zeroAddress, value: '0x1' }] })
    let status = calls.status(id)
    for (let i = 0; i < 200 && status?.status === CALLS_STATUS.pending; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      status = calls.status(id)
    }
    expect(status?.status).toBe(CALLS_STATUS.failedOffchain)
    const outcome = callsOutcome(status as Parameters<typeof callsOutcome>[0])
    expect(outcome.hashes).toEqual([])
    expect(isInsufficientFundsError(new Error(outcome.error))).toBe(true)
  })

  it('gives no reason for a batch that did not stop', () => {
    const hash = `0x${'a1'.repeat(32)}` as Hex
    expect(callsOutcome({ receipts: [{ transactionHash: hash }] })).toEqual({ hashes: [hash] })
    expect(callsOutcome({ receipts: [], capabilities: { error: {} } })).toEqual({ hashes: [] })
  })
})
