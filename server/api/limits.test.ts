import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'
import { DEFAULT_API_LIMITS, resolveApiLimits } from './limits.js'

describe('apiLimits (FOYER_API_LIMITS)', () => {
  it('fills unset limits with the defaults and reads the environment', () => {
    expect(resolveApiLimits()).toEqual(DEFAULT_API_LIMITS)
    const config = loadConfig({ FOYER_API_LIMITS: '{"rpcMaxBatch":20,"rpcExtraMethods":["debug_traceCall"]}' })
    expect(resolveApiLimits(config.apiLimits)).toMatchObject({
      rpcMaxBatch: 20,
      rpcExtraMethods: ['debug_traceCall'],
      rpcMaxGasPerCall: DEFAULT_API_LIMITS.rpcMaxGasPerCall,
    })
  })

  it('refuses unknown keys, non-positive numbers and bad method lists, naming the field', () => {
    for (const [raw, field] of [
      ['{"rpcMaxBach":1}', /apiLimits.rpcMaxBach/],
      ['{"rpcMaxBatch":0}', /apiLimits.rpcMaxBatch/],
      ['{"rpcAllowStateOverrides":"yes"}', /apiLimits.rpcAllowStateOverrides/],
      ['{"rpcExtraMethods":["a b"]}', /apiLimits.rpcExtraMethods/],
      ['[1]', /apiLimits/],
    ] as const) {
      expect(() => loadConfig({ FOYER_API_LIMITS: raw })).toThrow(ConfigError)
      expect(() => loadConfig({ FOYER_API_LIMITS: raw })).toThrow(field)
    }
  })
})
