// The Networks plugin's eager manifest: the Networks view (loaded the first time it opens).
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the networks plugin. */
export const networksManifest = defineManifest({
  id: 'networks',
  views: { Networks: { title: 'Choose Network', footer: 'default' } },
  requests: ['networks/select', 'networks/add', 'networks/remove'],
  load: () => import('./index.js').then((m) => m.createNetworksPlugin()),
})
