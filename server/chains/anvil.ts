// Spawns one anvil node. anvil runs under a tiny sh watchdog in its own process group: the watchdog kills anvil
// when our stdin pipe closes, so even a SIGKILLed parent (crashed test worker) leaves no anvil behind.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Path of the anvil binary shipped by @foundry-rs/anvil-linux-amd64. */
export const ANVIL_BIN = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil',
)

/** A running anvil node. */
export interface AnvilNode {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  close(): Promise<void>
}

// `read` returns when the parent's end of the pipe closes (parent exited or died) and then kills anvil.
// On SIGTERM the shell waits for anvil before exiting, so our 'exit' event means anvil is really gone.
const WATCHDOG = [
  'exec 3<&0',
  '"$0" "$@" & child=$!',
  '( read _ <&3; kill $child 2>/dev/null ) & watcher=$!',
  "trap 'kill $child 2>/dev/null; wait $child; kill $watcher 2>/dev/null; exit 143' TERM INT",
  'wait $child; status=$?',
  'kill $watcher 2>/dev/null',
  'exit $status',
].join('\n')

const live = new Set<ChildProcess>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // 'exit' handlers must be synchronous: a SIGKILL to each process group is.
  process.on('exit', () => {
    for (const child of live) killGroup(child, 'SIGKILL')
  })
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

/** Finds a currently free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/** Starts anvil with the given chain id (on a free port unless one is given) and resolves once it answers RPC. */
export async function spawnAnvil(opts: { chainId: number; port?: number }): Promise<AnvilNode> {
  // a free port can be taken between probing and binding: retry a few times when no port was asked for
  const attempts = opts.port === undefined ? 4 : 1
  let lastError: unknown
  for (let i = 0; i < attempts; i++) {
    const port = opts.port ?? (await freePort())
    try {
      return await spawnOnce(opts.chainId, port)
    } catch (err) {
      lastError = err
    }
  }
  throw lastError
}

async function spawnOnce(chainId: number, port: number): Promise<AnvilNode> {
  installExitHook()
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent']
  const child = spawn('/bin/sh', ['-c', WATCHDOG, ANVIL_BIN, ...args], {
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  live.add(child)
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => live.delete(child))
  const rpcUrl = `http://127.0.0.1:${port}`
  const close = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    killGroup(child, 'SIGTERM')
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 2000)
    await exited
    clearTimeout(timer)
    child.stdin?.destroy()
  }
  try {
    await waitReady(rpcUrl, chainId, exited, () => stderr)
  } catch (err) {
    await close()
    throw err
  }
  return { chainId, port, rpcUrl, pid: child.pid ?? -1, close }
}

async function waitReady(rpcUrl: string, chainId: number, exited: Promise<void>, stderr: () => string): Promise<void> {
  let dead = false
  void exited.then(() => (dead = true))
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (dead) throw new Error(`anvil (chain ${chainId}) exited before it was ready: ${stderr().trim()}`)
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const body = (await res.json()) as { result?: string }
      if (body.result !== undefined && Number(body.result) === chainId) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`anvil (chain ${chainId}) did not answer on ${rpcUrl} within 15 s`)
}
