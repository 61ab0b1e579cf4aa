// The siwx plugin's eager manifest. Nothing of it loads unless the host configured sign-in (`siwx` or `siweConfig`).
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the siwx plugin. */
export const siwxManifest = defineManifest({
  id: 'siwx',
  views: {
    SIWXSignMessage: { needs: ['connection'] },
    DataCapture: { needs: ['connection'] },
    DataCaptureOtpConfirm: { needs: ['connection', 'siwx.pendingEmail'] },
    SIWXAccount: { needs: ['connection'] },
  },
  requests: [
    'ensureSession',
    'signMessage',
    'cancel',
    'forgetSession',
    'signInFields',
    'acceptSessions',
    'sendEmailCode',
    'confirmEmail',
  ].map((r) => `siwx/${r}`),
  // Configured: load now, so the plugin's reactions see the first (or restored) connection. (The view's title is in
  // the plugin: it is loaded before the view can open.)
  boot(ctx) {
    if (ctx.options.siwx || ctx.options.siweConfig) ctx.request('siwx/ensureSession').catch(() => undefined)
  },
  load: () => import('./index.js').then((m) => m.createSiwxPlugin()),
})
