// The `social` slice: which provider a login is under way with, and the Farcaster link while its channel is open.
import type { SliceSpec } from '../../kernel/index.js'
import type { SocialState } from './social.events.js'

/** The slice spec. */
export const socialSlice: SliceSpec<SocialState> = {
  init: () => ({}),
  on: {
    'social/started': (s, p) => {
      s.provider = p.provider
      s.farcasterUrl = undefined
    },
    'social/farcasterUriReceived': (s, p) => {
      s.farcasterUrl = p.url
    },
  },
}
