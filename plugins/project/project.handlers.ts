// SPEC §4 initialization: INITIALIZE, the remote project config (skipped in basic mode) and the origin check (when
// email or socials are on, as the product does), each answer cached for a while so a reload asks again only later.
import {
  HttpError,
  isFeatureEnabled,
  type HandlerContext,
  type HostOptions,
  type KernelState,
  type ShowAlertInput,
} from '../../kernel/index.js'
import { applyRemoteFeatures, parseRemoteFeatures } from './remote.js'

/** How long a project config or allowed-origins answer is reused. */
export const ProjectCacheMs = 5 * 60_000

/** How long opening the modal waits for the project's server before local settings apply. */
export const ProjectTimeoutMs = 5_000

const CacheKey = 'project_cache'

// SPEC §8: loading the app configuration can fail as RATE_LIMITED, SERVER_ERROR (with detail) or an unknown project.
function failureAlert(error: unknown): ShowAlertInput | undefined {
  if (!(error instanceof HttpError)) return undefined
  if (error.status === 429) return { alert: 'rateLimited', once: true }
  if (error.status >= 500) return { alert: 'serverError', once: true, detail: error.reason ?? error.message }
  if (error.status === 401 || error.status === 404) return { alert: 'invalidProjectId', once: true }
  return undefined
}

/** Test seams of the project plugin: the page's origin and address. */
export interface ProjectSeams {
  origin?: string
  location?: { href: string; hostname: string }
}

/** What one kernel's initialization needs. */
export interface InitDeps {
  options: Readonly<HostOptions>
  /** Called as initialization starts, with the state SPEC §7's INITIALIZE reports. */
  initialized(s: KernelState): void
  /** The page's origin (tests pass their own). */
  origin?: string
}

/** The `project/init` handler: runs once per kernel, whoever asks first. */
export function initHandler(deps: InitDeps) {
  let running: Promise<void> | undefined
  return (_input: void, ctx: HandlerContext) => (running ??= init(deps, ctx))
}

async function init({ options, initialized, origin }: InitDeps, ctx: HandlerContext): Promise<void> {
  const { config } = ctx.getState()
  initialized(ctx.getState())
  // SPEC §8 APKT001: the host asked to start on a network it did not configure (the first one is used instead).
  const wanted = options.defaultNetwork
  if (wanted && !config.networks.some((n) => n.caipNetworkId === wanted))
    void ctx.request('alert/show', { alert: 'networkNotFound', detail: `(defaultNetwork "${wanted}")` })
  // One stored answer per endpoint, kept for ProjectCacheMs and for this API and project only.
  const load = async (what: 'config' | 'origins') => {
    const key = `${CacheKey}_${what}`
    const tag = `${options.apiUrl ?? ''}|${config.projectId}`
    const hit = ctx.storage.get<{ tag?: string; at?: number; body?: unknown }>(key)
    if (hit?.tag === tag && ctx.clock.now() - (hit.at ?? -Infinity) < ProjectCacheMs) return hit.body
    const body = await ctx.http.get<unknown>({
      path: `v1/projects/${config.projectId}/${what}`,
      // The modal waits for this answer (SPEC §4), so a server that does not answer must not keep it shut.
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(ProjectTimeoutMs)]),
    })
    ctx.storage.set(key, { tag, at: ctx.clock.now(), body })
    return body
  }
  const fail = (error: unknown) => {
    const alert = failureAlert(error)
    if (alert) return ctx.request('alert/show', alert)
    console.warn('[foyer] could not load the project configuration; local settings apply.', error)
  }

  if (config.basic) ctx.emit('project/configApplied', { source: 'local', ignored: [] })
  else {
    try {
      const features = parseRemoteFeatures(await load('config'))
      if (!features) throw new Error('the project config answer has no feature list')
      const applied = applyRemoteFeatures(options.features, features)
      ctx.emit('config/featuresChanged', { features: applied.features })
      ctx.emit('project/configApplied', { source: 'remote', ignored: applied.ignored })
      if (applied.ignored.length)
        await ctx.request('alert/show', { alert: 'localConfigIgnored', detail: applied.ignored.join(', ') })
    } catch (error) {
      ctx.emit('project/configApplied', { source: 'local', ignored: [] })
      await fail(error)
    }
  }

  // SPEC §5/§6: the origin matters for email and social login only, so it is checked only when one is on.
  const s = ctx.getState()
  if (!isFeatureEnabled(s, 'email') && !isFeatureEnabled(s, 'socials')) return
  const here = origin ?? globalThis.location?.origin
  if (!here) return
  try {
    const listed = (await load('origins')) as { allowedOrigins?: unknown } | null
    const list = Array.isArray(listed?.allowedOrigins)
      ? listed.allowedOrigins.filter((x): x is string => typeof x === 'string')
      : []
    // An exact entry allows; otherwise the matcher (loaded only then) decides on the list and SPEC §5's defaults
    // (wildcards, ports, IP literals, punycode). An empty list leaves the defaults alone, never every origin.
    const matcher = () => import('../../protocol/origins.js')
    const allowed =
      list.includes(here) || (await matcher().then((m) => m.originAllowed(here, [...list, ...m.DefaultAllowedOrigins])))
    ctx.emit('project/originChecked', { allowed })
    if (!allowed) await ctx.request('alert/show', { alert: 'originNotAllowed', detail: `(${here})` })
  } catch (error) {
    await fail(error)
  }
}
