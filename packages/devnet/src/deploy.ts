import { pbkdf2Sync } from 'node:crypto'
import {
  devTokenAbi,
  devTokenBytecode,
  intentDestinationSettlerAbi,
  intentDestinationSettlerBytecode,
  intentOriginSettlerAbi,
  intentOriginSettlerBytecode,
  MULTICALL3_ADDRESS,
  multicall3DeployedBytecode,
  poolBridgeAbi,
  poolBridgeBytecode,
  tetherLikeTokenAbi,
  tetherLikeTokenBytecode,
  thresholdAttestationVerifierAbi,
  thresholdAttestationVerifierBytecode,
  wrappedNativeAbi,
  wrappedNativeBytecode,
} from '@multi-bridge/contracts'
import { type ManifestChain, NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  parseUnits,
  type Transport,
  type WalletClient,
} from 'viem'
import { HDKey, hdKeyToAccount } from 'viem/accounts'
import {
  DEVNET_ACCOUNTS,
  DEVNET_ATTESTER_THRESHOLD,
  DEVNET_FUNDING,
  DEVNET_MNEMONIC,
  type DevnetChainConfig,
  POOL_PARAMETERS,
  SAFETY_DELAYS,
} from './config.ts'
import { receiptOf } from './receipts.ts'

/**
 * The devnet's keys, from its mnemonic's BIP-39 seed (PBKDF2-SHA512, 2,048 rounds) worked out once, by Node's own
 * PBKDF2: viem's `mnemonicToAccount` works it out again for each key, in JavaScript (about 40 ms a key; a deploy
 * asks for dozens).
 */
