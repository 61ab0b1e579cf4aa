import { describe, expect, it } from 'vitest'
import { addressKey, clientAddress, networkProblem, plainAddress } from './client-address.js'

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever the headers say', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', false)).toBe('203.0.113.7')
    expect(clientAddress('::ffff:203.0.113.7', undefined, false)).toBe('203.0.113.7')
    expect(clientAddress(undefined, '198.51.100.1', 1)).toBe('unknown')
  })

  it('with a hop count, takes the entry that many hops away and never one the client wrote further left', () => {
    // the client wrote "1.1.1.1"; the one proxy appended the address it saw
    expect(clientAddress('10.0.0.5', '1.1.1.1, 203.0.113.7', 1)).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.5', '1.1.1.1, 203.0.113.7', true)).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.5', '1.1.1.1, 203.0.113.7, 10.0.0.9', 2)).toBe('203.0.113.7')
    // fewer hops than proxies (a request that skipped the outer one): the furthest there is
    expect(clientAddress('10.0.0.5', '203.0.113.7', 3)).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.5', undefined, 1)).toBe('10.0.0.5')
    // several header lines are one list
    expect(clientAddress('10.0.0.5', ['1.1.1.1', '203.0.113.7'], 1)).toBe('203.0.113.7')
  })

  it('with a list, believes the header only from a listed proxy and walks past listed hops only', () => {
    const trust = ['loopback', '10.0.0.0/8']
    expect(clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.7', trust)).toBe('203.0.113.7')
    expect(clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.7, 10.1.2.3', trust)).toBe('203.0.113.7')
    // the socket is not a listed proxy: its header is the client's own
    expect(clientAddress('127.0.0.2', '203.0.113.7', ['127.0.0.1'])).toBe('127.0.0.2')
    expect(clientAddress('198.51.100.9', '203.0.113.7', trust)).toBe('198.51.100.9')
    // every hop listed: the furthest one
    expect(clientAddress('127.0.0.1', '10.0.0.1', trust)).toBe('10.0.0.1')
    expect(clientAddress('::1', '2001:db8::1', ['::1'])).toBe('2001:db8::1')
  })

  it('stops at the last trusted hop when the next entry is not an address', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7, unknown', 2)).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', '203.0.113.7, <script>', ['loopback'])).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', '"[2001:db8::1]:443"', 1)).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', '[2001:db8::1]:443', 1)).toBe('2001:db8::1')
    expect(clientAddress('127.0.0.1', '203.0.113.7:5555', 1)).toBe('203.0.113.7')
  })
})

describe('plainAddress and networkProblem', () => {
  it('reads addresses and refuses anything else', () => {
    expect(plainAddress(' 2001:DB8::1 ')).toBe('2001:db8::1')
    expect(plainAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(plainAddress('_hidden')).toBeUndefined()
    expect(networkProblem('10.0.0.0/8')).toBeNull()
    expect(networkProblem('private')).toBeNull()
    expect(networkProblem('10.0.0.0/33')).toMatch(/prefix/)
    expect(networkProblem('example.com')).toMatch(/not an IP/)
  })
})

describe('addressKey', () => {
  it('keeps IPv4 and counts IPv6 by its /64 unless told another prefix', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64')
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('2001:db8:0:1ff::1', 56)).toBe('2001:db8:0:100::/56')
    expect(addressKey('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128')
    // a key is its own key
    expect(addressKey('2001:db8:0:1::/64')).toBe('2001:db8:0:1::/64')
    expect(addressKey('unknown')).toBe('unknown')
  })
})
