import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MULTICALL3_ADDRESS, poolBridgeAbi, thresholdAttestationVerifierAbi } from '@multi-bridge/contracts'
import { parseManifest } from '@multi-bridge/core'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { DEVNET_ACCOUNTS, DEVNET_FUNDING } from '../src/config.ts'
import { devnetAccount } from '../src/deploy.ts'
import { getFreeBasePort, getFreePort, isPortTaken, PortInUseError } from '../src/ports.ts'
import { type Devnet, startDevnet } from '../src/startDevnet.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'multibridge-devnet-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A base port with the three chain ports after it free. */
const freeBasePort = () => getFreeBasePort([0, 1, 2, 100, 101, 102])

describe('startDevnet', () => {
  let devnet: Devnet | undefined
  afterAll(async () => {
    await devnet?.stop()
  })

  it('starts three distinct chains with everything deployed, funded and mining', async () => {
    const manifestPath = join(tempDir(), 'manifest.json')
    devnet = await startDevnet({ manifestPath })
    const manifest = parseManifest(JSON.parse(readFileSync(manifestPath, 'utf8')))
    expect(new Set(manifest.chains.map((c) => c.id)).size).toBe(3)
    expect(new Set(manifest.chains.map((c) => c.blockTime)).size).toBe(3)
    expect(new Set(manifest.chains.map((c) => c.rpcUrls[0])).size).toBe(3)
    console.log(`devnet startup: ${devnet.startupMs} ms`)

    // No single key: three attesters, any two of them sign, on every chain's verifier.
    const attesters = DEVNET_ACCOUNTS.attesters.map((index) => devnetAccount(index).address)
    expect(new Set(attesters).size).toBe(3)
    expect(manifest.devnet?.accounts.attesters).toEqual([...DEVNET_ACCOUNTS.attesters])
    for (const chain of manifest.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrls[0]) })
      expect(await client.getChainId()).toBe(chain.id)
      const verifier = { address: chain.contracts.attestationVerifier!, abi: thresholdAttestationVerifierAbi } as const
      expect(await client.readContract({ ...verifier, functionName: 'signers' })).toEqual(attesters)
      expect(await client.readContract({ ...verifier, functionName: 'threshold' })).toBe(2n)
      expect((await client.getCode({ address: MULTICALL3_ADDRESS }))?.length).toBeGreaterThan(2)
      const usdc = chain.tokens.find((t) => t.kind === 'usdc')!
      const usdt = chain.tokens.find((t) => t.kind === 'usdt')!
      const weth = chain.tokens.find((t) => t.kind === 'weth')!
      const user = devnetAccount(DEVNET_ACCOUNTS.users[1]!).address
      const solver = devnetAccount(DEVNET_ACCOUNTS.solver).address
      const balances = await client.multicall({
        allowFailure: false,
        multicallAddress: MULTICALL3_ADDRESS,
        contracts: [
          { address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] },
          { address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] },
          { address: weth.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] },
          { address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [solver] },
          {
            address: chain.contracts.poolBridge!,
            abi: poolBridgeAbi,
            functionName: 'liquidity',
            args: [usdc.address],
          },
        ],
      })
      expect(balances).toEqual([
        parseUnits(DEVNET_FUNDING.userStable.toString(), 6),
        parseUnits(DEVNET_FUNDING.userStable.toString(), 6),
        parseUnits(DEVNET_FUNDING.userWeth.toString(), 18),
        parseUnits(DEVNET_FUNDING.solverStable.toString(), 6),
        parseUnits(DEVNET_FUNDING.poolStable.toString(), 6),
      ])
      // Interval mining is on: blocks keep coming without transactions.
      const first = await client.getBlockNumber({ cacheTime: 0 })
      await new Promise((resolve) => setTimeout(resolve, chain.blockTime * 1000 + 500))
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(first)
    }
    await devnet.stop()
    for (const anvil of devnet.anvils) expect(await isPortTaken(anvil.port)).toBe(false)
    devnet = undefined
  })

  it('refuses a port that is already taken, naming it', async () => {
    const server = createServer()
    const port = await getFreePort()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    try {
      const attempt = startDevnet({ basePort: port })
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      await expect(attempt).rejects.toThrow(`Port ${port}`)
    } finally {
      server.close()
    }
  })
})

describe('getFreeBasePort', () => {
  it('lays a block out below the ephemeral range, every port of it free', async () => {
    const offsets = [0, 1, 2, 100, 200]
    for (let run = 0; run < 20; run++) {
      const base = await getFreeBasePort(offsets)
      // 32768 starts Linux's ephemeral range: there a free port can turn into a connection's source port.
      expect(base).toBeGreaterThanOrEqual(20_000)
      expect(base + 200).toBeLessThan(32_768)
      for (const offset of offsets) expect(await isPortTaken(base + offset)).toBe(false)
    }
  })
})

describe('npm run devnet', () => {
  it('writes the manifest and stops every chain on Ctrl-C', async () => {
    const base = await freeBasePort()
    const manifestPath = join(tempDir(), 'manifest.json')
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/devnet/src/cli/devnet.ts'], {
      env: { ...process.env, DEVNET_BASE_PORT: String(base), MULTIBRIDGE_MANIFEST: manifestPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    const deadline = Date.now() + 60_000
    while (!existsSync(manifestPath) || !output.includes('manifest:')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`devnet did not start: ${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    for (const offset of [0, 1, 2]) expect(await isPortTaken(base + offset)).toBe(true)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    for (const offset of [0, 1, 2]) expect(await isPortTaken(base + offset)).toBe(false)
  })
})
