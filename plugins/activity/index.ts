// The activity plugin: the Account's Activity tab (EVM), transactions from the project's server with cursor paging.
import { definePlugin, isConnected, type PluginDefinition } from '../../kernel/index.js'
import { fetchActivity, fetchMoreActivity } from './activity.handlers.js'
import { activitySlice, type ActivityState } from './activity.state.js'
import { ActivityView } from './views/ActivityView.js'

const connected = (_e: unknown, s: Parameters<typeof isConnected>[0]) => isConnected(s)

/** Creates the activity plugin. */
export function createActivityPlugin(): PluginDefinition<ActivityState> {
  return definePlugin<ActivityState>({
    id: 'activity',
    state: activitySlice,
    views: { AccountActivity: { component: ActivityView } },
    handlers: { 'activity/fetch': fetchActivity, 'activity/fetchMore': fetchMoreActivity },
    // the list follows the account: a new connection, account or network, and each opening of the modal (the 15 s
    // cache answers when nothing is due)
    reactions: [
      { on: 'wallet/connected', request: 'activity/fetch' },
      { on: 'wallet/accountChanged', when: connected, request: 'activity/fetch' },
      { on: 'network/switched', when: connected, request: 'activity/fetch' },
      { on: 'modal/opened', when: connected, request: 'activity/fetch' },
    ],
    setup(ctx) {
      // the plugin loads when its tab is first shown: load what it shows now
      if (isConnected(ctx.getState())) ctx.request('activity/fetch').catch(() => undefined)
    },
  })
}
