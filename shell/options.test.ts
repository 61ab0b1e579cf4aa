import { describe, expect, it } from 'vitest'
import { regionalOptions, RestrictedTimeZones, type FoyerOptions } from './options.js'

const base: FoyerOptions = {
  projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  apiUrl: 'https://api.example',
  relayUrl: 'wss://relay.example',
  restrictedRegionEndpoints: { apiUrl: 'https://api.cn.example', relayUrl: '' },
}

describe('restricted time zones (SPEC §9)', () => {
  it('uses the restricted-region endpoints in a restricted zone, whatever its case; unset ones keep the usual', () => {
    for (const zone of ['Asia/Shanghai', 'asia/hong_kong', 'Asia/Macau']) {
      const o = regionalOptions(base, zone)
      expect(o.apiUrl).toBe('https://api.cn.example')
      expect(o.relayUrl).toBe('wss://relay.example')
    }
    expect(RestrictedTimeZones).toContain('ASIA/URUMQI')
  })

  it('leaves the options alone elsewhere, without restricted endpoints, or when the zone cannot be read', () => {
    expect(regionalOptions(base, 'Europe/Berlin')).toBe(base)
    expect(regionalOptions(base, 'Asia/Tokyo')).toBe(base)
    const plain = { ...base, restrictedRegionEndpoints: undefined }
    expect(regionalOptions(plain, 'Asia/Shanghai')).toBe(plain)
  })
})
