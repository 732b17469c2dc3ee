import {
  type Address,
  createClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  parseAbi,
  toCoinType,
  zeroAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { resolveEnsName } from './resolveEnsName.ts'

const universalResolverAbi = parseAbi([
  'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
])
// ENSIP-1's `addr(node)` returns an address; ENSIP-9's `addr(node, coinType)` the address's bytes.
const ethereumAddrAbi = parseAbi(['function addr(bytes32 node) view returns (address)'])
const coinAddrAbi = parseAbi(['function addr(bytes32 node, uint256 coinType) view returns (bytes)'])
const addrAbi = [...ethereumAddrAbi, ...coinAddrAbi]
const RESOLVER: Address = '0x231b0Ee14048e9dCcD1d247744d114a4EB5E8E63'
const MAINNET_ADDRESS: Address = '0x1111111111111111111111111111111111111111'
const BASE_ADDRESS: Address = '0x2222222222222222222222222222222222222222'
const BASE = 8453
const ARBITRUM = 42161

/**
 * An Ethereum node whose universal resolver knows one name's records, per coin type (60: Ethereum). Notes the coin
 * types asked, in order; `down` makes every call fail as an unreachable RPC does.
 */
function fakeEthereum(records: Record<string, Address>, options: { down?: boolean } = {}) {
  const asked: bigint[] = []
  const client = createClient({
    transport: custom(
      {
        async request({ method, params }) {
          if (options.down) throw new Error('fetch failed')
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
          const { data } = (params as [{ data: Hex }])[0]
          const resolve = decodeFunctionData({ abi: universalResolverAbi, data })
          const inner = decodeFunctionData({ abi: addrAbi, data: resolve.args[1] })
          const coinType = inner.args[1] ?? 60n
          asked.push(coinType)
          const address = records[String(coinType)]
          const result = !address
            ? '0x'
            : inner.args[1] === undefined
              ? encodeFunctionResult({ abi: ethereumAddrAbi, functionName: 'addr', result: address })
              : encodeFunctionResult({ abi: coinAddrAbi, functionName: 'addr', result: address })
          return encodeFunctionResult({
            abi: universalResolverAbi,
            functionName: 'resolveWithGateways',
            result: [result, address ? RESOLVER : zeroAddress],
          })
        },
      },
      { retryCount: 0 },
    ),
  })
  return { client, asked }
}

describe('resolveEnsName', () => {
  it("uses the destination chain's own record (ENSIP-11) when the name has one, without asking for Ethereum's", async () => {
    const { client, asked } = fakeEthereum({ 60: MAINNET_ADDRESS, [String(toCoinType(BASE))]: BASE_ADDRESS })
    expect(await resolveEnsName(client, 'Alice.eth', BASE)).toEqual({ address: BASE_ADDRESS, record: 'destination' })
    expect(asked).toEqual([toCoinType(BASE)])
  })

  it('falls back to the Ethereum record when the destination has none, and says it did', async () => {
    const { client, asked } = fakeEthereum({ 60: MAINNET_ADDRESS, [String(toCoinType(BASE))]: BASE_ADDRESS })
    expect(await resolveEnsName(client, 'alice.eth', ARBITRUM)).toEqual({ address: MAINNET_ADDRESS, record: 'mainnet' })
    expect(asked).toEqual([toCoinType(ARBITRUM), 60n])
  })

  it('asks only for coin type 60 for Ethereum itself, which is then the destination’s own record', async () => {
    const { client, asked } = fakeEthereum({ 60: MAINNET_ADDRESS, [String(toCoinType(BASE))]: BASE_ADDRESS })
    expect(await resolveEnsName(client, 'alice.eth', 1)).toEqual({ address: MAINNET_ADDRESS, record: 'destination' })
    expect(asked).toEqual([60n])
  })

  it('takes the Ethereum record while no destination is chosen', async () => {
    const { client, asked } = fakeEthereum({ 60: MAINNET_ADDRESS })
    expect(await resolveEnsName(client, 'alice.eth', undefined)).toEqual({
      address: MAINNET_ADDRESS,
      record: 'mainnet',
    })
    expect(asked).toEqual([60n])
  })

  it('is null when neither record is set, and throws when Ethereum does not answer or the name is not valid', async () => {
    const { client, asked } = fakeEthereum({})
    expect(await resolveEnsName(client, 'nobody.eth', BASE)).toBeNull()
    expect(asked).toEqual([toCoinType(BASE), 60n])
    await expect(resolveEnsName(fakeEthereum({}, { down: true }).client, 'alice.eth', BASE)).rejects.toThrow()
    await expect(resolveEnsName(client, 'bad\u0000name.eth', BASE)).rejects.toThrow()
  })
})
