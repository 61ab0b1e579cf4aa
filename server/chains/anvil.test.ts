import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnAnvil, type AnvilNode } from './anvil.js'

const started: AnvilNode[] = []
afterAll(async () => {
  await Promise.all(started.map((n) => n.close()))
})

// Ports are reused quickly by parallel test files, so "our node is gone" means: no answer, or another chain's answer.
async function answers(port: number, chainId: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    })
    return Number(((await res.json()) as { result?: string }).result) === chainId
  } catch {
    return false
  }
}

async function until(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('spawnAnvil', () => {
  it('answers RPC with the chain id, and close() frees the port (twice is fine)', async () => {
    const node = await spawnAnvil({ chainId: 4242 })
    started.push(node)
    const res = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    })
    expect(((await res.json()) as { result: string }).result).toBe('0x1092')
    await node.close()
    await node.close()
    expect(await answers(node.port, 4242)).toBe(false)
  })

  it('fails clearly when the requested port is taken', async () => {
    const first = await spawnAnvil({ chainId: 1 })
    started.push(first)
    await expect(spawnAnvil({ chainId: 2, port: first.port })).rejects.toThrow(/anvil \(chain 2\)/)
  })

  it('leaves no anvil behind when its parent process is killed with SIGKILL', async () => {
    const anvilModule = fileURLToPath(new URL('./anvil.ts', import.meta.url))
    const code = `import { spawnAnvil } from ${JSON.stringify(anvilModule)}; const a = await spawnAnvil({ chainId: 5 }); console.log(a.port); setInterval(() => {}, 1000)`
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const port = await new Promise<number>((resolve, reject) => {
      parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())))
      parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)))
    })
    expect(await answers(port, 5)).toBe(true)
    parent.kill('SIGKILL')
    await until(`anvil on port ${port} is gone`, async () => !(await answers(port, 5)))
  })
})
