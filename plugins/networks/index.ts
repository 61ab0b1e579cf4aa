// The Networks plugin: the first optional section, loaded as its own chunk the first time Networks opens.
import { definePlugin, type PluginDefinition } from '../../kernel/index.js'
import { selectNetwork } from './networks.handlers.js'
import { NetworksView } from './views/NetworksView.js'

/** Creates the Networks plugin. */
export function createNetworksPlugin(): PluginDefinition {
  return definePlugin({
    id: 'networks',
    views: { Networks: { component: NetworksView } },
    handlers: { 'networks/select': selectNetwork },
  })
}
