// `foyer/siwx`: Foyer's ready-made sign-in configs for the `siwx` option, and the message texts. Each config is a
// small object whose code (and, for the local one, the verifiers) downloads the first time Foyer calls it.
import type { SIWXConfig } from './kernel/index.js'
import type { SiwxEmailCapture } from './plugins/siwx/capture.js'
import type { SiwxEnvironment } from './plugins/siwx/ready/environment.js'
import type { ReadySiwxOptions } from './plugins/siwx/ready/common.js'

export type { ReadySiwxOptions } from './plugins/siwx/ready/common.js'
export type { SiwxEmailCapture } from './plugins/siwx/capture.js'
export type { SIWXConfig, SIWXMessage, SIWXMessageData, SIWXSession, SIWEConfig } from './kernel/index.js'
export { formatSiwxMessage, parseSiwxMessage, SiwxMessageError } from './protocol/siwx/message.js'

type Make = (o: ReadySiwxOptions, env: SiwxEnvironment) => SIWXConfig
// The plugin's BindEnvironment (ready/environment.ts), spelled out so this entry shares no module with the plugin.
const BindEnvironment = Symbol.for('foyer.siwx.bindEnvironment')

// Every call loads the config's code first; `methods` are the config's calls beyond SIWXConfig's.
function lazyConfig(o: ReadySiwxOptions, load: () => Promise<Make>, methods: string[] = []): SIWXConfig {
  let env: SiwxEnvironment | undefined
  let impl: Promise<SIWXConfig> | undefined
  const get = () =>
    (impl ??= load().then((make) => {
      if (!env) throw new Error('This sign-in config is used before Foyer started it: pass it as the `siwx` option')
      return make(o, env)
    }))
  const config: Record<string | symbol, unknown> = {
    [BindEnvironment]: (e: SiwxEnvironment) => {
      env = e
    },
    getRequired: () => !!o.required,
    signOutOnDisconnect: o.signOutOnDisconnect ?? true,
  }
  for (const m of ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions', ...methods])
    config[m] = (...args: unknown[]) =>
      get().then((c) => (c as unknown as Record<string, (...a: unknown[]) => unknown>)[m](...args))
  return config as unknown as SIWXConfig
}

/** Sessions verified by the Foyer server (`apiUrl`): it issues nonces and answers a JWT a host backend can check. */
export function createServerSiwx(options: ReadySiwxOptions = {}): SIWXConfig & SiwxEmailCapture {
  return lazyConfig(
    options,
    () => import('./plugins/siwx/ready/server.js').then((m) => m.createServerConfig),
    // email capture (DataCapture) confirms emails through the server
    ['accountEmail', 'sendEmailCode', 'confirmEmail'],
  ) as SIWXConfig & SiwxEmailCapture
}

/** Sessions verified in the browser and kept in its storage (no server; a host backend cannot trust them). */
export function createLocalSiwx(options: ReadySiwxOptions = {}): SIWXConfig {
  return lazyConfig(options, () => import('./plugins/siwx/ready/local.js').then((m) => m.createLocalConfig))
}
