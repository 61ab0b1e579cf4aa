// The on-ramp plugin's eager manifest: the Account "Buy" action and the three views (SPEC §2, legal footer).
import { defineManifest } from '../../kernel/index.js'

const legal = 'legal' as const

/** Manifest of the on-ramp plugin. */
export const onrampManifest = defineManifest({
  id: 'onramp',
  feature: 'onramp',
  views: {
    OnRampProviders: { title: 'Buy', footer: legal },
    OnRampTokenSelect: { title: 'Select token', footer: legal },
    OnRampFiatSelect: { title: 'Select currency', footer: legal },
  },
  requests: ['onramp/fetchOptions', 'onramp/select', 'onramp/changeAmount', 'onramp/openProvider'],
  entries: [
    {
      point: 'account-action',
      id: 'onramp',
      view: 'OnRampProviders',
      label: 'Buy',
      feature: 'onramp',
      namespaces: ['eip155', 'solana'],
    },
  ],
  load: () => import('./index.js').then((m) => m.createOnRampPlugin()),
})
