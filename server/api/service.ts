// The HTTP API as a service: over the store, serving the configured and local chains (EVM and Solana), rate limited
// per client IP and per project on the shared store (Redis, else PostgreSQL, else memory).
import { createPublicClient, http } from 'viem'
import { chainsOf } from '../chains/service.js'
import { defineService } from '../compose.js'
import { resolveConfig } from '../config.js'
import { openApiLimiter } from './project-share.js'
import { resolveApiLimits } from './limits.js'
import { captureSmtp, openEmailCapture } from '../siwx/email.js'
import { solanaChainsOf } from '../solana/service.js'
import { openAnalyticsGate, startAnalyticsRetention } from './analytics-limits.js'
import { startApi, type RunningApi } from './server.js'

declare module '../compose.js' {
  interface ServiceMap {
    api: RunningApi
  }
}

/** Serves the API on config.port. */
export const apiService = defineService({
  name: 'api',
  needs: ['store'],
  uses: ['chains', 'solana', 'onramp', 'exchange', 'mailbox', 'paymaster'],
  async start(ctx) {
    const config = resolveConfig({ ...ctx.config, chains: chainsOf(ctx), solanaChains: solanaChainsOf(ctx) })
    const limiter = await openApiLimiter(config)
    const analyticsGate = await openAnalyticsGate(config)
    const emailCapture = await openEmailCapture(config, captureSmtp(config, ctx.get('mailbox')))
    // Ready when every chain's RPC answers (balances and names read them).
    const readiness = Object.fromEntries(
      config.chains.map((c) => {
        const client = createPublicClient({ transport: http(c.rpcUrl, { retryCount: 0, timeout: 3000 }) })
        return [`chain ${c.chainId}`, async () => void (await client.getBlockNumber({ cacheTime: 0 }))]
      }),
    )
    const onramp = ctx.get('onramp')
    const exchange = ctx.get('exchange')
    try {
      const api = await startApi({
        store: ctx.need('store').store,
        prepared: true,
        config,
        onramp: onramp && [onramp.provider],
        exchanges: exchange && [exchange.exchange],
        extra: { limiter, readiness, analyticsGate, emailCapture, sponsor: ctx.get('paymaster')?.sponsor },
      })
      const stopRetention = startAnalyticsRetention(api.store, {
        retentionDays: config.analyticsRetentionDays,
        maxRows: config.analyticsMaxRows,
        maxBytes: resolveApiLimits(config.apiLimits).analyticsMaxBytes,
      })
      return {
        ...api,
        close: async () => {
          stopRetention()
          await api.close()
          await Promise.all([limiter.close(), analyticsGate.close(), emailCapture?.close()])
        },
      }
    } catch (err) {
      await Promise.all([limiter.close(), analyticsGate.close(), emailCapture?.close()])
      throw err
    }
  },
  describe: (api) => [
    `API ${api.url}`,
    `OpenAPI ${api.url}/openapi.json`,
    // The operator's console exists only with a token (FOYER_OPERATOR_TOKEN); the token itself is never printed.
    ...(api.config.operatorToken ? [`dashboard ${api.url}/admin`] : []),
  ],
})
