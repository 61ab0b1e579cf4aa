// Feature gating (SPEC §6, §9): one place that says whether a feature is on, with SPEC's defaults for flags the host
// and the remote config left unset, and SPEC §6's rules on top (basic mode, payments, the origin check).
import type { KernelState } from '../types.js'
import type {} from './project.js'
import { FeatureDefaults, isRemoteFeature } from '../../protocol/features.js'

/**
 * True when feature `name` is on: the host's or remote config's value, else SPEC's default; off in basic mode for
 * remote features; email, socials and passkeys also need payments off and this page's origin allowed (SPEC §6).
 */
export function isFeatureEnabled(state: KernelState, name: string): boolean {
  if (state.config.basic && isRemoteFeature(name)) return false
  if (
    (name === 'email' || name === 'socials' || name === 'passkeys') &&
    (state.project?.originAllowed === false || isFeatureEnabled(state, 'payments'))
  )
    return false
  const value = state.config.features[name]
  // A list (e.g. `socials: ['google', 'github']`) is on when it is not empty; any other value is read as a flag.
  if (Array.isArray(value)) return value.length > 0
  if (value === undefined || value === null) return FeatureDefaults[name] ?? false
  return value !== false
}
