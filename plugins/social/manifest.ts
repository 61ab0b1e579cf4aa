// The social plugin's eager manifest: the `social` Connect method (SPEC §9 order: email, social, wallet), its views,
// and the way back from a redirect login: SPEC §2's only address-bar parameter, `result_uri`, read then removed.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the social plugin. */
export const socialManifest = defineManifest({
  id: 'social',
  feature: 'socials',
  views: {
    SocialLogin: {},
    ConnectingSocial: { title: 'Log in', needs: ['data'] },
    ConnectingFarcaster: { title: 'Farcaster', needs: ['social.provider'] },
  },
  requests: ['social/connect', 'social/finishRedirect', 'social/connectFarcaster'],
  entries: [{ point: 'connect-method', id: 'social', view: 'SocialLogin', label: 'Social', inline: true }],
  // SPEC §2: back from a redirect login; the plugin reads `result_uri` and removes it from the address bar
  boot(ctx) {
    if (/[?&]result_uri=/.test(globalThis.location?.search)) ctx.request('social/finishRedirect').catch(() => undefined)
  },
  load: () => import('./index.js').then((m) => m.createSocialPlugin()),
})
