// The auth plugin's eager manifest: the embedded wallet's requests (logins, account type, the bridged connector's
// auth/* requests) and its views. Its account-header line is declared by the plugin itself: it only ever shows for
// the plugin's own connections, by which time the plugin has loaded.
import { defineManifest } from '../../kernel/index.js'
import { approvalTitle } from './methods.js'

/** Manifest of the auth plugin (the embedded-wallet connector). */
export const authManifest = defineManifest({
  id: 'auth',
  views: {
    ApproveTransaction: {
      title: (s) => approvalTitle(s.auth?.approvalMethods?.[0]),
      noBack: true,
      needs: ['auth.pendingApprovals'],
    },
    AuthAccount: { needs: ['connection', 'auth.user'] },
  },
  requests: [
    'auth/connectEmail',
    'auth/connectOtp',
    'auth/resetLogin',
    'auth/updateEmail',
    'auth/confirmEmailUpdate',
    'auth/setAccountType',
    'auth/socialUri',
    'auth/connectSocial',
    'auth/farcasterUri',
    'auth/connectFarcaster',
    'auth/reloadConnector',
    'auth/reconnect',
    'auth/disconnect',
    'auth/switchNetwork',
    'auth/rpc',
  ],
  load: () => import('./index.js').then((m) => m.createAuthPlugin()),
})
