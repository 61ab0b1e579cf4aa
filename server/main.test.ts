import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../node_modules/tsx/dist/esm/index.mjs', import.meta.url))

function runMain(env: Record<string, string>) {
  // A clean environment: CI exports DATABASE_URL, which must not leak into this embedded-store run.
  const { DATABASE_URL: _db, FOYER_CONFIG: _cfg, FOYER_LOCAL_CHAINS: _lc, ...base } = process.env
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => out }
}

describe('npm run server (server/main.ts)', () => {
  it('prints the API and OpenAPI URLs, serves, and exits 0 on SIGTERM', async () => {
    const run = runMain({ FOYER_PORT: '0', FOYER_RELAY_PORT: '0', FOYER_DATA_DIR: 'memory://' })
    try {
      const deadline = Date.now() + 100_000
      while (!/OpenAPI http:\/\/127\.0\.0\.1:\d+\/openapi\.json/.test(run.output())) {
        if (Date.now() > deadline || run.child.exitCode !== null)
          throw new Error(`main did not start:\n${run.output()}`)
        await new Promise((r) => setTimeout(r, 100))
      }
      const url = /API (http:\/\/\S+)/.exec(run.output())![1]
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true })
      const relay = /relay (ws:\/\/\S+)/.exec(run.output())![1]
      expect((await fetch(`${relay.replace('ws:', 'http:')}/health`)).status).toBe(200)
      run.child.kill('SIGTERM')
      expect(await run.exited).toBe(0)
      expect(run.output()).toContain('SIGTERM: stopping')
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL')
    }
  }, 120_000)

  it('runs only the services FOYER_SERVICES names', async () => {
    const run = runMain({ FOYER_SERVICES: 'relay', FOYER_RELAY_PORT: '0' })
    try {
      const deadline = Date.now() + 60_000
      while (!/relay ws:\/\/\S+/.test(run.output())) {
        if (Date.now() > deadline || run.child.exitCode !== null)
          throw new Error(`main did not start:\n${run.output()}`)
        await new Promise((r) => setTimeout(r, 100))
      }
      expect(run.output()).not.toMatch(/API|store/)
      run.child.kill('SIGTERM')
      expect(await run.exited).toBe(0)
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL')
    }
  })

  it('exits 2 on an unknown service name', async () => {
    const run = runMain({ FOYER_SERVICES: 'api,mailman' })
    expect(await run.exited).toBe(2)
    expect(run.output()).toContain(
      'names an unknown service "mailman"; known: api, chains, exchange, indexer, mailbox, oidc, onramp, paymaster, relay, secureSite, solana, store',
    )
  })

  it('exits 2 with a message naming the bad setting', async () => {
    const run = runMain({ FOYER_PORT: 'abc' })
    expect(await run.exited).toBe(2)
    expect(run.output()).toContain('Configuration error: FOYER_PORT must be a non-negative integer, got "abc"')
  })
})
