// The embedded wallet's requests: logins and account changes go to the secure frame, and each result becomes (or
// updates) the namespaces' bridged connections. Wallet RPC lives in rpc.ts.
import {
  AuthError,
  currentView,
  ErrorMessages,
  isFeatureEnabled,
  namespaceOf,
  unlessModalCloses,
  type AuthUser,
  type Handler,
  type HandlerContext,
  type HostOptions,
  type RequestName,
} from '../../kernel/index.js'
import {
  AUTH_NAMESPACES,
  defaultAccountType,
  forgetLogin,
  networkFor,
  rememberLogin,
  rememberUser,
  toBridged,
} from './connection.js'
import type { FrameTransport } from './frame.js'
import { authLog } from './log.js'
import type { AppRequestPayloads, EmbeddedLogin, LoginSiwxMessage, LoginTarget } from '../../protocol/frame/messages.js'
import { validateEmail } from './validate.js'

type Handlers = { [R in RequestName]?: Handler<R> }

/** SPEC §8 "Not connected to email or social": a request that needs the signed-in embedded wallet. */
const notConnected = () => new AuthError('notConnectedToAuth', ErrorMessages.notConnectedToAuth)

const LoginSiwxKeys = [
  'chainId',
  'domain',
  'uri',
  'version',
  'nonce',
  'issuedAt',
  'statement',
  'resources',
  'requestId',
  'expirationTime',
  'notBefore',
  'scheme',
] as const satisfies ReadonlyArray<keyof LoginSiwxMessage>

/** SPEC §6: the smart-account switch is offered only where smart accounts run and the current type is eoa. */
export function canSwitchToSmartAccount(user: AuthUser | undefined): boolean {
  return !!user && user.accountType === 'eoa' && user.smartAccountEnabledNetworks.includes(user.caipNetworkId)
}

// SPEC §8: the embedded wallet is the page's auth connector only where email or social login is on (SPEC §6).
const needAuthConnector = (ctx: HandlerContext) => {
  const s = ctx.getState()
  if (!isFeatureEnabled(s, 'email') && !isFeatureEnabled(s, 'socials'))
    throw new AuthError('noAuthConnector', ErrorMessages.noAuthConnector)
}

const sixDigits = (v: string) => {
  const otp = v.replace(/\s/g, '')
  if (!/^\d{6}$/.test(otp)) throw new AuthError('INVALID_OTP', 'Enter the 6-digit code from the email')
  return otp
}
const notSignedIn = (e: unknown) => (e as { code?: unknown }).code === 'not_signed_in'
// Wallet answers always carry a well-formed CAIP-2 id (the frame protocol checks it).
const ns = (caipNetworkId: string): string => namespaceOf(caipNetworkId) ?? 'eip155'

/** Connects every namespace the app and the wallet share; the active namespace last, so it stays active. */
async function adoptAll(ctx: HandlerContext, frame: FrameTransport, user: AuthUser): Promise<void> {
  const state = ctx.getState()
  const wanted = AUTH_NAMESPACES.filter((n) => state.config.namespaces.includes(n) && n !== ns(user.caipNetworkId))
  for (const namespace of wanted) {
    const caipNetworkId = networkFor(state, namespace)
    if (!caipNetworkId) continue
    // a network the wallet does not serve stays unconnected rather than failing the login
    const view = await frame.request('GET_USER', { caipNetworkId }).catch(() => undefined)
    if (view) await ctx.request('wallet/adoptConnection', toBridged(view))
  }
  await ctx.request('wallet/adoptConnection', toBridged(user))
}

