import { describe, expect, it } from 'vitest'
import type { KernelState } from '../types.js'
import { isFeatureEnabled } from './features.js'

const state = (features: Record<string, unknown>) => ({ config: { features } }) as unknown as KernelState

describe('isFeatureEnabled', () => {
  it('SPEC §6: turning payments on disables email and socials', () => {
    expect(isFeatureEnabled(state({}), 'email')).toBe(true)
    expect(isFeatureEnabled(state({ socials: ['google'] }), 'socials')).toBe(true)
    const paying = state({ payments: true, email: true, socials: ['google'] })
    expect([isFeatureEnabled(paying, 'email'), isFeatureEnabled(paying, 'socials')]).toEqual([false, false])
    expect(isFeatureEnabled(paying, 'payments')).toBe(true)
    expect(isFeatureEnabled(paying, 'swaps')).toBe(true)
  })
})
