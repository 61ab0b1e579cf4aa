// The auth plugin's eager manifest: the embedded wallet's requests (logins, account type, the bridged connector's
// auth/* requests), ApproveTransaction, and the account-header line shown only for its own connections.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the auth plugin (the embedded-wallet connector). */
export const authManifest = defineManifest({
  id: 'auth',
  views: {
    ApproveTransaction: { title: 'Approve Transaction', noBack: true },
    AuthAccount: {},
  },
  requests: [
    'auth/connectEmail',
    'auth/connectOtp',
    'auth/updateEmail',
    'auth/confirmEmailUpdate',
    'auth/setAccountType',
    'auth/reconnect',
    'auth/disconnect',
    'auth/switchNetwork',
    'auth/rpc',
  ],
  entries: [
    {
      point: 'account-header',
      id: 'auth-account',
      view: 'AuthAccount',
      label: 'Embedded wallet',
      inline: true,
      connectors: ['auth'],
    },
  ],
  load: () => import('./index.js').then((m) => m.createAuthPlugin()),
})
