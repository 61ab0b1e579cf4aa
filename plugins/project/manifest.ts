// The project plugin's eager manifest. SPEC §4 initialization (remote features, origin check) runs when the visitor
// first opens the modal: the shell awaits it before the modal shows (so Connect never offers email or social before the
// origin check decides; the visitor's intent has already downloaded its code), and a view a plugin pushes on its own
// starts it too. Nothing of it downloads before the visitor's intent.
// Analytics (INITIALIZE included) and error reports load with the visitor's first act.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the project plugin. */
export const projectManifest = defineManifest({
  id: 'project',
  requests: ['project/init', 'project/reportError', 'legal/setAccepted'],
  boot(ctx) {
    const init = () => void ctx.request('project/init').catch(() => undefined)
    ctx.on('modal/opened', init)
    ctx.on('view/pushed', init)
  },
  load: () => import('./index.js').then((m) => m.createProjectPlugin()),
})
