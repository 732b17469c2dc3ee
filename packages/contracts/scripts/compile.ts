/**
 * Compiles the Solidity sources with the npm `solc` and writes `generated/artifacts.ts`
 * (ABIs `as const`, creation and runtime bytecode). Skips the compile when the sources' hash is
 * unchanged. `--check` only verifies the generated file matches the sources (for CI).
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const srcDir = join(root, 'src')
const outFile = join(root, 'generated', 'artifacts.ts')

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return listSources(path)
    return entry.name.endsWith('.sol') ? [path] : []
  })
}

function resolveImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `import not found: ${path}` }
  }
}

const sources = Object.fromEntries(
  listSources(srcDir)
    .sort()
    .map((file) => [relative(root, file), { content: readFileSync(file, 'utf8') }]),
)
const solcVersion: string = require('solc/package.json').version
const ozVersion: string = require('@openzeppelin/contracts/package.json').version
const sourceHash = createHash('sha256')
  .update(JSON.stringify({ solcVersion, ozVersion, settings, sources }))
  .digest('hex')

const current = existsSync(outFile) ? readFileSync(outFile, 'utf8') : ''
const upToDate = current.includes(`// source-hash: ${sourceHash}`)

if (process.argv.includes('--check')) {
  if (!upToDate) {
    console.error('generated/artifacts.ts is out of date: run `npm run compile`')
    process.exit(1)
  }
  console.log('contracts: generated artifacts match the sources')
  process.exit(0)
}
if (upToDate && !process.argv.includes('--force')) {
  console.log('contracts: up to date (source hash unchanged)')
  process.exit(0)
}

type ContractOutput = {
  abi: unknown[]
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } }
}
type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, ContractOutput>>
}

const solc = require('solc')
const started = Date.now()
const output: SolcOutput = JSON.parse(
  solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }), { import: resolveImport }),
)
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
for (const diagnostic of output.errors ?? []) console.error(diagnostic.formattedMessage)
if (errors.length > 0) process.exit(1)

const lowerFirst = (name: string) => name[0]?.toLowerCase() + name.slice(1)
const blocks: string[] = []
for (const [file, contracts] of Object.entries(output.contracts)) {
  if (!file.startsWith('src/')) continue
  for (const [name, contract] of Object.entries(contracts)) {
    // Interfaces have no code; internal-only libraries have no functions of their own to call.
    const deployable = contract.abi.some((item) => (item as { type: string }).type !== 'error')
    if (contract.evm.bytecode.object.length === 0 || !deployable) continue
    const id = lowerFirst(name)
    blocks.push(
      `/** ${file}:${name} */`,
      `export const ${id}Abi = ${JSON.stringify(contract.abi)} as const`,
      `export const ${id}Bytecode = '0x${contract.evm.bytecode.object}' as const`,
      `export const ${id}DeployedBytecode = '0x${contract.evm.deployedBytecode.object}' as const`,
      '',
    )
  }
}
const header = [
  '// GENERATED FILE: do not edit. Run `npm run compile` (packages/contracts/scripts/compile.ts).',
  `// solc ${solcVersion}, @openzeppelin/contracts ${ozVersion}`,
  `// source-hash: ${sourceHash}`,
  '',
]
writeFileSync(outFile, `${header.join('\n')}${blocks.join('\n')}`)
console.log(`contracts: compiled ${blocks.length / 5} contracts in ${Date.now() - started} ms`)
