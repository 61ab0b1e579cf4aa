// The email plugin's eager manifest: the Connect method (SPEC §9: email first) and its two views.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the email plugin. */
export const emailManifest = defineManifest({
  id: 'email',
  feature: 'email',
  views: {
    EmailLogin: { title: 'Continue with Email' },
    UpdateEmailWallet: { title: 'Edit Email', needs: ['connection', 'auth.user.email'] },
  },
  entries: [
    {
      point: 'connect-method',
      id: 'email',
      view: 'EmailLogin',
      label: 'Continue with email',
      icon: 'mail',
      feature: 'email',
      testId: 'connect-email-button',
    },
  ],
  load: () => import('./index.js').then((m) => m.createEmailPlugin()),
})
