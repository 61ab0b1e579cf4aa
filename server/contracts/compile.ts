// Compiles the local chains' contracts with solc in-process (imports of @openzeppelin/contracts resolve to the
// installed package). Output is cached in memory and in the OS temp dir (keyed by source hash and the OpenZeppelin
// version), so only the first run on a machine pays the compiler load.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAbi, type Hex } from 'viem'

/** Solidity compiler version the contracts are written for (pinned in package.json). */
export const SOLC_VERSION = '0.8.37'

/** ABI of TestToken: a plain ERC20 plus an owner-only `mint`. */
export const testTokenAbi = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function owner() view returns (address)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
])

/** A compiled contract: creation bytecode only (the ABI is declared above, typed for viem). */
export interface CompiledContract {
  bytecode: Hex
}

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

/** Where the TestToken Solidity source lives. */
export const TEST_TOKEN_SOURCE = join(here, 'TestToken.sol')

/** Returns TestToken's creation bytecode, compiling it on first use. */
export function compileTestToken(): Promise<CompiledContract> {
  return compileContract('TestToken.sol', 'TestToken')
}

const memo = new Map<string, Promise<CompiledContract>>()

/** Returns the creation bytecode of `contract` from the file `file` of this folder, compiling it on first use. */
export function compileContract(file: string, contract: string): Promise<CompiledContract> {
  const id = `${file}:${contract}`
  let pending = memo.get(id)
  if (!pending) {
    pending = compileCached(file, contract).catch((err) => {
      memo.delete(id)
      throw err
    })
    memo.set(id, pending)
  }
  return pending
}

async function compileCached(file: string, contract: string): Promise<CompiledContract> {
  const source = await readFile(join(here, file), 'utf8')
  // the imported OpenZeppelin sources are part of what is compiled: their version is part of the key
  const oz = (require('@openzeppelin/contracts/package.json') as { version: string }).version
  const key = createHash('sha256').update(`${SOLC_VERSION}\0${oz}\0`).update(source).digest('hex').slice(0, 24)
  const cacheFile = join(tmpdir(), 'foyer-solc-cache', `${contract}-${key}.json`)
  try {
    const cached = JSON.parse(await readFile(cacheFile, 'utf8')) as CompiledContract
    if (typeof cached.bytecode === 'string' && cached.bytecode.startsWith('0x')) return cached
  } catch {
    // no cache yet, or a corrupt one: compile again
  }
  const compiled = await compileWithSolc(source, file, contract)
  await mkdir(dirname(cacheFile), { recursive: true })
  // write-then-rename so parallel test workers never read a half-written file
  const tmp = `${cacheFile}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify(compiled))
  await rename(tmp, cacheFile)
  return compiled
}

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>
  contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>
}

/** Compiles `contract` of a Solidity source (default TestToken.sol) with solc, bypassing every cache. */
export async function compileWithSolc(
  source: string,
  file = 'TestToken.sol',
  contract = 'TestToken',
): Promise<CompiledContract> {
  // solc is a 9 MB emscripten module: load it only on a cache miss
  const solc = (await import('solc')).default
  if (!String(solc.version()).startsWith(SOLC_VERSION)) {
    throw new Error(`solc ${SOLC_VERSION} expected, found ${solc.version()}`)
  }
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  }
  // Imports resolve to installed packages (e.g. @openzeppelin/contracts/token/ERC721/ERC721.sol).
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const object = output.contracts?.[file]?.[contract]?.evm.bytecode.object
  if (!object) throw new Error(`solc: ${contract} bytecode missing from output`)
  return { bytecode: `0x${object}` }
}
