// The local OpenID provider as a service (`npm start`, the browser tests): it plays the social providers for the
// secure site. Off unless `secureSite.oidc` is set (FOYER_OIDC_PORT): production talks to the real providers.
import { defineService } from '../compose.js'
import { PLAYED_PROVIDERS, startOidcProvider, type RunningOidcProvider } from './provider.js'

declare module '../compose.js' {
  interface ServiceMap {
    oidc: RunningOidcProvider
  }
}

/** Starts the local issuer on the configured port. */
export const oidcService = defineService({
  name: 'oidc',
  async start({ config }) {
    const o = config.secureSite.oidc
    if (!o) return undefined
    return startOidcProvider({ host: config.host, port: o.port })
  },
  describe: (o) => [`OpenID provider ${o.issuer} (local sign-in playing ${PLAYED_PROVIDERS.join(', ')})`],
})
