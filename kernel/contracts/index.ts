// The kernel-owned plugins, in reducer order.
import type { PluginDefinition } from '../plugin.js'
import { accountPlugin } from './account.js'
import { connectorsPlugin } from './connectors.js'
import { initializationPlugin } from './initialization.js'
import { requestsPlugin } from './requests.js'
import { configPlugin, type ConfigState } from './config.js'
import { modalPlugin } from './modal.js'
import { navigationPlugin } from './navigation.js'
import { noticesPlugins } from './notices.js'
import { routerPlugin } from './router.js'
import { themePlugin, type ThemeState } from './theme.js'

/** What the core plugins need from the host's options. */
export interface CoreOptions {
  config: ConfigState
  embedded?: boolean
  theme?: Partial<ThemeState>
}

/** The core plugins: config, account, connectors, initialization, requests, modal, router, navigation, snackbar, alert, theme. */
export function corePlugins(o: CoreOptions): PluginDefinition[] {
  return [
    configPlugin(o.config),
    accountPlugin,
    connectorsPlugin,
    initializationPlugin,
    requestsPlugin,
    modalPlugin(!!o.embedded),
    routerPlugin,
    navigationPlugin(),
    ...noticesPlugins(),
    themePlugin(o.theme),
  ]
}
