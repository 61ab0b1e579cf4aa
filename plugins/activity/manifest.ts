// The activity plugin's eager manifest: the Account's Activity tab (EVM, SPEC §9; behind the activity feature).
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the activity plugin. */
export const activityManifest = defineManifest({
  id: 'activity',
  views: { AccountActivity: { needs: ['connection'] } },
  requests: ['activity/fetch', 'activity/fetchMore'],
  entries: [
    {
      point: 'account-tab',
      id: 'activity',
      view: 'AccountActivity',
      label: 'Activity',
      namespaces: ['eip155'],
      feature: 'activity',
    },
  ],
  load: () => import('./index.js').then((m) => m.createActivityPlugin()),
})
