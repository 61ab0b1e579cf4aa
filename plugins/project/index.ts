// Project rules (SPEC §4, §5, §7): the remote project config over the host's local features, the origin check that
// email and social login need, analytics and error reports to the operator's own server, and the legal consent.
import { definePlugin, type PluginDefinition, type ProjectState } from '../../kernel/index.js'
import { createAnalytics, type Analytics } from './analytics.js'
import { initHandler, type ProjectSeams } from './project.handlers.js'
import { projectSlice } from './project.state.js'
import { trackKernelFacts } from './tracking.js'

/** Creates the project plugin (one per kernel). */
export function createProjectPlugin(seams: ProjectSeams = {}): PluginDefinition<ProjectState> {
  let analytics: Analytics | undefined
  let init: ReturnType<typeof initHandler> | undefined
  const ready = () => {
    if (!analytics || !init) throw new Error('project plugin is not set up')
    return { analytics, init }
  }
  return definePlugin<ProjectState>({
    id: 'project',
    state: projectSlice,
    handlers: {
      'project/init': (input, ctx) => ready().init(input, ctx),
      'project/reportError': (report) => ready().analytics.reportError(report),
      'legal/setAccepted': ({ accepted }, ctx) => ctx.emit('legal/acceptanceChanged', { accepted }),
    },
    setup(ctx) {
      analytics = createAnalytics({
        http: ctx.http,
        getState: ctx.getState,
        now: () => ctx.clock.now(),
        enabled: ctx.options.telemetry !== false,
        ...(seams.location ? { location: seams.location } : {}),
        forbidden: () =>
          void ctx.request('alert/show', { alert: 'invalidAppConfiguration', once: true }).catch(() => undefined),
      })
      init = initHandler({ options: ctx.options, analytics, origin: seams.origin })
      return trackKernelFacts(ctx, analytics)
    },
  })
}
