// `npm start` on a machine where ports are taken, and the settings that move them: a busy port is said with the
// service, the port and the setting (the real start script, spawned); FOYER_BASE_PORT moves every port; a FOYER_CONFIG
// file with a `secureSite` block keeps the mailbox, the login provider and the key file of `npm start`'s preset.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'
import { portSettings } from './ports.js'
import { STACK_PRESET } from './stack.js'

const dir = mkdtempSync(join(tmpdir(), 'foyer-ports-'))
const held: Server[] = []
afterAll(async () => {
  for (const s of held) await new Promise((r) => s.close(r))
  rmSync(dir, { recursive: true, force: true })
})

/** Holds a free loopback port, as another program would. */
const occupy = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      held.push(s)
      resolve((s.address() as { port: number }).port)
    })
  })

/** Runs `npm start`'s script (without the demo build) with `env`; resolves its exit code and everything it printed. */
function start(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, FOYER_STACK_DIR: 'memory://', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    // bounded: a start that hangs is stopped and fails the test below
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, out })
    })
  })
}

describe('npm start on busy ports', () => {
  it('names the service, the port and the setting that moves it', async () => {
    const port = await occupy()
    const { code, out } = await start({ FOYER_SERVICES: 'relay', FOYER_RELAY_PORT: String(port) })
    expect(out).toContain(
      `the WalletConnect relay (service "relay") cannot listen on 127.0.0.1:${port}: the port is in use. ` +
        'Set FOYER_RELAY_PORT to a free port (0 = any free one), or FOYER_BASE_PORT to move every port of the stack.',
    )
    expect(out).not.toMatch(/^\s+at /m)
    expect(code).toBe(2)
  }, 120_000)

  it('with every port busy: one such line, no stack trace', async () => {
    // the API, the relay, the local Solana node and the embedded-wallet site with its mailbox, all on taken ports
    const [api, relay, secure, mailbox, smtp, solana] = await Promise.all([1, 2, 3, 4, 5, 6].map(occupy))
    const { code, out } = await start({
      FOYER_SERVICES: 'api,relay,mailbox,solana',
      FOYER_SOLANA_PORT: String(solana),
      FOYER_API_PORT: String(api),
      FOYER_RELAY_PORT: String(relay),
      FOYER_SECURE_PORT: String(secure),
      FOYER_MAILBOX_PORT: String(mailbox),
      FOYER_MAILBOX_SMTP_PORT: String(smtp),
    })
    expect(out).toMatch(
      /^Configuration error: .+ \(service "\w+"\) cannot listen on 127\.0\.0\.1:\d+: the port is in use\. Set FOYER_\w+_PORT/m,
    )
    expect(out).not.toMatch(/^\s+at /m)
    expect(code).toBe(2)
  }, 120_000)
})

describe('FOYER_BASE_PORT', () => {
  it("moves every port of npm start's stack: the API on the base, the others after it", () => {
    const c = loadConfig({ FOYER_BASE_PORT: '20000' }, {}, STACK_PRESET)
    expect(Object.fromEntries(portSettings(c).map((p) => [p.setting, p.port]))).toEqual({
      FOYER_API_PORT: 20000,
      FOYER_RELAY_PORT: 20001,
      FOYER_SECURE_PORT: 20003,
      FOYER_MAILBOX_PORT: 20004,
      FOYER_ONRAMP_PORT: 20005,
      FOYER_EXCHANGE_PORT: 20006,
      FOYER_OIDC_PORT: 20009,
      FOYER_MAILBOX_SMTP_PORT: 20010,
      FOYER_DEMO_PORT: 20011,
      FOYER_SOLANA_PORT: 20012,
      FOYER_CHAIN_1_PORT: 20013,
      FOYER_CHAIN_8453_PORT: 20014,
    })
    // one port set on its own still wins, and nothing else of the preset is lost
    const relay = loadConfig({ FOYER_BASE_PORT: '20000', FOYER_RELAY_PORT: '30000' }, {}, STACK_PRESET)
    expect([relay.port, relay.relayPort, relay.secureSite.kekFile]).toEqual([20000, 30000, 'secure-site.kek'])
    expect(() => loadConfig({ FOYER_BASE_PORT: '65530' }, {}, STACK_PRESET)).toThrow(/FOYER_BASE_PORT must be a port/)
    expect(() => loadConfig({ FOYER_BASE_PORT: 'high' })).toThrow(/FOYER_BASE_PORT/)
  })

  it("the defaults are npm start's usual ports", () => {
    const c = loadConfig({}, {}, STACK_PRESET)
    expect([c.port, c.relayPort, c.secureSite.port, c.secureSite.mailbox, c.secureSite.oidc]).toEqual([
      8787,
      8788,
      8790,
      { port: 8791, smtpPort: 2525 },
      { port: 8796 },
    ])
  })
})

describe('FOYER_CONFIG with a secureSite block', () => {
  it("keeps npm start's mailbox, login provider and key file, with the file's settings over them", () => {
    const path = join(dir, 'secure.json')
    writeFileSync(path, JSON.stringify({ secureSite: { port: 8790, kekId: 'ops-2026', codes: { maxAttempts: 3 } } }))
    const c = loadConfig({ FOYER_CONFIG: path }, {}, STACK_PRESET)
    expect(c.secureSite).toMatchObject({
      port: 8790,
      kekFile: 'secure-site.kek',
      kekId: 'ops-2026',
      codes: { maxAttempts: 3 },
      mailbox: { port: 8791, smtpPort: 2525 },
      oidc: { port: 8796 },
    })
    // a nested block merges too: the mailbox's SMTP port moved, its page port kept
    writeFileSync(path, JSON.stringify({ secureSite: { mailbox: { smtpPort: 2626 } } }))
    expect(loadConfig({ FOYER_CONFIG: path }, {}, STACK_PRESET).secureSite.mailbox).toEqual({
      port: 8791,
      smtpPort: 2626,
    })
    // without a preset (npm run server) the block lays over the defaults, and a bad value still names the file
    writeFileSync(path, JSON.stringify({ secureSite: { kekFile: 'k.kek' } }))
    expect(loadConfig({ FOYER_CONFIG: path }).secureSite).toEqual({ port: 8790, kekFile: 'k.kek' })
    writeFileSync(path, JSON.stringify({ secureSite: { mailbox: { port: 'x' } } }))
    expect(() => loadConfig({ FOYER_CONFIG: path })).toThrow(/secure\.json: secureSite\.mailbox\.port/)
  })
})
