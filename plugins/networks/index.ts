// The Networks plugin: the first optional section, loaded as its own chunk the first time Networks opens (or a host
// adds or removes a network).
import { definePlugin, type HostOptions, type PluginDefinition } from '../../kernel/index.js'
import { selectNetwork } from './networks.handlers.js'
import { addNetworkHandler, removeNetwork } from './runtime.handlers.js'
import { NetworksView } from './views/NetworksView.js'

/** Creates the Networks plugin. */
export function createNetworksPlugin(): PluginDefinition {
  let options: Readonly<HostOptions> = {}
  return definePlugin({
    id: 'networks',
    views: { Networks: { component: NetworksView } },
    handlers: {
      'networks/select': selectNetwork,
      'networks/add': addNetworkHandler(() => options),
      'networks/remove': removeNetwork,
    },
    setup(ctx) {
      options = ctx.options
    },
  })
}
