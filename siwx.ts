// `foyer/siwx`: Foyer's ready-made sign-in configs for the `siwx` option, and the message texts. Each config is a
// small object whose code (and, for the local one, the verifiers) downloads the first time Foyer calls it.
import type { SIWXConfig } from './kernel/index.js'
import type { SiwxEnvironment } from './plugins/siwx/ready/environment.js'
import type { ReadySiwxOptions } from './plugins/siwx/ready/common.js'

export type { ReadySiwxOptions } from './plugins/siwx/ready/common.js'
export type { SIWXConfig, SIWXMessage, SIWXMessageData, SIWXSession, SIWEConfig } from './kernel/index.js'
export { formatSiwxMessage, parseSiwxMessage, SiwxMessageError } from './plugins/siwx/message.js'

type Make = (o: ReadySiwxOptions, env: SiwxEnvironment) => SIWXConfig
// The plugin's BindEnvironment (ready/environment.ts), spelled out so this entry shares no module with the plugin.
const BindEnvironment = Symbol.for('foyer.siwx.bindEnvironment')

function lazyConfig(o: ReadySiwxOptions, load: () => Promise<Make>): SIWXConfig {
  let env: SiwxEnvironment | undefined
  let impl: Promise<SIWXConfig> | undefined
  const get = () =>
    (impl ??= load().then((make) => {
      if (!env) throw new Error('This sign-in config is used before Foyer started it: pass it as the `siwx` option')
      return make(o, env)
    }))
  return {
    [BindEnvironment]: (e: SiwxEnvironment) => {
      env = e
    },
    createMessage: (input) => get().then((c) => c.createMessage(input)),
    addSession: (s) => get().then((c) => c.addSession(s)),
    getSessions: (chainId, address) => get().then((c) => c.getSessions(chainId, address)),
    revokeSession: (chainId, address) => get().then((c) => c.revokeSession(chainId, address)),
    setSessions: (sessions) => get().then((c) => c.setSessions(sessions)),
    getRequired: () => !!o.required,
    signOutOnDisconnect: o.signOutOnDisconnect ?? true,
  } as SIWXConfig
}

/** Sessions verified by the Foyer server (`apiUrl`): it issues nonces and answers a JWT a host backend can check. */
export function createServerSiwx(options: ReadySiwxOptions = {}): SIWXConfig {
  return lazyConfig(options, () => import('./plugins/siwx/ready/server.js').then((m) => m.createServerConfig))
}

/** Sessions verified in the browser and kept in its storage (no server; a host backend cannot trust them). */
export function createLocalSiwx(options: ReadySiwxOptions = {}): SIWXConfig {
  return lazyConfig(options, () => import('./plugins/siwx/ready/local.js').then((m) => m.createLocalConfig))
}
