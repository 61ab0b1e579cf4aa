// The local ready-made config verifies in the page: a real signature is kept, a forged, replayed, foreign or expired
// one is refused with the reason, and sessions live in storage.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createStorage, memoryBackend } from '../../../kernel/index.js'
import { createLocalConfig, LocalSessionsKey } from './local.js'
import type { SiwxEnvironment } from './environment.js'

function env(now = Date.parse('2026-11-23T10:00:00Z')): SiwxEnvironment & { clock: { now: number } } {
  const clock = { now }
  return {
    clock,
    http: undefined as never,
    storage: createStorage(memoryBackend()),
    now: () => clock.now,
    domain: 'app.example',
    uri: 'https://app.example/',
    readChain: async () => {
      throw new Error('no chain in this test')
    },
  }
}

describe('the local config', () => {
  it('keeps a session whose signature verifies, and refuses replays, forgeries, other domains and expired ones', async () => {
    const e = env()
    const config = createLocalConfig({ expiresInSeconds: 60 }, e)
    const account = privateKeyToAccount(generatePrivateKey())
    const sign = async () => {
      const m = await config.createMessage({ chainId: 'eip155:1', accountAddress: account.address.toLowerCase() })
      const message = m.toString()
      const { toString: _t, ...data } = m
      return { data, message, signature: await account.signMessage({ message }) }
    }
    const good = await sign()
    expect(good.data.accountAddress).toBe(account.address) // checksummed for EIP-4361
    await config.addSession(good)
    expect(await config.getSessions('eip155:1', account.address)).toHaveLength(1)
    expect(e.storage.get(LocalSessionsKey)).toHaveLength(1)
    await expect(config.addSession(good)).rejects.toThrow('nonce was not issued here or was used already')

    const other = privateKeyToAccount(generatePrivateKey())
    const forged = await sign()
    await expect(
      config.addSession({ ...forged, signature: await other.signMessage({ message: forged.message }) }),
    ).rejects.toThrow('does not verify')
    const foreign = await sign()
    const foreignText = foreign.message.replace('app.example wants', 'evil.example wants')
    await expect(
      config.addSession({
        data: { ...foreign.data, domain: 'evil.example' },
        message: foreignText,
        signature: await account.signMessage({ message: foreignText }),
      }),
    ).rejects.toThrow('another domain')
    const late = await sign()
    e.clock.now += 61_000
    await expect(config.addSession(late)).rejects.toThrow('expired at')
    // The kept session expired too: it is no longer listed.
    expect(await config.getSessions('eip155:1', account.address)).toEqual([])
  })

  it('refuses a signed message whose Expiration Time or Not Before is not a calendar date, and drops such a kept session', async () => {
    const e = env()
    const config = createLocalConfig({}, e)
    const account = privateKeyToAccount(generatePrivateKey())
    // Rolled over as JavaScript's Date does, both would pass: 3 March 2027 is not past, 3 March 2026 is.
    for (const [label, date] of [
      ['Expiration Time', '2027-02-31T17:09:38Z'],
      ['Not Before', '2026-02-31T09:00:00Z'],
    ] as const) {
      const m = await config.createMessage({ chainId: 'eip155:1', accountAddress: account.address })
      const { toString: _t, ...data } = m
      const message = m.toString().replace(/\nIssued At: [^\n]*/, (line) => `${line}\n${label}: ${date}`)
      const signed = { data, message, signature: await account.signMessage({ message }) }
      await expect(config.addSession(signed)).rejects.toThrow('RFC 3339')
    }
    const kept = await config.createMessage({ chainId: 'eip155:1', accountAddress: account.address })
    const { toString: _k, ...data } = kept
    e.storage.set(LocalSessionsKey, [
      { data: { ...data, expirationTime: '2026-02-31T17:09:38Z' }, message: kept.toString(), signature: '0x' },
    ])
    e.clock.now = Date.parse('2026-02-28T10:00:00Z')
    expect(await config.getSessions('eip155:1', account.address)).toEqual([])
  })
})
