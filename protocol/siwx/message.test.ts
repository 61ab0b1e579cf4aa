// CAIP-122 texts for Solana and Bitcoin: written in the Wallet Standard's `solana:signIn` layout (so a wallet that
// writes the text itself signs the same bytes), read back field for field, and refused with the field named.
import { describe, expect, it } from 'vitest'
import { signInMessageText } from '../../testing/solana.js'
import { formatSiwxMessage, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from './message.js'

const solana: SiwxMessageData = {
  accountAddress: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  domain: 'app.example:8080',
  uri: 'https://app.example:8080/login',
  version: '1',
  nonce: 'k2H7a9Qx0pLm',
  issuedAt: '2026-11-23T10:00:00.000Z',
  statement: 'Bienvenue — sign in to App',
  expirationTime: '2026-11-23T10:05:00Z',
  notBefore: '2026-11-23T09:59:00+01:00',
  requestId: 'req-42',
  resources: ['ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', 'https://app.example/terms'],
}

describe('CAIP-122 texts', () => {
  it('writes Solana sign-ins byte for byte as a solana:signIn wallet does, and reads them back', () => {
    const text = formatSiwxMessage(solana)
    expect(text).toBe(
      signInMessageText({ ...solana, address: solana.accountAddress, chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
    )
    expect(text.split('\n').slice(0, 5)).toEqual([
      'app.example:8080 wants you to sign in with your Solana account:',
      solana.accountAddress,
      '',
      solana.statement,
      '',
    ])
    expect(parseSiwxMessage(text)).toEqual(solana)
    const { statement: _s, resources: _r, expirationTime: _e, notBefore: _n, requestId: _q, ...minimal } = solana
    expect(formatSiwxMessage(minimal)).toBe(
      signInMessageText({ ...minimal, address: minimal.accountAddress, chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
    )
    expect(parseSiwxMessage(formatSiwxMessage(minimal))).toEqual(minimal)
  })

  it('writes and reads Bitcoin sign-ins (bech32 and base58 addresses)', () => {
    for (const accountAddress of ['bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs']) {
      const d: SiwxMessageData = { ...solana, accountAddress, chainId: 'bip122:000000000019d6689c085ae165831e93' }
      const text = formatSiwxMessage(d)
      expect(text.startsWith('app.example:8080 wants you to sign in with your Bitcoin account:\n')).toBe(true)
      expect(text).toContain('\nChain ID: 000000000019d6689c085ae165831e93\n')
      expect(parseSiwxMessage(text)).toEqual(d)
    }
  })

  it('refuses what it cannot write or read, naming the field', () => {
    const field = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return e instanceof SiwxMessageError ? e.field : 'other'
      }
      return 'none'
    }
    expect(field(() => formatSiwxMessage({ ...solana, accountAddress: '0xnot-solana' }))).toBe('accountAddress')
    expect(field(() => formatSiwxMessage({ ...solana, chainId: 'cosmos:hub' }))).toBe('chainId')
    expect(field(() => formatSiwxMessage({ ...solana, statement: 'two\nlines' }))).toBe('statement')
    expect(field(() => formatSiwxMessage({ ...solana, nonce: 'short' }))).toBe('nonce')
    expect(field(() => formatSiwxMessage({ ...solana, issuedAt: undefined }))).toBe('issuedAt')
    expect(field(() => formatSiwxMessage({ ...solana, resources: ['not a uri'] }))).toBe('resources')
    expect(field(() => formatSiwxMessage({ ...solana, scheme: 'https' }))).toBe('scheme')
    const text = formatSiwxMessage(solana)
    expect(field(() => parseSiwxMessage(text.replace('Version: 1', 'Version: one')))).toBe('version')
    expect(field(() => parseSiwxMessage(text.replace(/\nNonce: .*/, '')))).toBe('nonce')
    expect(field(() => parseSiwxMessage(`${text}\n`))).toBe('message')
    expect(field(() => parseSiwxMessage(text.replace('Solana account', 'Cosmos account')))).toBe('domain')
    expect(field(() => parseSiwxMessage(text.replace('\nChain ID: ', '\nChain ID: bad:ref')))).toBe('chainId')
  })

  it('refuses a date that is not on the calendar (Expiration Time, Not Before, Issued At), in writing and reading', () => {
    const text = formatSiwxMessage(solana)
    for (const [label, field, good] of [
      ['Expiration Time', 'expirationTime', solana.expirationTime],
      ['Not Before', 'notBefore', solana.notBefore],
      ['Issued At', 'issuedAt', solana.issuedAt],
    ] as const) {
      for (const bad of ['2025-02-31T17:09:38Z', '2025-04-31T00:00:00Z', '2025-02-29T12:00:00+01:00']) {
        expect(() => parseSiwxMessage(text.replace(`${label}: ${good}`, `${label}: ${bad}`))).toThrow(
          expect.objectContaining({ field }),
        )
        expect(() => formatSiwxMessage({ ...solana, [field]: bad })).toThrow(expect.objectContaining({ field }))
      }
    }
    // Real dates stay readable: a leap day, a month's last day, a leap second.
    for (const ok of ['2024-02-29T17:09:38Z', '2025-01-31T00:00:00Z', '2016-12-31T23:59:60Z'])
      expect(
        parseSiwxMessage(text.replace(`Expiration Time: ${solana.expirationTime}`, `Expiration Time: ${ok}`))
          .expirationTime,
      ).toBe(ok)
  })
})
