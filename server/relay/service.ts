// The WalletConnect relay as a service, on config.relayPort.
import { defineService } from '../compose.js'
import { startRelay, type RunningRelay } from './relay.js'

declare module '../compose.js' {
  interface ServiceMap {
    relay: RunningRelay
  }
}

/** Starts the relay. */
export const relayService = defineService({
  name: 'relay',
  async start({ config }) {
    return startRelay({
      port: config.relayPort,
      host: config.host,
      audiences: config.relayPublicUrl ? [config.relayPublicUrl] : [],
      redisUrl: config.redisUrl,
      projectIdPattern: config.relayProjectIdPattern ? new RegExp(config.relayProjectIdPattern) : undefined,
    })
  },
  describe: (relay) => [`relay ${relay.url}${relay.storeKind === 'redis' ? ' (mailboxes in Redis)' : ''}`],
})
