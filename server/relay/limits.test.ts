// The relay's limits as an operator sets them: FOYER_RELAY_LIMITS (or `relayLimits` in FOYER_CONFIG) reaches the
// relay service; unknown names and values that would shut every client out are refused at start-up.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'
import { startServices } from '../compose.js'
import { relayService } from './service.js'
import { connectRawClient } from './raw-client.js'

describe('relay limits from configuration', () => {
  it('FOYER_RELAY_LIMITS reaches the relay service: a second socket from the address is refused with 429', async () => {
    const config = loadConfig({
      FOYER_SERVICES: 'relay',
      FOYER_RELAY_PORT: '0',
      FOYER_RELAY_RATE_LIMIT_IP: '0',
      FOYER_RELAY_RATE_LIMIT_PROJECT: '0',
      FOYER_RELAY_LIMITS: JSON.stringify({
        maxConnectionsPerIp: 1,
        clientPublishRateLimit: { burst: 5, perSecond: 1 },
      }),
    })
    expect(config.relayLimits).toEqual({ maxConnectionsPerIp: 1, clientPublishRateLimit: { burst: 5, perSecond: 1 } })
    const services = await startServices(config, [relayService])
    try {
      const url = services.get('relay')!.url
      const first = await connectRawClient(url)
      await expect(connectRawClient(url)).rejects.toThrow(/HTTP 429/)
      // The address's socket is given back when it closes (and when a refused upgrade's socket closes).
      await first.close()
      await expect
        .poll(() =>
          connectRawClient(url).then(
            (c) => c.close().then(() => true),
            () => false,
          ),
        )
        .toBe(true)
    } finally {
      await services.close()
    }
  })

  it('refuses unknown limits, non-positive numbers, bad rates and bad JSON, naming the setting', () => {
    const bad = (raw: string) => () => loadConfig({ FOYER_RELAY_LIMITS: raw })
    expect(bad('{"maxConnectionsPerIP":5}')).toThrow(/relayLimits\.maxConnectionsPerIP.*one of/)
    expect(bad('{"maxStoredBytesPerClient":0}')).toThrow(/relayLimits\.maxStoredBytesPerClient.*positive/)
    expect(bad('{"ipPublishRateLimit":{"burst":0,"perSecond":1}}')).toThrow(/relayLimits\.ipPublishRateLimit/)
    expect(bad('[1]')).toThrow(ConfigError)
    expect(bad('{not json')).toThrow(/FOYER_RELAY_LIMITS is not valid JSON/)
  })
})
