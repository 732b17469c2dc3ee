/**
 * Compiles the Solidity sources with the npm `solc` and writes `generated/artifacts.ts`
 * (ABIs `as const`, creation and runtime bytecode, and every enum declared in a contract of `src/`
 * as a `{ Member: value }` constant read from the AST). Skips the compile when the sources' hash is
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
/** Bump when what this script writes changes, so that the hash (and `--check`) asks for a regeneration. */
const GENERATOR_VERSION = 2

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: {
    '*': { '': ['ast'], '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] },
  },
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
  .update(JSON.stringify({ generator: GENERATOR_VERSION, solcVersion, ozVersion, settings, sources }))
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
/** The few AST nodes read here (solc's compact JSON AST). */
type AstNode = { nodeType: string; name?: string; nodes?: AstNode[]; members?: { name: string }[] }
type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, ContractOutput>>
  sources: Record<string, { ast: AstNode }>
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
const exported = new Set<string>()
const declare = (id: string) => {
  if (exported.has(id)) throw new Error(`two generated constants named ${id}`)
  exported.add(id)
  return id
}
let compiled = 0
for (const [file, contracts] of Object.entries(output.contracts)) {
  if (!file.startsWith('src/')) continue
  for (const [name, contract] of Object.entries(contracts)) {
    // Interfaces have no code; internal-only libraries have no functions of their own to call.
    const deployable = contract.abi.some((item) => (item as { type: string }).type !== 'error')
    if (contract.evm.bytecode.object.length === 0 || !deployable) continue
    const id = lowerFirst(name)
    blocks.push(
      `/** ${file}:${name} */`,
      `export const ${declare(`${id}Abi`)} = ${JSON.stringify(contract.abi)} as const`,
      `export const ${declare(`${id}Bytecode`)} = '0x${contract.evm.bytecode.object}' as const`,
      `export const ${declare(`${id}DeployedBytecode`)} = '0x${contract.evm.deployedBytecode.object}' as const`,
      '',
    )
    compiled += 1
  }
}
// Enums declared inside a contract (or interface, library) of src/: Solidity numbers the members from 0
// in declaration order, which is what the ABI (uint8) carries.
let enums = 0
for (const [file, { ast }] of Object.entries(output.sources).sort(([a], [b]) => a.localeCompare(b))) {
  if (!file.startsWith('src/')) continue
  for (const contract of ast.nodes ?? []) {
    if (contract.nodeType !== 'ContractDefinition') continue
    for (const node of contract.nodes ?? []) {
      if (node.nodeType !== 'EnumDefinition') continue
      const members = (node.members ?? []).map((member, value) => `${member.name}: ${value}`)
      blocks.push(
        `/** ${file}:${contract.name}.${node.name}: the values of \`enum ${node.name}\` (uint8 in the ABI). */`,
        `export const ${declare(lowerFirst(`${contract.name}${node.name}`))} = { ${members.join(', ')} } as const`,
        '',
      )
      enums += 1
    }
  }
}
const header = [
  '// GENERATED FILE: do not edit. Run `npm run compile` (packages/contracts/scripts/compile.ts).',
  `// solc ${solcVersion}, @openzeppelin/contracts ${ozVersion}, generator ${GENERATOR_VERSION}`,
  `// source-hash: ${sourceHash}`,
  '',
]
writeFileSync(outFile, `${header.join('\n')}${blocks.join('\n')}`)
console.log(`contracts: compiled ${compiled} contracts and ${enums} enums in ${Date.now() - started} ms`)
