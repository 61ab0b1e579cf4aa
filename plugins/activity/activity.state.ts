// The `activity` slice: the active account's transactions on the active network, in the order the server pages
// them, with the cursor of the next page (null at the end).
import type { SliceSpec } from '../../kernel/index.js'
import type { ActivityItem } from './activity.rules.js'

/** Which account and network the list belongs to. */
export interface ActivityKey {
  caipAddress: string
  caipNetworkId: string
}

/** The `activity` slice. */
export interface ActivityState {
  caipAddress?: string
  caipNetworkId?: string
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  items: ActivityItem[]
  /** The cursor of the next page; null when the list is whole. */
  next: string | null
  /** A next page is being loaded. */
  loadingMore: boolean
}

declare module '../../kernel/index.js' {
  interface KernelState {
    /** Present once the activity plugin has loaded. */
    activity?: ActivityState
  }
  interface RequestMap {
    /** Loads the first page of the active account's transactions on the active network (cache 15 s). */
    'activity/fetch': { input: void; output: void }
    /** Loads the next page, when there is one. */
    'activity/fetchMore': { input: void; output: void }
  }
  interface EventMap {
    'activity/requested': ActivityKey & { more: boolean }
    'activity/loaded': ActivityKey & { items: ActivityItem[]; next: string | null; more: boolean }
    'activity/failed': ActivityKey & { message: string }
  }
}

const empty = (): ActivityState => ({ status: 'idle', items: [], next: null, loadingMore: false })

// An event about another account or network than the slice's starts the list over for that one.
function focus(s: ActivityState, key: ActivityKey): void {
  if (s.caipAddress === key.caipAddress && s.caipNetworkId === key.caipNetworkId) return
  Object.assign(s, empty(), key)
}

/** The slice. */
export const activitySlice: SliceSpec<ActivityState> = {
  init: empty,
  on: {
    'activity/requested': (s, p) => {
      focus(s, p)
      if (p.more) s.loadingMore = true
      // a reload keeps the rows on screen; only a first load shows the spinner
      else if (s.status !== 'loaded') s.status = 'loading'
    },
    'activity/loaded': (s, p) => {
      focus(s, p)
      s.status = 'loaded'
      s.items = p.more ? [...s.items, ...p.items.filter((i) => !s.items.some((x) => x.id === i.id))] : p.items
      s.next = p.next
      s.loadingMore = false
    },
    // SPEC §8: a failure shows an empty list (and the snackbar, which the handler asks for)
    'activity/failed': (s, p) => {
      focus(s, p)
      Object.assign(s, empty(), { status: 'failed' })
    },
    'wallet/disconnected': (s) => {
      delete s.caipAddress
      delete s.caipNetworkId
      Object.assign(s, empty())
    },
  },
}
