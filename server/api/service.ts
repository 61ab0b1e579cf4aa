// The HTTP API as a service: over the store, serving the configured and local chains (EVM and Solana).
import { chainsOf } from '../chains/service.js'
import { defineService } from '../compose.js'
import { resolveConfig } from '../config.js'
import { solanaChainsOf } from '../solana/service.js'
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
  uses: ['chains', 'solana'],
  async start(ctx) {
    const config = resolveConfig({ ...ctx.config, chains: chainsOf(ctx), solanaChains: solanaChainsOf(ctx) })
    return startApi({ store: ctx.need('store').store, prepared: true, config })
  },
  describe: (api) => [
    `API ${api.url}`,
    `OpenAPI ${api.url}/openapi.json`,
    // The operator's console exists only with a token (FOYER_OPERATOR_TOKEN); the token itself is never printed.
    ...(api.config.operatorToken ? [`dashboard ${api.url}/admin`] : []),
  ],
})
