// Issue 34: `secureSite` moved from its own parser (server/secure-site/settings.ts) to declared fields
// (server/config/secure-site.ts, secure-site-logins.ts). This test reads and checks a broad set of environments, blocks
// below them and config-file blocks, good and bad, both ways, and wants the same values and the same error messages.
import { describe, expect, it } from 'vitest'
import { checkSecureSiteSettings, defaultSecureSiteSettings, secureSiteFromEnv } from '../secure-site/settings.js'
import { secureSiteSetting } from './secure-site.js'

type Outcome = { value: unknown } | { error: string; name: string }
function outcome(run: () => unknown): Outcome {
  try {
    return { value: run() }
  } catch (err) {
    return { error: (err as Error).message, name: (err as Error).name }
  }
}

// A small deterministic generator, so a failure names a case that can be run again.
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const HEX64 = 'ab'.repeat(32)
const KEY = `0x${'11'.repeat(32)}`
const VARS: Record<string, string[]> = {
  FOYER_SECURE_PORT: ['', '9000', '0', 'abc', '70000', ' 12 ', '-1'],
  FOYER_SECURE_PUBLIC_URL: ['', 'http://localhost:8790', 'https://s.example', 'ftp://x', 'nope'],
  FOYER_SECURE_KEK: ['', HEX64, Buffer.alloc(32, 7).toString('base64'), 'short'],
  FOYER_SECURE_KEK_FILE: ['', 'k.kek'],
  FOYER_SECURE_KEK_ID: ['', 'k2'],
  FOYER_SECURE_OTHER: ['', '1'],
  FOYER_BUNDLER_KEY: ['', KEY, '0x12'],
  FOYER_SMTP_HOST: ['', 'mail.example'],
  FOYER_SMTP_PORT: ['', '25', 'x', '99999'],
  FOYER_SMTP_USER: ['', 'u'],
  FOYER_SMTP_PASS: ['', 'p'],
  FOYER_SMTP_SECURE: ['', 'true', '1'],
  FOYER_SMTP_FROM: ['', 'a@b.example'],
  FOYER_MAILBOX_PORT: ['', '8791', 'x', '70000'],
  FOYER_MAILBOX_SMTP_PORT: ['', '2525', 'y'],
  FOYER_SOCIAL_GOOGLE_CLIENT_ID: ['', 'gid'],
  FOYER_SOCIAL_GOOGLE_CLIENT_SECRET: ['', 'gsecret'],
  FOYER_SOCIAL_GOOGLE_ISSUER: ['', 'http://127.0.0.1:8796', 'not a url'],
  FOYER_SOCIAL_X_CLIENT_ID: ['', 'xid'],
  FOYER_SOCIAL_DISCORD_CLIENT_SECRET: ['', 'dsecret'],
  FOYER_SOCIAL_TELEGRAM_CLIENT_ID: ['', 'tid'],
  FOYER_FARCASTER_OPTIMISM_RPC: ['', 'https://op.example', 'op'],
  FOYER_FARCASTER_ID_REGISTRY: ['', '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b', '0x1'],
  FOYER_FARCASTER_APP_URL: ['', 'https://farcaster.xyz/~/siwf', 'mailto:x'],
  FOYER_OIDC_PORT: ['', '8796', 'z'],
  FOYER_PORT: ['8787'],
}

// Blocks a preset or a file may leave below the environment's.
const BASES: unknown[] = [
  undefined,
  defaultSecureSiteSettings(),
  { port: 1, mailbox: { port: 5, smtpPort: 6 }, oidc: { port: 7 } },
  { port: 2, social: { github: { clientId: 'a', clientSecret: 'b' } }, smtp: { host: 'h', port: 1 }, kek: HEX64 },
  { port: 3, farcaster: { appUrl: 'https://f.example' }, codes: { maxPerIp: 2 }, extra: true },
]

