// The Networks plugin: the first optional section, loaded as its own chunk the first time Networks opens.
import { definePlugin } from '../../kernel/index.js'
import { selectNetwork } from './networks.handlers.js'
import { NetworksView } from './views/NetworksView.js'

/** The Networks plugin definition. */
export const networksPlugin = definePlugin({
  id: 'networks',
  views: { Networks: { component: NetworksView, title: 'Choose Network', footer: 'default' } },
  handlers: { 'networks/select': selectNetwork },
})
