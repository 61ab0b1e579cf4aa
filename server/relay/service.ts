// The WalletConnect relay as a service, on config.relayPort: mailboxes in Redis when REDIS_URL is set (shared by
// every relay process), connections rate limited per client IP and per project (project-budget.ts), JSON log lines on
// stderr.
import { defineService } from '../compose.js'
import { serviceLog } from '../observe/log.js'
import { openRelayConnectionLimiter } from './project-budget.js'
import { startRelay, type RunningRelay } from './relay.js'

declare module '../compose.js' {
  interface ServiceMap {
    relay: RunningRelay
  }
}

const log = serviceLog('relay')

/** Starts the relay. */
export const relayService = defineService({
  name: 'relay',
  async start({ config }) {
    const limiter = await openRelayConnectionLimiter(config)
    try {
      const relay = await startRelay({
        port: config.relayPort,
        host: config.host,
        redisUrl: config.redisUrl,
        redisPrefix: `${config.redisPrefix}relay:`,
        audiences: config.relayPublicUrl ? [config.relayPublicUrl] : [],
        projectIdPattern: config.relayProjectIdPattern ? new RegExp(config.relayProjectIdPattern) : undefined,
        limiter,
        publishRateLimit: { burst: 2 * config.relayPublishRatePerSocket, perSecond: config.relayPublishRatePerSocket },
        ...config.relayLimits,
        trustProxy: config.trustProxy,
        ipv6Prefix: config.rateLimitIpv6Prefix,
        drainMs: config.shutdownDrainMs,
        log: (event, detail) => log(event, detail, 'warn'),
      })
      return { ...relay, close: async () => (await relay.close(), await limiter.close()) }
    } catch (err) {
      await limiter.close()
      throw err
    }
  },
  describe: (relay) => [`relay ${relay.url}${relay.storeKind === 'redis' ? ' (mailboxes in Redis)' : ''}`],
})
