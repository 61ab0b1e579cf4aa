// The remote feature list as the client applies it.
import { describe, expect, it } from 'vitest'
import { applyRemoteFeatures, parseRemoteFeatures } from './remote.js'

describe('remote features', () => {
  it('maps each listed remote feature to a provider list or a flag', () => {
    const applied = applyRemoteFeatures(undefined, [
      { id: 'socials', isEnabled: true, config: ['google', 'github'] },
      { id: 'swaps', isEnabled: true, config: [] },
      { id: 'onramp', isEnabled: false, config: ['meld'] },
      { id: 'email', isEnabled: true, config: null },
      { id: 'multiWallet', isEnabled: true, config: null },
      { id: 'send', isEnabled: false, config: null },
      { id: 'email', isEnabled: false, config: null },
    ])
    expect(applied.features).toEqual({
      socials: ['google', 'github'],
      swaps: false,
      onramp: false,
      email: true,
      multiWallet: true,
    })
    expect(applied.ignored).toEqual([])
  })

  it('lists the local settings of remote features as ignored, nothing else', () => {
    const applied = applyRemoteFeatures({ swaps: true, send: false, socials: ['x'], analytics: true }, [
      { id: 'socials', isEnabled: true, config: ['google'] },
      { id: 'swaps', isEnabled: false, config: null },
    ])
    expect(applied.ignored).toEqual(['"features.socials"', '"features.swaps"'])
  })

  it('refuses answers that are not a feature list', () => {
    expect(parseRemoteFeatures({ features: [{ id: 'email', isEnabled: true, config: null }] })).toHaveLength(1)
    for (const bad of [null, {}, { features: {} }, { features: [{ id: 1, isEnabled: true }] }, { features: [null] }])
      expect(parseRemoteFeatures(bad)).toBeUndefined()
    expect(parseRemoteFeatures({ features: [{ id: 'email', isEnabled: 'yes' }] })).toBeUndefined()
  })
})
