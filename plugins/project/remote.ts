// SPEC §5 remote project config: the server's feature list overrides the host's local feature settings, and the
// local settings it overrides are listed for the SPEC §8 "local configuration ignored" warning.
import { isRemoteFeature } from '../../kernel/index.js'

/** One entry of the project config answer (SPEC §7: id, isEnabled, config). */
export interface RemoteFeature {
  id: string
  isEnabled: boolean
  config: unknown
}

/** The features a remote config sets and the local settings it overrode (as `"features.<id>"`). */
export interface AppliedConfig {
  features: Record<string, unknown>
  ignored: string[]
}

/** The feature list of a project config answer; undefined when the answer is not one (treated as a failure). */
export function parseRemoteFeatures(body: unknown): RemoteFeature[] | undefined {
  const list = (body as { features?: unknown } | null)?.features
  if (!Array.isArray(list)) return undefined
  const out: RemoteFeature[] = []
  for (const f of list) {
    if (!f || typeof f !== 'object') return undefined
    const { id, isEnabled, config } = f as Record<string, unknown>
    if (typeof id !== 'string' || typeof isEnabled !== 'boolean') return undefined
    out.push({ id, isEnabled, config })
  }
  return out
}

/**
 * What a successful remote config does to the local features: every remote feature it lists takes the server's
 * value (a provider list when it has one, else on/off); a local setting of such a feature is ignored and listed.
 */
export function applyRemoteFeatures(local: Readonly<Record<string, unknown>> | undefined, remote: RemoteFeature[]) {
  const applied: AppliedConfig = { features: {}, ignored: [] }
  for (const f of remote) {
    if (!isRemoteFeature(f.id) || f.id in applied.features) continue
    const list = Array.isArray(f.config) && f.config.every((x) => typeof x === 'string') ? f.config : undefined
    applied.features[f.id] = f.isEnabled && (list?.length ? [...list] : !list)
    if (local?.[f.id] !== undefined) applied.ignored.push(`"features.${f.id}"`)
  }
  return applied
}
