// Safe v1.4.1 on a throwaway anvil: canonical addresses, a 2-of-3 Safe, execTransaction signed by two owners,
// and a MultiSendCallOnly batch (approve + deposit) by DELEGATECALL. Research prototype for docs/research/safe-apps.md.
//
// Run from /work/main (viem, solc and @foundry-rs/anvil come from its node_modules; anvil gets a free port).
// The Safe artifacts come from the npm tarball of @safe-global/safe-contracts@1.4.1, unpacked outside the repo
// (what was run; nothing in /work/main changes):
//   mkdir -p /tmp/sc && cd /tmp/sc && npm pack @safe-global/safe-contracts@1.4.1 && tar xzf safe-global-safe-contracts-1.4.1.tgz
//   cd /work/main && SAFE_CONTRACTS_DIR=/tmp/sc/package node docs/research/safe-devnet-prototype.mjs
// Without SAFE_CONTRACTS_DIR the package is resolved from node_modules (checked with NODE_PATH pointing at the
// unpacked copy). Installing it needs `npm install --no-save --legacy-peer-deps @safe-global/safe-contracts@1.4.1`:
// its peerDependency ethers@5.4.0 would otherwise be installed too.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  http,
  pad,
  parseAbi,
  parseEther,
  parseEventLogs,
  size,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const safeDir = process.env.SAFE_CONTRACTS_DIR ?? dirname(require.resolve('@safe-global/safe-contracts/package.json'))
const artifact = (p) => JSON.parse(readFileSync(join(safeDir, 'build/artifacts/contracts', p), 'utf8'))
const SafeL2 = artifact('SafeL2.sol/SafeL2.json')
const Factory = artifact('proxies/SafeProxyFactory.sol/SafeProxyFactory.json')
const MultiSendCallOnly = artifact('libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json')
const FallbackHandler = artifact('handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json')

// Canonical v1.4.1 addresses (@safe-global/safe-deployments src/assets/v1.4.1/*.json, deployments.canonical): the npm
// artifacts' creation code, CREATE2'd with salt 0 by the Safe singleton factory, lands exactly there.
const SINGLETON_FACTORY = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'
// Runtime code of the singleton factory (same as Arachnid's deterministic-deployment-proxy that anvil preinstalls
// at 0x4e59b44847b379578588920cA78FbF26c0B4956C): calldata = salt(32) ++ initcode, returns the 20-byte address.
const FACTORY_RUNTIME =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'
const CANONICAL = {
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  factory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
}

// anvil's default mnemonic ("test test ... junk"), accounts 0-3.
const KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
]
const [deployer, ...owners] = KEYS.map((k) => privateKeyToAccount(k))

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => ok(port))
    })
    s.on('error', fail)
  })

const port = await freePort()
const anvilBin = process.env.ANVIL_BIN ?? resolve(here, '../../node_modules/.bin/anvil')
const anvil = spawn(anvilBin, ['--port', String(port), '--silent'], { stdio: 'inherit' })
const stop = () => anvil.kill('SIGTERM')
process.on('exit', stop)

const chain = { ...foundry, rpcUrls: { default: { http: [`http://127.0.0.1:${port}`] } } }
const transport = http(`http://127.0.0.1:${port}`)
const pub = createPublicClient({ chain, transport, pollingInterval: 50 })
const wallet = (account) => createWalletClient({ account, chain, transport })
for (let i = 0; ; i++) {
  try {
    await pub.getChainId()
    break
  } catch (e) {
    if (i > 100) throw e
    await new Promise((r) => setTimeout(r, 100))
  }
}
const mined = async (hash) => {
  const receipt = await pub.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`reverted: ${hash}`)
  return receipt
}
const check = (ok, what) => {
  if (!ok) throw new Error(`FAILED: ${what}`)
  console.log(`ok  ${what}`)
}

