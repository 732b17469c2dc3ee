import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import type { Manifest } from '@multi-bridge/core'
import {
  type Abi,
  type Address,
  concat,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getAddress,
  type Hash,
  type Hex,
  type LocalAccount,
  pad,
  parseAbi,
  parseEventLogs,
  size,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient, withLock } from '../fixtures/fund.ts'

/**
 * Safe v1.4.1 on a devnet chain, from the published contracts (`@safe-global/safe-contracts`' build artifacts):
 * deployed at their canonical addresses by the Safe singleton factory, as on every public chain, so the devnet runs
 * the very bytecode of mainnet. Research and the protocol's sources: docs/research/safe-apps.md.
 */

const require = createRequire(import.meta.url)
const artifacts = join(
  dirname(require.resolve('@safe-global/safe-contracts/package.json')),
  'build/artifacts/contracts',
)
const artifact = (path: string) =>
  JSON.parse(readFileSync(join(artifacts, path), 'utf8')) as { abi: Abi; bytecode: Hex; deployedBytecode: Hex }
const SAFE_L2 = artifact('SafeL2.sol/SafeL2.json')
const FACTORY = artifact('proxies/SafeProxyFactory.sol/SafeProxyFactory.json')
const MULTI_SEND_CALL_ONLY = artifact('libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json')
const FALLBACK_HANDLER = artifact('handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json')

/** The Safe singleton factory (github.com/safe-global/safe-singleton-factory) and its runtime code. */
const SINGLETON_FACTORY = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'
const FACTORY_RUNTIME =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'
/** v1.4.1's canonical addresses (`@safe-global/safe-deployments`, `v1.4.1/*.json`): salt 0 through the factory. */
const CANONICAL = {
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  factory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
} as const satisfies Record<string, Address>

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const

type SafeTx = {
  to: Address
  value: bigint
  data: Hex
  operation: 0 | 1
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Address
  refundReceiver: Address
  nonce: bigint
}

type Chain = Manifest['chains'][number]

/** Deploys the Safe contracts on `chain` once (the chain is the test network's, shared by every worker). */
async function deploySafeContracts(chain: Chain, lockDir: string, deployer: LocalAccount): Promise<void> {
  const client = chainClient(chain)
  await withLock(lockDir, `safe-${chain.id}`, async () => {
    if ((await client.getCode({ address: SINGLETON_FACTORY })) !== FACTORY_RUNTIME) {
      await client.setCode({ address: SINGLETON_FACTORY, bytecode: FACTORY_RUNTIME })
    }
    const parts = [
      [CANONICAL.safeL2, SAFE_L2],
      [CANONICAL.factory, FACTORY],
      [CANONICAL.multiSendCallOnly, MULTI_SEND_CALL_ONLY],
      [CANONICAL.fallbackHandler, FALLBACK_HANDLER],
    ] as const
    for (const [address, built] of parts) {
      if ((await client.getCode({ address })) === built.deployedBytecode) continue
      const hash = await client.sendTransaction({
        account: deployer,
        to: SINGLETON_FACTORY,
        data: concat([pad('0x00'), built.bytecode]),
      })
      await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
      if ((await client.getCode({ address })) !== built.deployedBytecode) throw new Error(`Safe part not at ${address}`)
    }
  })
}

/** A proposal the host holds: the Safe transaction and the owners' signatures so far; its hash once executed. */
type Proposal = { tx: SafeTx; calls: number; signatures: Map<Address, Hex>; executedTx?: Hash }

export type SafeDevnet = {
  safe: Address
  chainId: number
  owners: LocalAccount[]
  threshold: number
  /** What the Safe's frame answers the Safe Apps SDK (`method`, `params` as the SDK sends them). */
  answer: (method: string, params: unknown) => Promise<unknown>
  /** The proposals the app made, by safeTxHash, in order. */
  proposals: () => Hash[]
  /** Another owner signs the proposal. */
  confirm: (safeTxHash: Hash, owner: LocalAccount) => Promise<void>
  /** Any account executes the proposal with the signatures it has: the transaction's hash. */
  execute: (safeTxHash: Hash, executor: LocalAccount) => Promise<Hash>
  /** From now on, the frame says the proposal was executed by `hash` (a lie when it is another one); undefined: the truth. */
  claimExecutedBy: (safeTxHash: Hash, hash: Hash | undefined) => void
}

/**
 * A Safe of `threshold` of three new owners on the first chain, holding `usdc` of `funder`'s USDC, and what its
 * Safe{Wallet} frame answers: `sendTransactions` becomes a Safe transaction (one call, or a MultiSendCallOnly batch)
 * that the first owner signs at once, as the person at the keyboard does in Safe{Wallet}; the others sign and
 * anyone executes when the test says (`confirm`, `execute`). `getTxBySafeTxHash` answers as Safe's transaction
 * service does.
 */