/** The handlers, over the plugin's frame and the host's options. */
export function authHandlers(getFrame: () => FrameTransport, options: () => Readonly<HostOptions>): Handlers {
  const loginNetwork = (ctx: HandlerContext) => {
    const s = ctx.getState()
    const namespace = AUTH_NAMESPACES.includes(s.account.activeNamespace ?? '') ? s.account.activeNamespace! : 'eip155'
    return networkFor(s, namespace) ?? networkFor(s, 'eip155')
  }
  const loginTarget = async (ctx: HandlerContext): Promise<LoginTarget> => {
    const caipNetworkId = loginNetwork(ctx)
    if (!caipNetworkId) return {}
    const siwxMessage = await signInFields(ctx, caipNetworkId)
    return {
      caipNetworkId,
      accountType: defaultAccountType(options(), ns(caipNetworkId)),
      ...(siwxMessage ? { siwxMessage } : {}),
    }
  }
  // SPEC §7 auth connect `siwxMessage`: with sign-in configured the login carries the message's fields and comes back
  // signed, so the visitor is not asked to sign again (the siwx plugin verifies and keeps it before the connection).
  const signInFields = async (ctx: HandlerContext, chainId: string): Promise<LoginSiwxMessage | undefined> => {
    const o = options()
    if (!(o.siwx || o.siweConfig) || !ctx.hasRequest('siwx/signInFields')) return undefined
    const f = await ctx.request('siwx/signInFields', { chainId }).catch((e: unknown) => {
      authLog(options(), 'warn', `sign-in fields for the login: ${(e as Error)?.message ?? String(e)}`)
      return undefined
    })
    if (!f) return undefined
    const { accountAddress: _unknownYet, ...rest } = f
    return Object.fromEntries(
      LoginSiwxKeys.filter((k) => rest[k] !== undefined).map((k) => [k, rest[k]]),
    ) as unknown as LoginSiwxMessage
  }
  // A login the visitor gave up on (SPEC §8: the modal closed meanwhile) rejects "Modal closed"; when the wallet
  // finishes it anyway, it is signed out again, so no session is left that nobody asked for.
  const login = async <K extends 'CONNECT_OTP' | 'CONNECT_SOCIAL' | 'CONNECT_FARCASTER' | 'CONNECT_PASSKEY'>(
    ctx: HandlerContext,
    kind: K,
    payload: AppRequestPayloads[K],
  ): Promise<void> => {
    const frame = getFrame()
    const from = currentView(ctx.getState())
    const { siwx, ...user } = (await unlessModalCloses(ctx, frame.request(kind, payload), () =>
      frame.request('SIGN_OUT', {}),
    )) as EmbeddedLogin
    rememberLogin(ctx.storage, user, ctx.clock.now())
    ctx.emit('auth/loggedIn', { user, restored: false })
    // the sign-in is kept before the connection counts, so the sign-in check that follows it finds it
    if (siwx)
      await ctx.request('siwx/acceptSessions', { sessions: [siwx] }).catch((e: unknown) => {
        // the visitor is asked to sign as before
        authLog(options(), 'warn', `the login's sign-in was refused: ${(e as Error)?.message ?? String(e)}`)
      })
    await adoptAll(ctx, frame, user)
    // every login ends alike; a view that followed it (DataCapture after the sign-in) stays
    if (ctx.getState().modal.open && currentView(ctx.getState()) === from) await ctx.request('modal/close')
  }
  return {
    async 'auth/connectEmail'(input, ctx) {
      // SPEC §6: email login needs the email feature (remote config, payments off) and an allowed page origin.
      if (!isFeatureEnabled(ctx.getState(), 'email'))
        throw new AuthError('EMAIL_NOT_ALLOWED', 'Email login is not available on this page')
      const email = validateEmail(input.email)
      const auth = ctx.getState().auth
      const wait = Math.ceil(((auth?.resendAt ?? 0) - ctx.clock.now()) / 1000)
      if (auth?.pendingEmail === email && wait > 0)
        throw new AuthError('RESEND_TOO_SOON', `Wait ${wait} seconds before asking for a new code`)
      const { resendAfterSeconds } = await getFrame().request('CONNECT_EMAIL', { email })
      ctx.emit('auth/codeSent', { email, resendAt: ctx.clock.now() + resendAfterSeconds * 1000, purpose: 'login' })
    },

    async 'auth/connectOtp'(input, ctx) {
      const otp = sixDigits(input.otp)
      await login(ctx, 'CONNECT_OTP', { otp, ...(await loginTarget(ctx)) })
    },

    async 'auth/socialUri'(input) {
      return getFrame().request('GET_SOCIAL_URI', input)
    },

    async 'auth/connectSocial'({ provider, resultUri }, ctx) {
      await login(ctx, 'CONNECT_SOCIAL', { provider, uri: resultUri, ...(await loginTarget(ctx)) })
    },

    async 'auth/farcasterUri'() {
      return getFrame().request('GET_FARCASTER_URI', {})
    },

    async 'auth/connectFarcaster'(_input, ctx) {
      await login(ctx, 'CONNECT_FARCASTER', await loginTarget(ctx))
    },

    async 'auth/connectPasskey'(_input, ctx) {
      // issue 36: like email, a passkey needs its feature (off unless the operator turns it on) and an allowed origin
      if (!isFeatureEnabled(ctx.getState(), 'passkeys'))
        throw new AuthError('PASSKEY_NOT_ALLOWED', 'Passkey login is not available on this page')
      await login(ctx, 'CONNECT_PASSKEY', await loginTarget(ctx))
    },

    async 'auth/addPasskey'(_input, ctx) {
      if (!ctx.getState().auth?.user) throw notConnected()
      // the visitor's click in the frame starts the ceremony; it may take as long as they need
      const { passkeys } = await getFrame().request('ADD_PASSKEY', {}, { timeoutMs: 0 })
      ctx.emit('auth/passkeysListed', { passkeys })
      await ctx.request('snackbar/show', { variant: 'success', message: 'Passkey added' })
    },

    async 'auth/listPasskeys'(_input, ctx) {
      if (!ctx.getState().auth?.user) throw notConnected()
      const { passkeys } = await getFrame().request('LIST_PASSKEYS', {})
      ctx.emit('auth/passkeysListed', { passkeys })
    },

    async 'auth/removePasskey'({ id }, ctx) {
      if (!ctx.getState().auth?.user) throw notConnected()
      const { passkeys } = await getFrame().request('REMOVE_PASSKEY', { id })
      ctx.emit('auth/passkeysListed', { passkeys })
      await ctx.request('snackbar/show', { variant: 'success', message: 'Passkey removed' })
    },

    async 'auth/cancelPasskey'() {
      await getFrame()
        .request('CANCEL_PASSKEY', {})
        .catch(() => undefined)
    },

    'auth/resetLogin'(_input, ctx) {
      ctx.emit('auth/loginReset', {})
    },

    async 'auth/reconnect'({ namespace }, ctx) {
      const caipNetworkId = networkFor(ctx.getState(), namespace)
      if (!caipNetworkId || !AUTH_NAMESPACES.includes(namespace)) return undefined
      let user: AuthUser
      try {
        user = await getFrame().request('GET_USER', {
          caipNetworkId,
          accountType: defaultAccountType(options(), namespace),
        })
      } catch (e) {
        if (notSignedIn(e)) return undefined
        throw e
      }
      rememberUser(ctx.storage, user)
      if (namespace === 'eip155' || !ctx.getState().auth?.user) ctx.emit('auth/loggedIn', { user, restored: true })
      return toBridged(user)
    },

    async 'auth/disconnect'(_input, ctx) {
      // One session serves every namespace: the first namespace to leave signs out, the others follow the event.
      if (!ctx.getState().auth?.user) return
      // SPEC §9: wait at most 3 s for the frame; the visitor is signed out here either way.
      await getFrame()
        .request('SIGN_OUT', {})
        .catch(() => undefined)
      forgetLogin(ctx.storage)
      ctx.emit('auth/signedOut', {})
    },

    async 'auth/switchNetwork'({ caipNetworkId }, ctx) {
      const before = ctx.getState().account.namespaces[ns(caipNetworkId)]?.caipAddress
      const user = await getFrame().request('SWITCH_NETWORK', { caipNetworkId })
      if (ns(caipNetworkId) === 'eip155') ctx.emit('auth/userUpdated', { user })
      ctx.emit('auth/networkChanged', { caipNetworkId })
      if (before && !before.toLowerCase().endsWith(user.address.toLowerCase()))
        ctx.emit('auth/accountChanged', { namespace: ns(caipNetworkId), address: user.address })
    },

    async 'auth/setAccountType'({ accountType }, ctx) {
      needAuthConnector(ctx)
      const user = ctx.getState().auth?.user
      if (!user) throw notConnected()
      if (accountType === 'smartAccount' && !canSwitchToSmartAccount(user))
        throw new AuthError('SMART_ACCOUNT_UNAVAILABLE', 'Smart accounts are not available here')
      const next = await getFrame().request('SET_ACCOUNT_TYPE', { caipNetworkId: user.caipNetworkId, accountType })
      rememberUser(ctx.storage, next)
      ctx.emit('auth/userUpdated', { user: next })
      if (next.address !== user.address) ctx.emit('auth/accountChanged', { namespace: 'eip155', address: next.address })
    },

    async 'auth/updateEmail'(input, ctx) {
      needAuthConnector(ctx)
      if (!ctx.getState().auth?.user) throw notConnected()
      const email = validateEmail(input.email)
      const { resendAfterSeconds } = await getFrame().request('UPDATE_EMAIL', { email })
      ctx.emit('auth/codeSent', {
        email,
        resendAt: ctx.clock.now() + resendAfterSeconds * 1000,
        purpose: 'updateEmail',
      })
    },

    async 'auth/confirmEmailUpdate'(codes, ctx) {
      needAuthConnector(ctx)
      const user = ctx.getState().auth?.user
      if (!user) throw notConnected()
      const { email } = await getFrame().request('UPDATE_EMAIL_CONFIRM', {
        currentOtp: sixDigits(codes.currentOtp),
        newOtp: sixDigits(codes.newOtp),
      })
      const next = { ...user, email }
      rememberUser(ctx.storage, next)
      ctx.emit('auth/userUpdated', { user: next })
      await ctx.request('router/back')
      await ctx.request('snackbar/show', { variant: 'success', message: 'Email updated' })
    },
  }
}
