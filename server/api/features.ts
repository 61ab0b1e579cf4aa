// Remote feature resolution: SPEC §9 defaults, then server-wide overrides, then the project's own.
import { REMOTE_FEATURE_IDS } from '../config/api.js'
import type { FeatureOverride, RemoteFeatureId, ServerConfig } from '../config.js'
import { getProject, type StoredProject } from '../projects/store.js'
import type { ApiDeps } from './deps.js'
import { ApiError } from './errors.js'

/** One entry of the project config response. */
export interface RemoteFeature {
  id: RemoteFeatureId
  isEnabled: boolean
  config: unknown
}

/** SPEC §9 default social providers, in order. */
export const DEFAULT_SOCIALS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const

/**
 * SPEC §9 remote feature defaults (email and activity on, multi-wallet off), with swaps and on-ramp naming what this
 * server has instead of SPEC's vendors (1inch, meld): swaps on its chains' Uniswap V2 pools, its own "local" provider.
 */
export const DEFAULT_FEATURES: Readonly<Record<RemoteFeatureId, { isEnabled: boolean; config: unknown }>> = {
  email: { isEnabled: true, config: null },
  socials: { isEnabled: true, config: [...DEFAULT_SOCIALS] },
  swaps: { isEnabled: true, config: ['uniswap-v2'] },
  onramp: { isEnabled: true, config: ['local'] },
  activity: { isEnabled: true, config: null },
  reownBranding: { isEnabled: true, config: null },
  multiWallet: { isEnabled: false, config: null },
  emailCapture: { isEnabled: false, config: null },
  payWithExchange: { isEnabled: false, config: null },
  payments: { isEnabled: false, config: null },
  reownAuthentication: { isEnabled: false, config: null },
  // issue 36: the embedded wallet's passkey login, until the operator turns it on
  passkeys: { isEnabled: false, config: null },
}

function apply(
  base: { isEnabled: boolean; config: unknown },
  o: FeatureOverride | undefined,
): { isEnabled: boolean; config: unknown } {
  if (!o) return base
  return { isEnabled: o.isEnabled ?? base.isEnabled, config: o.config !== undefined ? o.config : base.config }
}

/**
 * The feature list for a (lower-cased) project id, in REMOTE_FEATURE_IDS order: defaults, then server-wide overrides,
 * then the config file's project, then the project stored through the admin API.
 */
export function resolveFeatures(config: ServerConfig, projectId: string, stored?: StoredProject): RemoteFeature[] {
  const project = findProject(config, projectId)
  return REMOTE_FEATURE_IDS.map((id) => {
    const merged = apply(
      apply(apply(DEFAULT_FEATURES[id], config.features[id]), project?.features?.[id]),
      stored?.features?.[id],
    )
    return { id, isEnabled: merged.isEnabled, config: merged.config }
  })
}

/** The allowed origins for a project: its own list (stored, else configured) when it has one, else the server's. */
export function resolveAllowedOrigins(config: ServerConfig, projectId: string, stored?: StoredProject): string[] {
  if (stored?.allowedOrigins.length) return [...stored.allowedOrigins]
  // An empty project list is no list (SPEC §5: the project's list or the defaults), never "every origin" nor none.
  const configured = findProject(config, projectId)?.allowedOrigins
  return [...(configured?.length ? configured : config.allowedOrigins)]
}

/**
 * The stored project of a request, if any; with `requireKnownProjects`, a project neither stored nor configured
 * answers 404 project_not_found (the client shows SPEC §8's invalid-project-id alert).
 */
export async function projectOfRequest(deps: ApiDeps, projectId: string): Promise<StoredProject | undefined> {
  const stored = await getProject(deps.store, projectId)
  if (deps.config.requireKnownProjects && !stored && !findProject(deps.config, projectId))
    throw new ApiError(404, 'project_not_found', `Project ${projectId} is not known to this server`, [
      { field: 'projectId', description: 'create it first (npm run project -- create) or ask the operator' },
    ])
  return stored
}

function findProject(config: ServerConfig, projectId: string) {
  // Config keys may be written in either case; request ids are lower-cased before lookup.
  const key = Object.keys(config.projects).find((k) => k.toLowerCase() === projectId)
  return key === undefined ? undefined : config.projects[key]
}