// Field values for config-file blocks, good and bad.
const FIELDS: Record<string, unknown[]> = {
  port: [8790, 0, 65535, 65536, -1, '8790', 1.5, null],
  publicUrl: ['http://localhost:8790', 'ws://x', 'nope', 5],
  kek: [HEX64, 'short', 7],
  kekFile: ['k.kek', '', 3],
  kekId: ['k1', 9],
  bundlerKey: [KEY, '0x12', 1],
  smtp: [{ host: 'h', port: 25 }, { host: '', port: 25 }, { host: 'h', port: 'x' }, 'smtp', null],
  codes: [{ ttlSeconds: 60 }, { ttlSeconds: 0 }, { anything: 3 }, { maxPerIp: 1.5 }, [], 'codes'],
  logins: [{ maxPerIp: 3 }, { windowSeconds: 0 }, { other: 1 }, 5],
  mailbox: [{ port: 1, smtpPort: 2 }, { port: 1 }, { port: 1, smtpPort: 70000 }, 'box'],
  social: [
    { google: { clientId: 'a', clientSecret: 'b' } },
    { google: { clientId: 'a', clientSecret: 'b', issuer: 'http://i.example' } },
    { google: { clientId: 'a', clientSecret: 'b', issuer: 'nope' } },
    { telegram: { clientId: 'a', clientSecret: 'b' } },
    { x: { clientId: '', clientSecret: 'b' } },
    { discord: 'creds' },
    [],
  ],
  farcaster: [
    { optimismRpcUrl: 'https://op.example' },
    { optimismRpcUrl: 'op' },
    { idRegistry: '0x1' },
    { appUrl: 'https://f.example', idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' },
    { appUrl: 'ftp://f' },
    'fc',
  ],
  oidc: [{ port: 8796 }, { port: 'p' }, {}, 1],
  unknown: [1],
}

const oldRead = (env: NodeJS.ProcessEnv, base: Record<string, unknown>) =>
  secureSiteFromEnv(env, (base.secureSite as never) ?? defaultSecureSiteSettings())
const newRead = (env: NodeJS.ProcessEnv, base: Record<string, unknown>) => secureSiteSetting.read!(env, base)

describe('secureSite declared field by field reads and checks as its old parser did', () => {
  it('has the same default', () => {
    expect(secureSiteSetting.default()).toStrictEqual(defaultSecureSiteSettings())
  })

  it('reads the same environments over the same blocks, and checks the result the same way', () => {
    const random = rng(34)
    const envs: NodeJS.ProcessEnv[] = [{}]
    // Every value of every variable alone, then random mixes of a few to all of them.
    for (const [name, values] of Object.entries(VARS)) for (const v of values) envs.push({ [name]: v })
    for (let i = 0; i < 4000; i++) {
      const env: NodeJS.ProcessEnv = {}
      const p = [0.1, 0.3, 0.6, 1][i % 4]
      for (const [name, values] of Object.entries(VARS))
        if (random() < p) env[name] = values[Math.floor(random() * values.length)]
      envs.push(env)
    }
    let cases = 0
    let errors = 0
    for (const env of envs)
      for (const secureSite of BASES) {
        const base = secureSite === undefined ? {} : { secureSite }
        const before = outcome(() => oldRead(env, base))
        expect(
          outcome(() => newRead(env, base)),
          JSON.stringify({ env, base }),
        ).toStrictEqual(before)
        if ('value' in before && before.value !== undefined) {
          const checked = outcome(() => checkSecureSiteSettings(before.value, 'environment: '))
          expect(outcome(() => secureSiteSetting.check(before.value as never, 'environment: '))).toStrictEqual(checked)
          if ('error' in checked) errors++
        } else if ('error' in before) errors++
        cases++
      }
    expect(cases).toBeGreaterThan(20_000)
    expect(errors).toBeGreaterThan(2_000)
  })

  it('checks the same config-file blocks with the same messages', () => {
    const random = rng(5)
    const blocks: unknown[] = [undefined, null, 'site', [], 42, {}]
    for (const [key, values] of Object.entries(FIELDS))
      for (const v of values) blocks.push({ port: 8790, [key]: v }, { [key]: v })
    for (let i = 0; i < 6000; i++) {
      const block: Record<string, unknown> = {}
      const p = [0.1, 0.3, 0.6][i % 3]
      for (const [key, values] of Object.entries(FIELDS))
        if (random() < p) block[key] = values[Math.floor(random() * values.length)]
      blocks.push(block)
    }
    let errors = 0
    for (const block of blocks)
      for (const where of ['', 'preset: ', 'site.json: ']) {
        const before = outcome(() => checkSecureSiteSettings(block, where))
        expect(
          outcome(() => secureSiteSetting.check(block as never, where)),
          JSON.stringify(block),
        ).toStrictEqual(before)
        if ('error' in before) errors++
      }
    expect(blocks.length).toBeGreaterThan(6000)
    expect(errors).toBeGreaterThan(3000)
  })
})