let devnetRoot: HDKey | undefined
export const devnetAccount = (index: number) => {
  devnetRoot ??= HDKey.fromMasterSeed(pbkdf2Sync(DEVNET_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'))
  return hdKeyToAccount(devnetRoot, { addressIndex: index })
}

export function devnetViemChain(config: { id: number; name: string }, rpcUrl: string): Chain {
  return defineChain({
    id: config.id,
    name: config.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
    testnet: true,
  })
}

type Clients = {
  publicClient: PublicClient<Transport, Chain>
  wallet: (account: Account) => WalletClient<Transport, Chain, Account>
}

function clientsFor(chain: Chain, rpcUrl: string): Clients {
  const transport = http(rpcUrl)
  return {
    publicClient: createPublicClient({ chain, transport }),
    wallet: (account) => createWalletClient({ account, chain, transport }),
  }
}

export type DeployedChain = {
  contracts: ManifestChain['contracts']
  tokens: ManifestChain['tokens']
  /** A token that is not listed, named like the listed USDC: "USD Coin (Local)", USDC, 6 decimals. */
  lookAlikeUsdc: Address
}

/**
 * Deploys every contract on one chain, in the same order on every chain so the deployer's
 * nonces (and so the addresses) match across chains, like a CREATE deployment on real networks.
 * The chain must be in automine mode while this runs.
 */
export async function deployChain(config: DevnetChainConfig, rpcUrl: string): Promise<DeployedChain> {
  const chain = devnetViemChain(config, rpcUrl)
  const { publicClient, wallet } = clientsFor(chain, rpcUrl)
  const deployer = wallet(devnetAccount(DEVNET_ACCOUNTS.deployer))

  await publicClient.request({
    method: 'anvil_setCode' as never,
    params: [MULTICALL3_ADDRESS, multicall3DeployedBytecode] as never,
  })

  async function deploy(abi: Abi, bytecode: Hex, args: readonly unknown[] = []): Promise<Address> {
    const hash = await deployer.deployContract({ abi, bytecode, args } as never)
    const receipt = await receiptOf(publicClient, hash)
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deployment failed on ${config.name}`)
    return getAddress(receipt.contractAddress)
  }

  const owner = deployer.account.address
  const guardian = devnetAccount(DEVNET_ACCOUNTS.guardian).address
  const verifier = await deploy(thresholdAttestationVerifierAbi, thresholdAttestationVerifierBytecode, [
    DEVNET_ACCOUNTS.attesters.map((index) => devnetAccount(index).address),
    BigInt(DEVNET_ATTESTER_THRESHOLD),
    owner,
    guardian,
    SAFETY_DELAYS.adminDelay,
  ])
  const usdc = await deploy(devTokenAbi, devTokenBytecode, ['USD Coin (Local)', 'USDC', 6, owner])
  const usdt = await deploy(tetherLikeTokenAbi, tetherLikeTokenBytecode, ['Tether USD (Local)', 'USDT', owner])
  const weth = await deploy(wrappedNativeAbi, wrappedNativeBytecode)
  const originSettler = await deploy(intentOriginSettlerAbi, intentOriginSettlerBytecode, [
    verifier,
    owner,
    guardian,
    SAFETY_DELAYS.minRefundDelay,
    SAFETY_DELAYS.attestedHold,
  ])
  const destinationSettler = await deploy(intentDestinationSettlerAbi, intentDestinationSettlerBytecode, [weth])
  const poolBridge = await deploy(poolBridgeAbi, poolBridgeBytecode, [
    verifier,
    owner,
    guardian,
    weth,
    { ...POOL_PARAMETERS, ...SAFETY_DELAYS },
  ])

  // Last, so that the contracts above keep their addresses.
  const lookAlikeUsdc = await deploy(devTokenAbi, devTokenBytecode, ['USD Coin (Local)', 'USDC', 6, owner])

  return {
    lookAlikeUsdc,
    contracts: {
      multicall3: MULTICALL3_ADDRESS,
      attestationVerifier: verifier,
      intentOriginSettler: originSettler,
      intentDestinationSettler: destinationSettler,
      poolBridge,
    },
    tokens: [
      { address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', name: 'Ether', decimals: 18, kind: 'native' },
      {
        address: usdc,
        symbol: 'USDC',
        name: 'USD Coin (Local)',
        decimals: 6,
        kind: 'usdc',
        authorizations: ['eip2612', 'eip3009'],
      },
      { address: usdt, symbol: 'USDT', name: 'Tether USD (Local)', decimals: 6, kind: 'usdt' },
      { address: weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, kind: 'weth' },
    ],
  }
}

/**
 * Funds users and the solver with every token, gives the pools liquidity, and connects each pool
 * to the pools of the other chains. Waits for every transaction.
 */
export async function seedChain(
  config: DevnetChainConfig,
  rpcUrl: string,
  deployed: DeployedChain,
  others: readonly { id: number; deployed: DeployedChain }[],
): Promise<void> {
  const chain = devnetViemChain(config, rpcUrl)
  const { publicClient, wallet } = clientsFor(chain, rpcUrl)
  const deployer = wallet(devnetAccount(DEVNET_ACCOUNTS.deployer))
  const byKind = (tokens: ManifestChain['tokens'], kind: string) => {
    const token = tokens.find((t) => t.kind === kind)
    if (!token) throw new Error(`devnet token ${kind} missing`)
    return token.address
  }
  const usdc = byKind(deployed.tokens, 'usdc')
  const usdt = byKind(deployed.tokens, 'usdt')
  const weth = byKind(deployed.tokens, 'weth')
  const pool = deployed.contracts.poolBridge as Address
  const hashes: Hex[] = []
  const stable = (whole: bigint) => parseUnits(whole.toString(), 6)
  const ether = (whole: bigint) => parseUnits(whole.toString(), 18)

  const mint = async (to: Address, amount: bigint) => {
    hashes.push(
      await deployer.writeContract({ address: usdc, abi: devTokenAbi, functionName: 'mint', args: [to, amount] }),
    )
    hashes.push(
      await deployer.writeContract({
        address: usdt,
        abi: tetherLikeTokenAbi,
        functionName: 'mint',
        args: [to, amount],
      }),
    )
  }
  const wrap = async (index: number, amount: bigint) => {
    const client = wallet(devnetAccount(index))
    hashes.push(
      await client.writeContract({ address: weth, abi: wrappedNativeAbi, functionName: 'deposit', value: amount }),
    )
  }

  for (const index of DEVNET_ACCOUNTS.users) {
    await mint(devnetAccount(index).address, stable(DEVNET_FUNDING.userStable))
    await wrap(index, ether(DEVNET_FUNDING.userWeth))
    // The scam's airdrop: a "USDC" in the wallet that no list has.
    hashes.push(
      await deployer.writeContract({
        address: deployed.lookAlikeUsdc,
        abi: devTokenAbi,
        functionName: 'mint',
        args: [devnetAccount(index).address, stable(DEVNET_FUNDING.lookAlikeAirdrop)],
      }),
    )
  }
  await mint(devnetAccount(DEVNET_ACCOUNTS.solver).address, stable(DEVNET_FUNDING.solverStable))
  await wrap(DEVNET_ACCOUNTS.solver, ether(DEVNET_FUNDING.solverWeth))

  // Pool liquidity, from the deployer (who also holds the user funding above).
  const poolStable = stable(DEVNET_FUNDING.poolStable)
  await mint(deployer.account.address, poolStable * 2n)
  await wrap(DEVNET_ACCOUNTS.deployer, ether(DEVNET_FUNDING.poolWeth))
  // approve(spender, amount) has the same selector on every token; USDT's lack of a return value
  // does not matter to a transaction.
  for (const token of [usdc, usdt, weth]) {
    const amount = token === weth ? ether(DEVNET_FUNDING.poolWeth) : poolStable
    hashes.push(
      await deployer.writeContract({ address: token, abi: devTokenAbi, functionName: 'approve', args: [pool, amount] }),
    )
    hashes.push(
      await deployer.writeContract({
        address: pool,
        abi: poolBridgeAbi,
        functionName: 'addLiquidity',
        args: [token, amount],
      }),
    )
  }
  hashes.push(
    await deployer.writeContract({
      address: pool,
      abi: poolBridgeAbi,
      functionName: 'addLiquidity',
      args: [NATIVE_TOKEN_ADDRESS, ether(DEVNET_FUNDING.poolNative)],
      value: ether(DEVNET_FUNDING.poolNative),
    }),
  )

  for (const other of others) {
    for (const kind of ['native', 'usdc', 'usdt', 'weth']) {
      hashes.push(
        await deployer.writeContract({
          address: pool,
          abi: poolBridgeAbi,
          functionName: 'setRoute',
          args: [
            BigInt(other.id),
            byKind(deployed.tokens, kind),
            byKind(other.deployed.tokens, kind),
            other.deployed.contracts.poolBridge as Address,
          ],
        }),
      )
    }
  }

  for (const hash of hashes) {
    const receipt = await receiptOf(publicClient, hash)
    if (receipt.status !== 'success') throw new Error(`devnet seeding transaction ${hash} reverted on ${config.name}`)
  }
}
