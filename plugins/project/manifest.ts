// The project plugin's eager manifest. SPEC §4 initialization (remote features, origin check) starts in an idle moment
// after the page has loaded, off the first paint; with `telemetry: false` only when the visitor first opens the modal.
// Analytics (INITIALIZE included) and error reports load later still, with the visitor's first act.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the project plugin. */
export const projectManifest = defineManifest({
  id: 'project',
  requests: ['project/init', 'project/reportError', 'legal/setAccepted'],
  boot(ctx) {
    let started = false
    const init = () => {
      if (!started) ctx.request('project/init').catch(() => undefined)
      started = true
    }
    ctx.on('modal/opened', init)
    ctx.on('view/pushed', init)
    if (ctx.options.telemetry === false) return
    const idle = globalThis.requestIdleCallback ?? ((f: () => void) => f())
    const later = () => ctx.clock.setTimeout(() => idle(init, { timeout: 2000 }), 0)
    if (typeof document === 'undefined' || document.readyState === 'complete') later()
    else addEventListener('load', later, { once: true })
  },
  load: () => import('./index.js').then((m) => m.createProjectPlugin()),
})
