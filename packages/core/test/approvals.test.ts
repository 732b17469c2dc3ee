import { DEVNET_CHAINS, type Devnet, devnetAccount, startDevnet } from '@multi-bridge/devnet'
import { createWalletClient, erc20Abi, http, maxUint256, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ChainUnreachableError,
  createChainClients,
  createLocalWalletProvider,
  type Manifest,
  manifestChainToViem,
  PROVIDER_MODULES,
  readApprovals,
  revokeApprovals,
} from '../src/index.ts'
import { eip1193WalletAdapter } from './eip1193Wallet.ts'
import { createNodeWallet } from './nodeWallet.ts'

/**
 * "Your approvals" against two real chains: allowances given beforehand (one unlimited, one USDT-like token's) found
 * in one multicall per chain, flagged and ordered; revoked to 0 on chain, in one confirmation where the wallet takes
 * batches and one transaction each where it does not; a chain that does not answer named, the other still shown.
 */

let devnet: Devnet
let manifest: Manifest
const person = devnetAccount(6)

const chain = (i: number) => manifest.chains[i]!
const token = (i: number, kind: 'usdc' | 'usdt') => chain(i).tokens.find((listed) => listed.kind === kind)!

async function approve(i: number, kind: 'usdc' | 'usdt', spender: `0x${string}`, amount: bigint) {
  const viemChain = manifestChainToViem(chain(i))
  const client = createWalletClient({ account: person, chain: viemChain, transport: http(chain(i).rpcUrls[0]) })
  const hash = await client.writeContract({
    address: token(i, kind).address,
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, amount],
  })
  await createChainClients(manifest).get(chain(i).id)!.waitForTransactionReceipt({ hash })
}

const read = (over: Manifest = manifest) =>
  readApprovals({
    manifest: over,
    clients: createChainClients(over),
    owner: person.address,
    modules: PROVIDER_MODULES,
  })

beforeAll(async () => {
  devnet = await startDevnet({ chains: DEVNET_CHAINS.slice(0, 2) })
  manifest = devnet.manifest
}, 180_000)

afterAll(async () => {
  await devnet?.stop()
})

describe('your approvals', () => {
  it('lists the allowances given beforehand, unlimited first, each to its named spender, and none of zero', async () => {
    const pool = chain(0).contracts.poolBridge!
    const settler = chain(0).contracts.intentOriginSettler!
    await approve(0, 'usdt', settler, parseUnits('40', 6))
    await approve(0, 'usdc', pool, maxUint256)
    await approve(1, 'usdc', chain(1).contracts.poolBridge!, 0n)

    const [first, second] = await read()
    expect(first).toMatchObject({ chainId: chain(0).id, chainName: chain(0).name })
    if (!first || !('approvals' in first)) throw new Error('chain A not read')
    expect(
      first.approvals.map((approval) => [approval.token.symbol, approval.spender.name, approval.unlimited]),
    ).toEqual([
      [token(0, 'usdc').symbol, 'Pool Bridge', true],
      [token(0, 'usdt').symbol, 'Intent Origin Settler', false],
    ])
    expect(first.approvals[1]?.allowance).toBe(parseUnits('40', 6))
    expect(first.approvals[0]?.spender).toMatchObject({ address: pool, providerId: 'pool' })
    expect(second).toMatchObject({ chainId: chain(1).id, approvals: [] })
  })

  it('names a chain that does not answer and still shows the other', async () => {
    const down: Manifest = {
      ...manifest,
      chains: manifest.chains.map((listed, i) => (i === 1 ? { ...listed, rpcUrls: ['http://127.0.0.1:9'] } : listed)),
    }
    const [first, second] = await read(down)
    expect(first && 'approvals' in first && first.approvals.length).toBe(2)
    expect(second && 'error' in second && second.error).toBeInstanceOf(ChainUnreachableError)
    expect(second?.chainName).toBe(chain(1).name)
  })

  it('revokes several on one chain in one confirmation where the wallet takes batches: 0 on chain', async () => {
    const asked: string[] = []
    const wallet = await eip1193WalletAdapter(
      createLocalWalletProvider({
        account: person,
        chains: manifest.chains.map(manifestChainToViem),
        // The wallet is on the other chain: the revoke takes it to the approvals' chain first.
        initialChainId: chain(1).id,
        sendCalls: true,
        intercept: ({ method }) => void asked.push(method),
      }),
    )
    const [first] = await read()
    if (!first || !('approvals' in first)) throw new Error('chain A not read')
    const outcome = await revokeApprovals({
      wallet,
      client: createChainClients(manifest).get(chain(0).id)!,
      approvals: first.approvals,
    })
    expect(outcome.left).toEqual([])
    expect(outcome.hashes.length).toBeGreaterThan(0)
    expect(asked.filter((method) => method === 'wallet_sendCalls')).toHaveLength(1)
    expect(asked).not.toContain('eth_sendTransaction')
    const [after] = await read()
    expect(after && 'approvals' in after && after.approvals).toEqual([])
  })

  it('revokes one transaction at a time where the wallet takes no batch, the USDT-like token included', async () => {
    await approve(0, 'usdt', chain(0).contracts.poolBridge!, maxUint256)
    await approve(0, 'usdc', chain(0).contracts.intentOriginSettler!, parseUnits('1', 6))
    const { wallet, state } = createNodeWallet(manifest, person, chain(0).id)
    const [first] = await read()
    if (!first || !('approvals' in first)) throw new Error('chain A not read')
    expect(first.approvals.map((approval) => approval.unlimited)).toEqual([true, false])
    const outcome = await revokeApprovals({
      wallet,
      client: createChainClients(manifest).get(chain(0).id)!,
      approvals: first.approvals,
    })
    expect(state.sent).toHaveLength(2)
    expect(outcome).toMatchObject({ hashes: state.sent, left: [] })
    const [after] = await read()
    expect(after && 'approvals' in after && after.approvals).toEqual([])
  })
})