export async function startSafeDevnet(parameters: {
  manifest: Manifest
  lockDir: string
  funder: LocalAccount
  usdc: bigint
  threshold: number
  /**
   * A Safe whose one owner executes at once (threshold 1, as Safe{Wallet} does when the person's own signature is
   * enough): this account sends each proposal's execution before the answer.
   */
  executeWith?: LocalAccount
}): Promise<SafeDevnet> {
  const { manifest, funder, threshold } = parameters
  const chain = manifest.chains[0]!
  const client = chainClient(chain)
  await deploySafeContracts(chain, parameters.lockDir, funder)
  const owners = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()))
  const initializer = encodeFunctionData({
    abi: SAFE_L2.abi,
    functionName: 'setup',
    args: [
      owners.map((owner) => owner.address),
      BigInt(threshold),
      zeroAddress,
      '0x',
      CANONICAL.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
  const created = await client.waitForTransactionReceipt({
    hash: await client.writeContract({
      account: funder,
      address: CANONICAL.factory,
      abi: FACTORY.abi,
      functionName: 'createProxyWithNonce',
      args: [CANONICAL.safeL2, initializer, BigInt(Date.now())],
    }),
    pollingInterval: 100,
  })
  const [creation] = parseEventLogs({
    abi: FACTORY.abi,
    logs: created.logs,
    eventName: 'ProxyCreation',
  }) as unknown as [{ args: { proxy: Address } }]
  const safe = getAddress(creation.args.proxy)
  const usdc = chain.tokens.find((token) => token.kind === 'usdc')!.address
  await client.waitForTransactionReceipt({
    hash: await client.writeContract({
      account: funder,
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [safe, parameters.usdc],
    }),
    pollingInterval: 100,
  })

  const read = (functionName: string, args: unknown[] = []) =>
    client.readContract({ address: safe, abi: SAFE_L2.abi, functionName, args }) as Promise<unknown>
  const proposals = new Map<Hash, Proposal>()
  const claims = new Map<Hash, Hash>()
  const sign = async (tx: SafeTx, owner: LocalAccount) =>
    owner.signTypedData({
      domain: { chainId: chain.id, verifyingContract: safe },
      types: SAFE_TX_TYPES,
      primaryType: 'SafeTx',
      message: tx,
    })
  const txArgs = (tx: SafeTx) =>
    [
      tx.to,
      tx.value,
      tx.data,
      tx.operation,
      tx.safeTxGas,
      tx.baseGas,
      tx.gasPrice,
      tx.gasToken,
      tx.refundReceiver,
    ] as const

  /** One call as it is; several as a MultiSendCallOnly batch the Safe DELEGATECALLs. */
  const propose = async (txs: { to: Address; value?: string; data?: Hex }[]): Promise<Hash> => {
    const calls = txs.map((tx) => ({ to: getAddress(tx.to), value: BigInt(tx.value ?? 0), data: tx.data ?? '0x' }))
    const packed = concat(
      calls.map((call) =>
        encodePacked(
          ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
          [0, call.to, call.value, BigInt(size(call.data)), call.data],
        ),
      ),
    )
    const single = calls.length === 1 ? calls[0]! : undefined
    const pending = [...proposals.values()].filter((proposal) => !proposal.executedTx).length
    const tx: SafeTx = {
      ...(single
        ? { to: single.to, value: single.value, data: single.data, operation: 0 as const }
        : {
            to: CANONICAL.multiSendCallOnly,
            value: 0n,
            data: encodeFunctionData({
              abi: parseAbi(['function multiSend(bytes transactions) payable']),
              functionName: 'multiSend',
              args: [packed],
            }),
            operation: 1 as const,
          }),
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: ((await read('nonce')) as bigint) + BigInt(pending),
    }
    const safeTxHash = (await read('getTransactionHash', [...txArgs(tx), tx.nonce])) as Hash
    const first = owners[0]!
    proposals.set(safeTxHash, {
      tx,
      calls: calls.length,
      signatures: new Map([[first.address, await sign(tx, first)]]),
    })
    return safeTxHash
  }

  /** `TransactionDetails` as Safe's transaction service gives it (the fields the Safe Apps provider reads). */
  const details = (safeTxHash: Hash) => {
    const proposal = proposals.get(safeTxHash)
    if (!proposal) throw new Error(`No transaction ${safeTxHash}`)
    const executed = claims.get(safeTxHash) ?? proposal.executedTx
    const enough = proposal.signatures.size >= threshold
    return {
      safeAddress: safe,
      txId: `multisig_${safe}_${safeTxHash}`,
      txStatus: executed ? 'SUCCESS' : enough ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS',
      ...(executed ? { txHash: executed, executedAt: Date.now() } : {}),
      txInfo: { type: 'Custom' },
      txData: {
        to: { value: proposal.tx.to },
        value: String(proposal.tx.value),
        operation: proposal.tx.operation,
        hexData: proposal.tx.data,
        ...(proposal.calls > 1
          ? {
              dataDecoded: {
                method: 'multiSend',
                parameters: [{ name: 'transactions', type: 'bytes', valueDecoded: Array(proposal.calls).fill({}) }],
              },
            }
          : {}),
      },
      detailedExecutionInfo: {
        type: 'MULTISIG',
        nonce: Number(proposal.tx.nonce),
        confirmationsRequired: threshold,
        confirmations: [...proposal.signatures.keys()].map((signer) => ({ signer: { value: signer } })),
      },
    }
  }

  const rpc = async (call: string, params: unknown[]) => {
    const response = await fetch(chain.rpcUrls[0]!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: call, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result ?? null
  }

  const execute = async (safeTxHash: Hash, executor: LocalAccount): Promise<Hash> => {
    const proposal = proposals.get(safeTxHash)
    if (!proposal) throw new Error(`No transaction ${safeTxHash}`)
    // Signatures sorted by owner address, as the Safe checks them.
    const signatures = concat(
      [...proposal.signatures.entries()]
        .sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))
        .map(([, signature]) => signature),
    )
    const hash = await client.writeContract({
      account: executor,
      address: safe,
      abi: SAFE_L2.abi,
      functionName: 'execTransaction',
      args: [...txArgs(proposal.tx), signatures],
    })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    if (receipt.status !== 'success') throw new Error(`execTransaction ${hash} reverted`)
    proposal.executedTx = hash
    return hash
  }

  const answer = async (method: string, params: unknown): Promise<unknown> => {
    const p = (params ?? {}) as Record<string, unknown>
    switch (method) {
      case 'getSafeInfo':
        return {
          safeAddress: safe,
          chainId: chain.id,
          threshold,
          owners: owners.map((owner) => owner.address),
          isReadOnly: false,
          nonce: Number(await read('nonce')),
          implementation: CANONICAL.safeL2,
          modules: [],
          fallbackHandler: CANONICAL.fallbackHandler,
          guard: zeroAddress,
          version: '1.4.1',
        }
      case 'getChainInfo':
        return {
          chainName: chain.name,
          chainId: String(chain.id),
          shortName: `devnet-${chain.id}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
          blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
        }
      case 'rpcCall':
        return rpc(String(p.call), (p.params as unknown[]) ?? [])
      case 'sendTransactions': {
        const safeTxHash = await propose(p.txs as { to: Address; value?: string; data?: Hex }[])
        if (parameters.executeWith) await execute(safeTxHash, parameters.executeWith)
        return { safeTxHash }
      }
      case 'getTxBySafeTxHash':
        return details(p.safeTxHash as Hash)
      case 'wallet_getPermissions':
        return []
      default:
        throw new Error(`"${method}" is not answered by this Safe`)
    }
  }

  return {
    safe,
    chainId: chain.id,
    owners,
    threshold,
    answer,
    proposals: () => [...proposals.keys()],
    confirm: async (safeTxHash, owner) => {
      const proposal = proposals.get(safeTxHash)
      if (!proposal) throw new Error(`No transaction ${safeTxHash}`)
      proposal.signatures.set(owner.address, await sign(proposal.tx, owner))
    },
    execute,
    claimExecutedBy: (safeTxHash, hash) => {
      if (hash) claims.set(safeTxHash, hash)
      else claims.delete(safeTxHash)
    },
  }
}

/**
 * The page Safe{Wallet} would be, served on this machine (a page of its own origin; Chromium lets only a local page
 * frame a local app): it frames the app named by its `app` query parameter and answers the Safe Apps SDK's messages
 * from that frame only, as Safe{Wallet} does (the frame's window and the app's origin checked; the SDK's version
 * echoed), with `window.safeHost` (the test's `SafeDevnet.answer`, exposed to the page).
 */
export async function startSafeHost(): Promise<{
  origin: string
  pageFor: (appUrl: string) => string
  stop: () => Promise<void>
}> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(SAFE_HOST_PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    pageFor: (appUrl) => `${origin}/apps/open?app=${encodeURIComponent(appUrl)}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const SAFE_HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Safe host</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><iframe id="app" title="Multi-Bridge"></iframe><script>
const frame = document.getElementById('app')
frame.src = new URLSearchParams(location.search).get('app')
const appOrigin = new URL(frame.src).origin
window.addEventListener('message', async (event) => {
  if (event.source !== frame.contentWindow || event.origin !== appOrigin) return
  const { id, method, params, env } = event.data || {}
  if (typeof id !== 'string' || typeof method !== 'string') return
  const version = (env && env.sdkVersion) || '9.1.0'
  const reply = (body) => frame.contentWindow.postMessage({ id, version, ...body }, appOrigin)
  try {
    reply({ success: true, data: await window.safeHost(method, params === undefined ? null : params) })
  } catch (error) {
    reply({ success: false, error: String((error && error.message) || error) })
  }
})
</script></body></html>`
