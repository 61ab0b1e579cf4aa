import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'

describe('FOYER_TRUST_PROXY and FOYER_RATE_LIMIT_IPV6_PREFIX', () => {
  it('read as off, a hop count (1/true/yes = one proxy), or a list of networks', () => {
    const trust = (v: string) => loadConfig({ FOYER_TRUST_PROXY: v }).trustProxy
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(['0', 'false', 'no'].map(trust)).toEqual([false, false, false])
    expect(['1', 'true', 'YES'].map(trust)).toEqual([true, true, true])
    expect(trust('2')).toBe(2)
    expect(trust('loopback, 10.0.0.0/8 ,2001:db8::/32')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32'])
    expect(loadConfig({}).rateLimitIpv6Prefix).toBe(64)
    expect(loadConfig({ FOYER_RATE_LIMIT_IPV6_PREFIX: '56' }).rateLimitIpv6Prefix).toBe(56)
  })

  it('refuse what is not an address, a network or a sane count, naming the setting', () => {
    expect(() => loadConfig({ FOYER_TRUST_PROXY: 'proxy.example.com' })).toThrow(ConfigError)
    expect(() => loadConfig({ FOYER_TRUST_PROXY: '10.0.0.0/40' })).toThrow(/FOYER_TRUST_PROXY.*prefix length/)
    expect(() => loadConfig({ FOYER_TRUST_PROXY: '99' })).toThrow(/hop count from 0 to 16/)
    expect(() => loadConfig({}, { trustProxy: 'yes' as never })).toThrow(/trustProxy/)
    expect(() => loadConfig({ FOYER_RATE_LIMIT_IPV6_PREFIX: '129' })).toThrow(/rateLimitIpv6Prefix/)
  })
})
