/**
 * Shared fixture of the contract tests: real anvil chains, the contracts deployed in the same order on
 * every chain (so each contract has the same address everywhere), funded and approved accounts,
 * attestation signing, time control and per-test isolation with evm_snapshot/evm_revert.
 */

import {
  devTokenAbi,
  devTokenBytecode,
  feeOnTransferTokenAbi,
  feeOnTransferTokenBytecode,
  intentDestinationSettlerAbi,
  intentDestinationSettlerBytecode,
  intentOriginSettlerAbi,
  intentOriginSettlerBytecode,
  MULTICALL3_ADDRESS,
  multicall3Abi,
  multicall3Bytecode,
  multicall3DeployedBytecode,
  poolBridgeAbi,
  poolBridgeBytecode,
  reentrantTokenAbi,
  reentrantTokenBytecode,
  tetherLikeTokenAbi,
  tetherLikeTokenBytecode,
  thresholdAttestationVerifierAbi,
  thresholdAttestationVerifierBytecode,
  wrappedNativeAbi,
  wrappedNativeBytecode,
} from '@multi-bridge/contracts'
import {
  type AttesterSignature,
  fillAttestationTypes,
  intentSettlerDomain,
  noFillAttestationTypes,
  notReleasedTypes,
  type PoolRelease,
  packSignatures,
  poolDomain,
  releasedTypes,
  releaseTypes,
} from '@multi-bridge/core'
import { type AnvilInstance, receiptOf, startAnvil } from '@multi-bridge/devnet'
import {
  type Abi,
  type Address,
  BaseError,
  type ContractFunctionArgs,
  type ContractFunctionName,
  ContractFunctionRevertedError,
  concat,
  createTestClient,
  decodeErrorResult,
  defineChain,
  encodeDeployData,
  erc20Abi,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  keccak256,
  type LocalAccount,
  maxUint256,
  numberToHex,
  publicActions,
  slice,
  type TransactionReceipt,
  toHex,
  walletActions,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'

export const NATIVE = zeroAddress
export const POOL_FEE_BPS = 30
export const POOL_RELEASE_WINDOW = 600
export const POOL_REFUND_DELAY = 3600
/** Least gap between a fill or release deadline and the unattested refund (every settler and pool here). */
export const MIN_REFUND_DELAY = 3600
/** Delay of scheduled owner changes (routes, parameters, signer sets). */
export const ADMIN_DELAY = 86_400
/** How long a scheduled change may still be applied once its delay has passed (DelayedAdmin.CHANGE_WINDOW). */
export const CHANGE_WINDOW = 7 * 86_400
/** Longest a guardian's pause holds attested refunds and finalize. */
export const ATTESTED_HOLD = 7_200
/** Every test account starts with this much of each ERC-20 (6 decimals for USDC/USDT). */
export const TOKEN_FUNDING = 1_000_000_000_000n
export const WETH_FUNDING = 1_000n * 10n ** 18n
/** What the deployer seeds each pool with, per token. */
export const POOL_LIQUIDITY = 100_000_000_000n
export const POOL_NATIVE_LIQUIDITY = 100n * 10n ** 18n

// Anvil's default accounts; they are unlocked, so transactions go through eth_sendTransaction.
const MNEMONIC = 'test test test test test test test test test test test junk'
const anvilAccount = (addressIndex: number) => mnemonicToAccount(MNEMONIC, { addressIndex }).address
export const accounts = {
  deployer: anvilAccount(0),
  user: anvilAccount(1),
  solver: anvilAccount(2),
  stranger: anvilAccount(3),
  recipient: anvilAccount(4),
  user2: anvilAccount(5),
  liquidityOwner: anvilAccount(6),
  guardian: anvilAccount(7),
} as const

// Attesters only sign; they never hold funds, so they are not anvil accounts.
const signerKey = (label: string) => privateKeyToAccount(keccak256(toHex(label)))
export const attesters: readonly PrivateKeyAccount[] = [
  signerKey('attester-a'),
  signerKey('attester-b'),
  signerKey('attester-c'),
]
/** The single attester of the 1-of-1 verifier. */
export const attester = attesters[0]!
/** A key the verifiers do not know. */
export const impostor = signerKey('impostor')

export type Deployment = {
  verifier: Address // 1-of-1 (attester)
  verifier2of3: Address // 2-of-3 (attesters)
  origin: Address
  origin2of3: Address
  destination: Address
  destination2: Address // a second destination settler, to prove fills only work on the named one
  pool: Address
  usdc: Address
  usdt: Address
  weth: Address
  fot: Address
  reentrant: Address
  multicall: Address
}

function createClient(anvil: AnvilInstance) {
  const chain = defineChain({
    id: anvil.chainId,
    name: `Local ${anvil.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  })
  return createTestClient({ mode: 'anvil', chain, transport: http(anvil.rpcUrl, { batch: true }), pollingInterval: 10 })
    .extend(publicActions)
    .extend(walletActions)
}

export type Client = ReturnType<typeof createClient>
export type TestChain = { chainId: number; anvil: AnvilInstance; client: Client; contracts: Deployment }

// ---- transactions ----

type WriteMutability = 'nonpayable' | 'payable'
export type WriteParameters<abi extends Abi, functionName extends ContractFunctionName<abi, WriteMutability>> = {
  address: Address
  abi: abi
  functionName: functionName
  args: ContractFunctionArgs<abi, WriteMutability, functionName>
  account: Address
  value?: bigint
}

/** Room above the gas estimate for a storage write that the estimate's block did not need. */
const GAS_MARGIN = 50_000n

/**
 * Sends a contract call and returns its receipt. It is simulated first on the pending block (which sees
 * a timestamp set with evm_setNextBlockTimestamp) so a revert surfaces with its decoded custom error.
 */
export async function write<const abi extends Abi, functionName extends ContractFunctionName<abi, WriteMutability>>(
  client: Client,
  parameters: WriteParameters<abi, functionName>,
): Promise<TransactionReceipt> {
  await client.simulateContract({ ...parameters, blockTag: 'pending' } as never)
  const estimate = await client.estimateContractGas({ ...parameters, blockTag: 'pending' } as never)
  // The block that mines it may be a second later than the one the estimate ran on, and a call whose cost depends
  // on the time then costs more: `unpauseSettlement` writes the seconds paused, free when they are 0 and a 20,000
  // gas storage write once they are not. Under load that ran the call out of gas ("passed simulation but reverted").
  const hash = await client.writeContract({ ...parameters, gas: estimate + GAS_MARGIN, chain: null } as never)
  const receipt = await receiptOf(client, hash)
  if (receipt.status !== 'success') throw new Error(`${parameters.functionName} passed simulation but reverted`)
  return receipt
}

export type RevertData = { errorName: string; args: readonly unknown[] }

/** The decoded custom error (or `Error(string)`) behind a failed contract call, if any. */
export function revertData(error: unknown): RevertData | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (!(reverted instanceof ContractFunctionRevertedError) || !reverted.data) return undefined
  return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] }
}

/**
 * Asserts the call reverts with `errorName`: once as a simulation (to read the error), then as a real
 * transaction with a fixed gas limit, whose receipt must say it reverted. Returns the error's arguments.
 */
export async function expectRevert<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, WriteMutability>,
>(client: Client, parameters: WriteParameters<abi, functionName>, errorName: string): Promise<readonly unknown[]> {
  const error = await client.simulateContract({ ...parameters, blockTag: 'pending' } as never).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (error === undefined) expect.fail(`${parameters.functionName} was expected to revert with ${errorName}`)
  const data = revertData(error)
  expect(data?.errorName, `${parameters.functionName} revert reason (${String(error)})`).toBe(errorName)
  const hash = await client.writeContract({ ...parameters, gas: 3_000_000n, chain: null } as never)
  const receipt = await receiptOf(client, hash)
  expect(receipt.status, `${parameters.functionName} sent as a transaction`).toBe('reverted')
  return data?.args ?? []
}

/** What the sender paid in gas for a receipt's transaction. */
export function gasCost(receipt: TransactionReceipt): bigint {
  return receipt.gasUsed * receipt.effectiveGasPrice
}

export async function balanceOf(client: Client, token: Address, account: Address): Promise<bigint> {
  if (token === NATIVE) return client.getBalance({ address: account })
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] })
}

/** Deploys a contract from the deployer and returns its address. */
export async function deploy<const abi extends Abi>(
  client: Client,
  abi: abi,
  bytecode: Hex,
  args: readonly unknown[] = [],
): Promise<Address> {
  const data = encodeDeployData({ abi, bytecode, args } as never)
  const hash = await client.sendTransaction({ account: accounts.deployer, data, chain: null })
  const receipt = await receiptOf(client, hash)
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment reverted')
  return getAddress(receipt.contractAddress)
}

/** The custom error a constructor reverts with (deployment simulated with eth_call). */
export async function deployRevertName<const abi extends Abi>(
  client: Client,
  abi: abi,
  bytecode: Hex,
  args: readonly unknown[],
): Promise<string | undefined> {
  const data = encodeDeployData({ abi, bytecode, args } as never)
  const error = await client.call({ account: accounts.deployer, data }).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (error === undefined) return undefined
  const raw =
    error instanceof BaseError ? error.walk((e) => typeof (e as { data?: unknown }).data === 'string') : undefined
  const revert = (raw as { data?: Hex } | undefined)?.data
  if (!revert) return 'unknown revert'
  return decodeErrorResult({ abi, data: revert }).errorName
}

// ---- deployment ----

async function deployAll(client: Client): Promise<Deployment> {
  const { deployer } = accounts
  // The order is fixed: the same deployer nonces give the same addresses on every chain.
  const { guardian } = accounts
  const usdc = await deploy(client, devTokenAbi, devTokenBytecode, ['USD Coin (local)', 'USDC', 6, deployer])
  const usdt = await deploy(client, tetherLikeTokenAbi, tetherLikeTokenBytecode, [
    'Tether USD (local)',
    'USDT',
    deployer,
  ])
  const weth = await deploy(client, wrappedNativeAbi, wrappedNativeBytecode)
  const verifier = await deploy(client, thresholdAttestationVerifierAbi, thresholdAttestationVerifierBytecode, [
    [attester.address],
    1n,
    deployer,
    guardian,
    ADMIN_DELAY,
  ])
  const verifier2of3 = await deploy(client, thresholdAttestationVerifierAbi, thresholdAttestationVerifierBytecode, [
    attesters.map((a) => a.address),
    2n,
    deployer,
    guardian,
    ADMIN_DELAY,
  ])
  const settlerArgs = (v: Address) => [v, deployer, guardian, MIN_REFUND_DELAY, ATTESTED_HOLD]
  const origin = await deploy(client, intentOriginSettlerAbi, intentOriginSettlerBytecode, settlerArgs(verifier))
  const origin2of3 = await deploy(
    client,
    intentOriginSettlerAbi,
    intentOriginSettlerBytecode,
    settlerArgs(verifier2of3),
  )
  const destination = await deploy(client, intentDestinationSettlerAbi, intentDestinationSettlerBytecode, [weth])
  const destination2 = await deploy(client, intentDestinationSettlerAbi, intentDestinationSettlerBytecode, [weth])
  const pool = await deploy(client, poolBridgeAbi, poolBridgeBytecode, [
    verifier,
    deployer,
    guardian,
    weth,
    {
      feeBps: POOL_FEE_BPS,
      releaseWindow: POOL_RELEASE_WINDOW,
      refundDelay: POOL_REFUND_DELAY,
      minRefundDelay: MIN_REFUND_DELAY,
      adminDelay: ADMIN_DELAY,
      attestedHold: ATTESTED_HOLD,
    },
  ])
  const fot = await deploy(client, feeOnTransferTokenAbi, feeOnTransferTokenBytecode)
  const reentrant = await deploy(client, reentrantTokenAbi, reentrantTokenBytecode)
  const multicall = await deploy(client, multicall3Abi, multicall3Bytecode)
  // viem's multicall expects Multicall3 at its canonical address.
  await client.setCode({ address: MULTICALL3_ADDRESS, bytecode: multicall3DeployedBytecode })
  return {
    verifier,
    verifier2of3,
    origin,
    origin2of3,
    destination,
    destination2,
    pool,
    usdc,
    usdt,
    weth,
    fot,
    reentrant,
    multicall,
  }
}

/** Balances and unlimited approvals for every test account, routes to the other chains, pool liquidity. */
async function seed(client: Client, d: Deployment, otherChainIds: readonly number[]): Promise<void> {
  const { deployer, user, user2, solver, stranger, liquidityOwner } = accounts
  const holders = [user, user2, solver, stranger, liquidityOwner, deployer]
  for (const to of holders) {
    await write(client, {
      address: d.usdc,
      abi: devTokenAbi,
      functionName: 'mint',
      args: [to, TOKEN_FUNDING],
      account: deployer,
    })
    await write(client, {
      address: d.usdt,
      abi: tetherLikeTokenAbi,
      functionName: 'mint',
      args: [to, TOKEN_FUNDING],
      account: deployer,
    })
    await write(client, {
      address: d.fot,
      abi: feeOnTransferTokenAbi,
      functionName: 'mint',
      args: [to, TOKEN_FUNDING],
      account: to,
    })
    await write(client, {
      address: d.reentrant,
      abi: reentrantTokenAbi,
      functionName: 'mint',
      args: [to, TOKEN_FUNDING],
      account: to,
    })
    await write(client, {
      address: d.weth,
      abi: wrappedNativeAbi,
      functionName: 'deposit',
      args: [],
      account: to,
      value: WETH_FUNDING,
    })
  }
  const erc20s = [d.usdc, d.usdt, d.weth, d.fot, d.reentrant]
  const approvals: [Address, Address[]][] = [
    [user, [d.origin, d.origin2of3, d.pool]],
    [user2, [d.origin, d.origin2of3, d.pool]],
    [solver, [d.destination, d.destination2]],
    [stranger, [d.origin, d.destination]],
    [deployer, [d.pool]],
  ]
  for (const [owner, spenders] of approvals) {
    for (const spender of spenders) {
      for (const token of erc20s) {
        // TetherLike's approve returns nothing, so it gets its own ABI.
        await write(client, {
          address: token,
          abi: tetherLikeTokenAbi,
          functionName: 'approve',
          args: [spender, maxUint256],
          account: owner,
        })
      }
    }
  }
  for (const chainId of otherChainIds) {
    for (const token of [NATIVE, d.usdc, d.usdt, d.weth]) {
      await write(client, {
        address: d.pool,
        abi: poolBridgeAbi,
        functionName: 'setRoute',
        args: [BigInt(chainId), token, token, d.pool],
        account: deployer,
      })
    }
  }
  for (const token of [d.usdc, d.usdt, d.weth]) {
    await write(client, {
      address: d.pool,
      abi: poolBridgeAbi,
      functionName: 'addLiquidity',
      args: [token, POOL_LIQUIDITY],
      account: deployer,
    })
  }
  await write(client, {
    address: d.pool,
    abi: poolBridgeAbi,
    functionName: 'addLiquidity',
    args: [NATIVE, POOL_NATIVE_LIQUIDITY],
    account: deployer,
    value: POOL_NATIVE_LIQUIDITY,
  })
}

/** Starts one anvil per chain id and deploys and seeds the same contracts on each. */
export async function startChains(chainIds: readonly number[]): Promise<TestChain[]> {
  const started: AnvilInstance[] = []
  try {
    for (const chainId of chainIds) started.push(await startAnvil({ chainId }))
    return await Promise.all(
      started.map(async (anvil) => {
        const client = createClient(anvil)
        const contracts = await deployAll(client)
        await seed(
          client,
          contracts,
          chainIds.filter((id) => id !== anvil.chainId),
        )
        return { chainId: anvil.chainId, anvil, client, contracts }
      }),
    )
  } catch (error) {
    await Promise.all(started.map((anvil) => anvil.stop()))
    throw error
  }
}

/**
 * Registers the chains' lifecycle with vitest: started once for the file, a snapshot before each test
 * and a revert after it, every anvil stopped at the end. Read the chains inside hooks and tests only.
 */
export function useChains(chainIds: readonly number[]): TestChain[] {
  const chains: TestChain[] = []
  let snapshots: Hex[] = []
  beforeAll(async () => {
    chains.push(...(await startChains(chainIds)))
    const first = chains[0]!.contracts
    for (const chain of chains) {
      // The cross-chain tests rely on every contract having the same address on every chain.
      expect(chain.contracts).toEqual(first)
    }
  })
  beforeEach(async () => {
    snapshots = await Promise.all(chains.map((chain) => chain.client.snapshot()))
  })
  afterEach(async () => {
    await Promise.all(chains.map((chain, i) => chain.client.revert({ id: snapshots[i]! })))
  })
  afterAll(async () => {
    await Promise.all(chains.map((chain) => chain.anvil.stop()))
  })
  return chains
}

// ---- time ----

export async function latestTimestamp(client: Client): Promise<number> {
  return Number((await client.getBlock({ blockTag: 'latest' })).timestamp)
}

/** The next transaction's block gets exactly this timestamp. */
export async function setNextTimestamp(client: Client, timestamp: number): Promise<void> {
  await client.setNextBlockTimestamp({ timestamp: BigInt(timestamp) })
}

/** Mines an empty block at `timestamp`. */
export async function warpTo(client: Client, timestamp: number): Promise<void> {
  await setNextTimestamp(client, timestamp)
  await client.mine({ blocks: 1 })
}

export async function warp(client: Client, seconds: number): Promise<void> {
  await client.increaseTime({ seconds })
  await client.mine({ blocks: 1 })
}

// ---- attestations ----

async function signAll(signers: readonly LocalAccount[], sign: (signer: LocalAccount) => Promise<Hex>): Promise<Hex> {
  const signatures: AttesterSignature[] = await Promise.all(
    signers.map(async (signer) => ({ signer: signer.address, signature: await sign(signer) })),
  )
  return packSignatures(signatures)
}

export type FillAttestation = { orderId: Hex; solver: Address; fillTime: number }

/** Fill attestation in the domain of the origin settler `settler` on `chainId`. */
export function signFill(
  chainId: number,
  settler: Address,
  message: FillAttestation,
  signers: readonly LocalAccount[] = [attester],
): Promise<Hex> {
  const domain = intentSettlerDomain(chainId, settler)
  return signAll(signers, (s) =>
    s.signTypedData({ domain, types: fillAttestationTypes, primaryType: 'FillAttestation', message }),
  )
}

export function signNoFill(
  chainId: number,
  settler: Address,
  orderId: Hex,
  signers: readonly LocalAccount[] = [attester],
): Promise<Hex> {
  const domain = intentSettlerDomain(chainId, settler)
  return signAll(signers, (s) =>
    s.signTypedData({ domain, types: noFillAttestationTypes, primaryType: 'NoFillAttestation', message: { orderId } }),
  )
}

/** Release attestation in the domain of the destination pool. */
export function signRelease(
  chainId: number,
  pool: Address,
  release: PoolRelease,
  signers: readonly LocalAccount[] = [attester],
): Promise<Hex> {
  const domain = poolDomain(chainId, pool)
  return signAll(signers, (s) =>
    s.signTypedData({ domain, types: releaseTypes, primaryType: 'Release', message: release }),
  )
}

export function signReleased(
  chainId: number,
  pool: Address,
  transferId: Hex,
  signers: readonly LocalAccount[] = [attester],
): Promise<Hex> {
  const domain = poolDomain(chainId, pool)
  return signAll(signers, (s) =>
    s.signTypedData({ domain, types: releasedTypes, primaryType: 'Released', message: { transferId } }),
  )
}

export function signNotReleased(
  chainId: number,
  pool: Address,
  transferId: Hex,
  signers: readonly LocalAccount[] = [attester],
): Promise<Hex> {
  const domain = poolDomain(chainId, pool)
  return signAll(signers, (s) =>
    s.signTypedData({ domain, types: notReleasedTypes, primaryType: 'NotReleased', message: { transferId } }),
  )
}

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** The other valid encoding of the same ECDSA signature: s → n − s and v flipped (27 ↔ 28). */
export function malleate(signature: Hex): Hex {
  const s = hexToBigInt(slice(signature, 32, 64))
  const v = hexToNumber(slice(signature, 64, 65))
  return concat([
    slice(signature, 0, 32),
    numberToHex(SECP256K1_N - s, { size: 32 }),
    numberToHex(v === 27 ? 28 : 27, { size: 1 }),
  ])
}
