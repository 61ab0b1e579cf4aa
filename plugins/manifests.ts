// The built-in optional plugins as tiny eager manifests; each implementation is its own lazy chunk.
import type { PluginManifest } from '../kernel/index.js'

/** Manifests of the plugins Foyer ships, loaded on first use of one of their views or requests. */
export const builtinManifests: PluginManifest[] = [
  { id: 'networks', views: ['Networks'], requests: ['networks/select'], load: () => import('./networks/index.js').then((m) => m.networksPlugin) },
  { id: 'wallets', views: ['AllWallets'], requests: ['wallets/fetchPage'], load: () => import('./wallets/index.js').then((m) => m.createWalletsPlugin()) },
]
