import { describe, expect, it } from 'vitest'
import { loginSiwxFields } from './login-siwx.js'

const host = 'http://127.0.0.1:5173'
const fields = {
  chainId: 'eip155:1',
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  version: '1',
  nonce: 'abcdefgh1234',
  issuedAt: '2026-11-27T10:00:00Z',
}

describe('a login sign-in message (signed without a prompt)', () => {
  it('is taken only for the page asking and the login network', () => {
    expect(loginSiwxFields(undefined, host, 'eip155:1')).toBeUndefined()
    expect(loginSiwxFields(fields, host, 'eip155:1')).toEqual(fields)
    // a page may not have the wallet sign in to another site
    expect(() => loginSiwxFields({ ...fields, domain: 'bank.example' }, host, 'eip155:1')).toThrow(/domain/)
    expect(() => loginSiwxFields({ ...fields, uri: 'https://bank.example/' }, host, 'eip155:1')).toThrow(/uri/)
    expect(() => loginSiwxFields(fields, host, 'eip155:8453')).toThrow(/chainId/)
    expect(() => loginSiwxFields({ ...fields, accountAddress: '0x1' }, host, 'eip155:1')).toThrow(/unknown field/)
    expect(() => loginSiwxFields({ ...fields, nonce: 'x' }, host, 'eip155:1')).toThrow(/nonce/)
    expect(() => loginSiwxFields('text', host, 'eip155:1')).toThrow(/object/)
  })
})