try {
  // 1. Safe contracts at their canonical addresses.
  await pub.request({ method: 'anvil_setCode', params: [SINGLETON_FACTORY, FACTORY_RUNTIME] })
  const arachnid = await pub.getCode({ address: '0x4e59b44847b379578588920cA78FbF26c0B4956C' })
  check(arachnid === FACTORY_RUNTIME, 'singleton factory runtime = anvil preinstalled CREATE2 deployer')
  const d = wallet(deployer)
  for (const [name, art] of [
    ['safeL2', SafeL2],
    ['factory', Factory],
    ['multiSendCallOnly', MultiSendCallOnly],
    ['fallbackHandler', FallbackHandler],
  ]) {
    await mined(await d.sendTransaction({ to: SINGLETON_FACTORY, data: concat([pad('0x00'), art.bytecode]) }))
    const code = await pub.getCode({ address: CANONICAL[name] })
    check(code === art.deployedBytecode, `${art.contractName} at ${CANONICAL[name]} (${size(code)} bytes)`)
  }

  // 2. A 2-of-3 Safe: createProxyWithNonce(singleton, setup(...), saltNonce).
  const ownerAddrs = owners.map((o) => o.address)
  const initializer = encodeFunctionData({
    abi: SafeL2.abi,
    functionName: 'setup',
    args: [ownerAddrs, 2n, zeroAddress, '0x', CANONICAL.fallbackHandler, zeroAddress, 0n, zeroAddress],
  })
  const saltNonce = 0n // fixed: same factory, singleton, initializer and salt give the same Safe address every run
  const { result: safe, request } = await pub.simulateContract({
    account: deployer,
    address: CANONICAL.factory,
    abi: Factory.abi,
    functionName: 'createProxyWithNonce',
    args: [CANONICAL.safeL2, initializer, saltNonce],
  })
  const created = await mined(await d.writeContract(request))
  const [creation] = parseEventLogs({ abi: Factory.abi, logs: created.logs, eventName: 'ProxyCreation' })
  check(creation.args.proxy === safe, `Safe proxy ${safe} (ProxyCreation event)`)
  const read = (functionName, args = []) => pub.readContract({ address: safe, abi: SafeL2.abi, functionName, args })
  check((await read('getThreshold')) === 2n, 'threshold 2')
  check((await read('getOwners')).length === 3, 'three owners')
  check((await read('VERSION')) === '1.4.1', 'VERSION() = 1.4.1')

  // 3. Fund it (plain ETH transfer: the proxy's receive -> SafeReceived).
  await mined(await d.sendTransaction({ to: safe, value: parseEther('1') }))

  // SafeTx: EIP-712 over domain {chainId, verifyingContract}; owners sign; signatures sorted by owner address.
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
  }
  const safeTx = async ({ to, value = 0n, data = '0x', operation = 0 }) => ({
    to,
    value,
    data,
    operation,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce: await read('nonce'),
  })
  const typed = (message) => ({
    domain: { chainId: chain.id, verifyingContract: safe },
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message,
  })
  const txArgs = (t) => [
    t.to,
    t.value,
    t.data,
    t.operation,
    t.safeTxGas,
    t.baseGas,
    t.gasPrice,
    t.gasToken,
    t.refundReceiver,
  ]
  // parts: [{ owner, signature }]; an approved hash is r = owner (32 bytes), s = 0, v = 1.
  const packSignatures = (parts) =>
    concat(parts.sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : 1)).map((p) => p.signature))
  const execute = async (executor, t, signatures) => {
    const hash = await wallet(executor).writeContract({
      address: safe,
      abi: SafeL2.abi,
      functionName: 'execTransaction',
      args: [...txArgs(t), signatures],
    })
    return mined(hash)
  }

  // 4. execTransaction: 0.1 ETH to a fresh address, signed off-chain by owners 1 and 3, executed by a non-owner.
  const recipient = privateKeyToAccount(pad('0x1234')).address
  const t1 = await safeTx({ to: recipient, value: parseEther('0.1') })
  const safeTxHash1 = await read('getTransactionHash', [...txArgs(t1), t1.nonce])
  const sigs1 = await Promise.all(
    [owners[0], owners[2]].map(async (o) => ({ owner: o.address, signature: await o.signTypedData(typed(t1)) })),
  )
  const r1 = await execute(deployer, t1, packSignatures(sigs1))
  const [ok1] = parseEventLogs({ abi: SafeL2.abi, logs: r1.logs, eventName: 'ExecutionSuccess' })
  check(
    ok1.args.txHash === safeTxHash1,
    `execTransaction ${r1.transactionHash}: ExecutionSuccess(safeTxHash ${safeTxHash1})`,
  )
  check((await pub.getBalance({ address: recipient })) === parseEther('0.1'), 'recipient got 0.1 ETH')
  check((await read('nonce')) === 1n, 'Safe nonce 1')

  // 5. A MultiSendCallOnly batch, [token.approve(vault), vault.deposit(token, amount)], by DELEGATECALL.
  const solc = require('solc')
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Token {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  constructor(address holder) { balanceOf[holder] = 1000e18; }
  function approve(address spender, uint256 amount) external returns (bool) { allowance[msg.sender][spender] = amount; return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount; balanceOf[from] -= amount; balanceOf[to] += amount; return true;
  }
}
contract Vault {
  event Deposited(address indexed from, uint256 amount);
  function deposit(Token token, uint256 amount) external {
    require(token.transferFrom(msg.sender, address(this), amount), "transfer");
    emit Deposited(msg.sender, amount);
  }
}`
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'T.sol': { content: source } },
        settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  )
  const compiled = (name) => ({
    abi: out.contracts['T.sol'][name].abi,
    bytecode: `0x${out.contracts['T.sol'][name].evm.bytecode.object}`,
  })
  const deploy = async ({ abi, bytecode }, args = []) =>
    (await mined(await d.deployContract({ abi, bytecode, args }))).contractAddress
  const Token = compiled('Token')
  const Vault = compiled('Vault')
  const token = await deploy(Token, [safe])
  const vault = await deploy(Vault)
  const amount = parseEther('25')
  const calls = [
    {
      to: token,
      value: 0n,
      data: encodeFunctionData({ abi: Token.abi, functionName: 'approve', args: [vault, amount] }),
    },
    {
      to: vault,
      value: 0n,
      data: encodeFunctionData({ abi: Vault.abi, functionName: 'deposit', args: [token, amount] }),
    },
  ]
  // MultiSend packing: operation uint8 (0 = CALL; MultiSendCallOnly refuses 1), to, value, data length, data.
  const packCalls = (cs) =>
    concat(
      cs.map((c) =>
        encodePacked(
          ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
          [0, c.to, c.value, BigInt(size(c.data)), c.data],
        ),
      ),
    )
  const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable'])
  const batchTx = async (cs) =>
    safeTx({
      to: CANONICAL.multiSendCallOnly,
      data: encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packCalls(cs)] }),
      operation: 1, // DELEGATECALL: the calls run as the Safe
    })

  // A batch whose second call fails reverts the whole execTransaction when safeTxGas = 0 and gasPrice = 0 (GS013).
  const bad = await batchTx([
    calls[0],
    { ...calls[1], data: encodeFunctionData({ abi: Vault.abi, functionName: 'deposit', args: [token, amount + 1n] }) },
  ])
  const badSigs = await Promise.all(
    owners.slice(0, 2).map(async (o) => ({ owner: o.address, signature: await o.signTypedData(typed(bad)) })),
  )
  const reverted = await pub
    .simulateContract({
      account: deployer,
      address: safe,
      abi: SafeL2.abi,
      functionName: 'execTransaction',
      args: [...txArgs(bad), packSignatures(badSigs)],
    })
    .then(
      () => '',
      (e) => (e.shortMessage ?? e.message).replace(/\s+/g, ' '),
    )
  check(/GS013/.test(reverted), `failing inner call -> ${reverted}`)

  // The good batch: owner 2 confirms on-chain (approveHash: what a "pending, 1 of 2 signatures" state can look like
  // without a transaction service); owner 1 signs off-chain; owner 3 (no signature of its own) executes it later.
  const t2 = await batchTx(calls)
  const safeTxHash2 = await read('getTransactionHash', [...txArgs(t2), t2.nonce])
  await mined(
    await wallet(owners[1]).writeContract({
      address: safe,
      abi: SafeL2.abi,
      functionName: 'approveHash',
      args: [safeTxHash2],
    }),
  )
  const sigs2 = [
    { owner: owners[0].address, signature: await owners[0].signTypedData(typed(t2)) },
    { owner: owners[1].address, signature: concat([pad(owners[1].address), pad('0x00'), '0x01']) },
  ]
  const r2 = await execute(owners[2], t2, packSignatures(sigs2))
  const deposited = parseEventLogs({ abi: Vault.abi, logs: r2.logs, eventName: 'Deposited' })
  check(
    deposited.length === 1 && deposited[0].args.from === safe && deposited[0].args.amount === amount,
    'Vault.Deposited(from = Safe, 25e18)',
  )
  check(
    (await pub.readContract({ address: token, abi: Token.abi, functionName: 'balanceOf', args: [vault] })) === amount,
    'vault holds the tokens',
  )

  // 6. How a dApp follows a safeTxHash with its own public client: ExecutionSuccess(bytes32 indexed txHash).
  const logs = await pub.getLogs({
    address: safe,
    event: SafeL2.abi.find((x) => x.type === 'event' && x.name === 'ExecutionSuccess'),
    args: { txHash: safeTxHash2 },
    fromBlock: 0n,
  })
  check(
    logs.length === 1 && logs[0].transactionHash === r2.transactionHash,
    `safeTxHash ${safeTxHash2} -> tx ${r2.transactionHash} via getLogs`,
  )
  console.log(`gas: createProxy ${created.gasUsed}, exec transfer ${r1.gasUsed}, exec batch ${r2.gasUsed}`)
  console.log('ALL OK')
} finally {
  stop()
}
