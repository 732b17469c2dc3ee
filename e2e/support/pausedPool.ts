import { poolBridgeAbi, poolBridgeBytecode } from '@multi-bridge/contracts'
import type { Manifest } from '@multi-bridge/core'
import { POOL_PARAMETERS, SAFETY_DELAYS } from '@multi-bridge/devnet'
import { type Address, type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient } from '../fixtures/fund.ts'

type Chain = Manifest['chains'][number]

/**
 * A pool bridge of its own on `origin`, as the devnet deploys one (same verifier, same parameters), with the route of
 * `token` to the real pool of `destination`, then paused by its owner: a bridge the app can quote (its fee and route are
 * read from it) whose deposit reverts. Owned by a fresh account, so nothing another test uses is touched.
 */
export async function deployPausedPool(origin: Chain, destination: Chain, kind = 'usdc'): Promise<Address> {
  const client = chainClient(origin)
  const owner = privateKeyToAccount(generatePrivateKey())
  await client.setBalance({ address: owner.address, value: parseEther('10') })
  const tokenOf = (chain: Chain) => {
    const found = chain.tokens.find((t) => t.kind === kind)
    if (!found) throw new Error(`no ${kind} on ${chain.name}`)
    return found.address
  }
  const weth = origin.tokens.find((t) => t.kind === 'weth')?.address
  const verifier = origin.contracts.attestationVerifier as Address | undefined
  if (!weth || !verifier) throw new Error(`${origin.name} has no WETH or verifier`)
  const deployed = await client.waitForTransactionReceipt({
    hash: await client.deployContract({
      account: owner,
      abi: poolBridgeAbi,
      bytecode: poolBridgeBytecode,
      args: [verifier, owner.address, owner.address, weth, { ...POOL_PARAMETERS, ...SAFETY_DELAYS }],
    }),
  })
  const pool = deployed.contractAddress
  if (deployed.status !== 'success' || !pool) throw new Error(`the pool copy was not deployed on ${origin.name}`)
  const send = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    if (receipt.status !== 'success') throw new Error(`the pool copy's set-up reverted on ${origin.name}`)
  }
  await send(
    await client.writeContract({
      account: owner,
      address: pool,
      abi: poolBridgeAbi,
      functionName: 'setRoute',
      args: [
        BigInt(destination.id),
        tokenOf(origin),
        tokenOf(destination),
        destination.contracts.poolBridge as Address,
      ],
    }),
  )
  await send(await client.writeContract({ account: owner, address: pool, abi: poolBridgeAbi, functionName: 'pause' }))
  return pool
}
