// The embedded wallet's connector: the secure frame behind the `auth/*` requests, turned into bridged connections of
// the namespaces plugin. Login UIs (the email plugin now, social next) drive it through the kernel's auth requests.
import {
  authLoggerEnabled,
  definePlugin,
  type AuthState,
  type PluginContext,
  type PluginDefinition,
} from '../../kernel/index.js'
import { authHandlers } from './auth.handlers.js'
import { authSlice } from './auth.state.js'
import { createFrameTransport, DEFAULT_SECURE_SITE_URL, type FrameTransport } from './frame.js'
import { authLog } from './log.js'
import { authRpc, rejectPending } from './rpc.js'
import { createApproveTransactionView } from './views/ApproveTransactionView.js'
import { AuthAccountView } from './views/AuthAccountView.js'
import { createPasskeyViews } from './views/PasskeyViews.js'

/** Creates the auth plugin (one per kernel: it owns that kernel's frame). */
export function createAuthPlugin(): PluginDefinition<AuthState> {
  let pctx: PluginContext | undefined
  let transport: FrameTransport | undefined
  const ctx = () => {
    if (!pctx) throw new Error('auth plugin is not set up')
    return pctx
  }
  const frame = (): FrameTransport => {
    if (transport) return transport
    const t = createFrameTransport({
      secureSiteUrl: ctx().options.secureSiteUrl ?? DEFAULT_SECURE_SITE_URL,
      projectId: ctx().options.projectId,
      clock: ctx().clock,
      log: (m) => authLog(ctx().options, 'warn', m),
      quiet: !authLoggerEnabled(ctx().options),
      // SPEC §8: iframe load failed, iframe request timeout, unverified domain
      onAlert: (alert) =>
        void ctx()
          .request('alert/show', { alert })
          .catch(() => undefined),
    })
    transport = t
    // the frame follows the modal's theme from its first message on
    void t.ready().then(syncTheme, () => undefined)
    return t
  }
  const syncTheme = () => {
    if (!transport?.element()) return
    const { mode, variables } = ctx().getState().theme
    const themeVariables = Object.fromEntries(
      Object.entries(variables ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
    )
    transport.request('SYNC_THEME', { themeMode: mode, themeVariables }).catch(() => undefined)
  }
  const { PasskeyLoginView, PasskeysView } = createPasskeyViews(frame)
  return definePlugin<AuthState>({
    id: 'auth',
    state: authSlice,
    views: {
      ApproveTransaction: { component: createApproveTransactionView(() => transport) },
      AuthAccount: { component: AuthAccountView },
      PasskeyLogin: { component: PasskeyLoginView },
      Passkeys: { component: PasskeysView },
    },
    handlers: {
      ...authHandlers(frame, () => ctx().options),
      'auth/rpc': (call, hc) => authRpc(call, hc, frame(), (m) => authLog(ctx().options, 'error', m)),
      // SPEC §2: leaving ConnectingFarcaster disconnected; a fresh frame forgets the channel it was waiting on
      'auth/reloadConnector'() {
        transport?.destroy()
        transport = undefined
      },
    },
    // Shown only on the embedded wallet's own connections, which exist only once this plugin has loaded.
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
    reactions: [
      // SPEC §4: after an approved request the native balance refreshes.
      {
        on: 'auth/approvalSettled',
        when: (e) => e.payload.ok,
        request: 'account/fetchBalance',
        optional: true,
      },
    ],
    setup(c) {
      pctx = c
      const offs = [
        // SPEC §2: closing the modal with no transaction stack rejects what waits for approval.
        c.on('modal/closed', (e) => {
          if (e.payload.rejectPending) void rejectPending(transport)
        }),
        c.on('theme/modeChanged', syncTheme),
        c.on('theme/variablesChanged', syncTheme),
      ]
      return () => {
        for (const off of offs) off()
        transport?.destroy()
        transport = undefined
        pctx = undefined
      }
    },
  })
}
