// Project rules (SPEC §4, §5, §7): the remote project config over the host's local features, the origin check that
// email and social login need, analytics and error reports to the operator's own server, and the legal consent.
// This core loads before the first click (SPEC §4 initialization), so it stays small: analytics and error reports
// (./tracking.js) load with the visitor's first act — the modal's first opening, a connection, an error — and then
// send INITIALIZE as initialization found the set-up, and each fact as the state was when it happened.
import { definePlugin, type KernelState, type PluginDefinition, type ProjectState } from '../../kernel/index.js'
import type { Analytics } from './analytics.js'
import { initializeProperties, TrackedFacts, type TrackedFact } from './facts.js'
import { initHandler, type ProjectSeams } from './project.handlers.js'
import { projectSlice } from './project.state.js'

type Tracking = typeof import('./tracking.js')

/** Creates the project plugin (one per kernel). */
export function createProjectPlugin(seams: ProjectSeams = {}): PluginDefinition<ProjectState> {
  // Work for the analytics sender: `later` waits for it to load, `now` loads it (telemetry: false never does).
  let loaded: Promise<{ m: Tracking; a: Analytics }> | undefined
  let now: (use?: (m: Tracking, a: Analytics) => unknown) => void = () => {}
  const waiting: Array<(m: Tracking, a: Analytics) => unknown> = []
  const later = (use: (m: Tracking, a: Analytics) => unknown) =>
    loaded ? void loaded.then(({ m, a }) => use(m, a)) : waiting.push(use)
  let init: ReturnType<typeof initHandler> | undefined
  return definePlugin<ProjectState>({
    id: 'project',
    state: projectSlice,
    handlers: {
      'project/init': (input, ctx) => {
        if (!init) throw new Error('project plugin is not set up')
        return init(input, ctx)
      },
      'project/reportError': (report) => now((_m, a) => a.reportError(report)),
      'legal/setAccepted': ({ accepted }, ctx) => ctx.emit('legal/acceptanceChanged', { accepted }),
    },
    setup(ctx) {
      init = initHandler({
        options: ctx.options,
        origin: seams.origin,
        initialized: (s: KernelState) =>
          later((_m, a) => a.track('INITIALIZE', { properties: initializeProperties(s, ctx.options.sdkVersion) }, s)),
      })
      if (ctx.options.telemetry === false) return
      now = (use) => {
        loaded ??= import('./tracking.js').then((m) => {
          const a = m.createAnalytics({
            http: ctx.http,
            getState: ctx.getState,
            now: () => ctx.clock.now(),
            enabled: true,
            ...(seams.location ? { location: seams.location } : {}),
            forbidden: () =>
              void ctx.request('alert/show', { alert: 'invalidAppConfiguration', once: true }).catch(() => undefined),
          })
          for (const f of waiting.splice(0)) void f(m, a)
          return { m, a }
        })
        if (use) void loaded.then(({ m, a }) => use(m, a))
      }
      const offs = [
        ctx.on('modal/opened', () => now()),
        ...TrackedFacts.map((type) =>
          ctx.on(type, (e) => {
            // Judged on the state when it happened, whenever the sender has loaded.
            const fact = { type, payload: e.payload } as TrackedFact
            const s = ctx.getState()
            now((m, a) => m.trackFact(a, fact, s))
          }),
        ),
      ]
      return () => offs.forEach((off) => off())
    },
  })
}
