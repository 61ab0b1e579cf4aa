// A cache of seeded local chains: seeding a fresh anvil (deploying the tokens, the AMM, the NFTs and funding wallets,
// some 60 transactions) costs seconds, and every test file that starts chains seeds the same ones. After the first
// seeding, the chain's state (anvil_dumpState: accounts, blocks, receipts) is kept in the OS temp dir, keyed by the
// chain id, the funded addresses and the seeding code itself; the next start with the same inputs loads it instead.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Address } from 'viem'
import type { TokenConfig, UniswapV2Config } from '../types.js'
import { ANVIL_BIN } from './anvil.js'

/** What a cached chain holds besides its state: what the seeding returned. */
export interface SeededState {
  tokens: TokenConfig[]
  uniswapV2: UniswapV2Config
}

const here = dirname(fileURLToPath(import.meta.url))
const DIR = join(tmpdir(), 'foyer-anvil-state')
// Blocks keep the time they were mined at: a state older than this is seeded again, so history stays recent.
const MAX_AGE_MS = 6 * 60 * 60 * 1000

// Every input of the seeding: this folder's and the contracts' sources, and the anvil binary. Read at the first
// local chain, not at load: the installed server package has no sources here (and no cache then: null).
let codeKeyMemo: string | null | undefined
function codeKey(): string | null {
  if (codeKeyMemo !== undefined) return codeKeyMemo
  try {
    const h = createHash('sha256').update('v1\0')
    for (const folder of [here, join(here, '../contracts')])
      for (const f of readdirSync(folder).sort())
        if (!f.endsWith('.test.ts'))
          h.update(f)
            .update('\0')
            .update(readFileSync(join(folder, f)))
    const bin = statSync(ANVIL_BIN, { throwIfNoEntry: false })
    h.update(`${bin?.size}:${bin?.mtimeMs}`)
    codeKeyMemo = h.digest('hex')
  } catch {
    codeKeyMemo = null
  }
  return codeKeyMemo
}

function fileOf(chainId: number, fund: readonly Address[]): string | undefined {
  const code = codeKey()
  if (code === null) return undefined
  const key = createHash('sha256')
    .update(`${code}\0${chainId}\0${fund.map((a) => a.toLowerCase()).join(',')}`)
    .digest('hex')
    .slice(0, 24)
  return join(DIR, `${chainId}-${key}.json`)
}

/** Loads a cached seeded chain into the fresh anvil at `rpcUrl`; resolves undefined when there is none (or a bad one). */
export async function loadSeeded(
  rpcUrl: string,
  chainId: number,
  fund: readonly Address[],
): Promise<SeededState | undefined> {
  const file = fileOf(chainId, fund)
  if (!file) return undefined
  let cached: SeededState & { state: string }
  try {
    if (Date.now() - (await stat(file)).mtimeMs > MAX_AGE_MS) return undefined
    cached = JSON.parse(await readFile(file, 'utf8')) as SeededState & { state: string }
  } catch {
    return undefined
  }
  if (!(await rpc(rpcUrl, 'anvil_loadState', [cached.state]).catch(() => false))) return undefined
  // the loaded blocks carry the seeding's time: the next block is mined at the wall clock again
  const latest = (await rpc(rpcUrl, 'eth_getBlockByNumber', ['latest', false])) as { timestamp: string }
  const now = Math.floor(Date.now() / 1000)
  if (Number(latest.timestamp) < now) await rpc(rpcUrl, 'evm_setNextBlockTimestamp', [now])
  return { tokens: cached.tokens, uniswapV2: cached.uniswapV2 }
}

/** Keeps the seeded chain at `rpcUrl` for the next start with the same inputs; drops states past their age. */
export async function saveSeeded(
  rpcUrl: string,
  chainId: number,
  fund: readonly Address[],
  seeded: SeededState,
): Promise<void> {
  const file = fileOf(chainId, fund)
  if (!file) return
  const state = (await rpc(rpcUrl, 'anvil_dumpState', [])) as string
  await mkdir(DIR, { recursive: true })
  // write-then-rename so parallel test files never read a half-written state
  const tmp = `${file}.${process.pid}.tmp`
  await writeFile(tmp, JSON.stringify({ ...seeded, state }))
  await rename(tmp, file)
  for (const f of await readdir(DIR)) {
    const path = join(DIR, f)
    const old = await stat(path).then(
      (s) => Date.now() - s.mtimeMs > MAX_AGE_MS,
      () => false,
    )
    if (old) await rm(path, { force: true })
  }
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
