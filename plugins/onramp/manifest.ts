// The on-ramp plugin's eager manifest: the Account "Buy" action (gated by the manifest's feature) and the three views
// (SPEC §2, legal footer). Kept minimal: it is in the initial bundle.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the on-ramp plugin. */
export const onrampManifest = defineManifest({
  id: 'onramp',
  feature: 'onramp',
  views: {
    OnRampProviders: { title: 'Buy', footer: 'legal', needs: ['connection'] },
    OnRampTokenSelect: { title: 'Select token', footer: 'legal', needs: ['connection', 'onramp.offer'] },
    OnRampFiatSelect: { title: 'Select currency', footer: 'legal', needs: ['connection', 'onramp.offer'] },
  },
  requests: ['onramp/fetchOptions', 'onramp/select', 'onramp/changeAmount', 'onramp/openProvider'],
  entries: [
    { point: 'account-action', id: 'onramp', view: 'OnRampProviders', label: 'Buy', namespaces: ['eip155', 'solana'] },
  ],
  load: () => import('./index.js').then((m) => m.createOnRampPlugin()),
})
