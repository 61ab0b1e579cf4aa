// The built-in plugins as the package entry composes them: tiny eager manifests; each implementation is its own chunk.
import type { PluginManifest } from '../kernel/index.js'
import { activityManifest } from './activity/manifest.js'
import { authManifest } from './auth/manifest.js'
import { emailManifest } from './email/manifest.js'
import { namesManifest } from './names/manifest.js'
import { namespacesManifest } from './namespaces/manifest.js'
import { onrampManifest } from './onramp/manifest.js'
import { payManifest } from './pay/manifest.js'
import { portfolioManifest } from './portfolio/manifest.js'
import { projectManifest } from './project/manifest.js'
import { receiveManifest } from './receive/manifest.js'
import { sendManifest } from './send/manifest.js'
import { siwxManifest } from './siwx/manifest.js'
import { socialManifest } from './social/manifest.js'
import { swapManifest } from './swap/manifest.js'
import { walletsManifest } from './wallets/manifest.js'

/** Manifests of the plugins Foyer ships, loaded on first use of one of their views or requests. */
export const builtinManifests: readonly PluginManifest[] = [
  walletsManifest,
  namespacesManifest,
  namesManifest,
  swapManifest,
  authManifest,
  emailManifest,
  socialManifest,
  portfolioManifest,
  activityManifest,
  receiveManifest,
  sendManifest,
  onrampManifest,
  payManifest,
  siwxManifest,
  projectManifest,
]

/** Foyer's built-in plugins, as the package entry composes them into createFoyer. */
export const builtins = { plugins: [...builtinManifests] }
