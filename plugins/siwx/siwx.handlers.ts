// The SPEC §4 sign-in flow: after connect (or a switch, or an account change) a missing session opens
// SIWXSignMessage; Sign asks the wallet through `wallet/signMessage` and hands the result to the host's config; Cancel
// goes back to the last signed network or disconnects when sign-in is required; setup failures disconnect.
import {
  activeCaipAddress,
  currentView,
  ErrorMessages,
  FoyerError,
  isUserRejection,
  type HandlerContext,
  type KernelState,
  type SIWXConfig,
  type SIWXMessage,
  type SIWXMessageData,
  type SIWXSession,
} from '../../kernel/index.js'
import { offerCapture } from './capture.js'
import { parseSiwxMessage, SiwxMessageError } from '../../protocol/siwx/message.js'

declare module '../../kernel/index.js' {
  interface EventMap {
    /** The visitor signed in: the host's config accepted the session. */
    'siwx/signedIn': { caipNetworkId: string; address: string }
  }
  interface RequestMap {
    /** Opens SIWXSignMessage when the connected account has no session on the active network. */
    'siwx/ensureSession': { input: void; output: void }
    /** The view's Sign: create the message, have the wallet sign it, add the session, close. */
    'siwx/signMessage': { input: void; output: void }
    /** The view's Cancel (SPEC §4). */
    'siwx/cancel': { input: void; output: void }
    /** After a disconnect: no session counts any more; sign out when the config asks for it. */
    'siwx/forgetSession': { input: { namespace: string }; output: void }
  }
}

/** Where the last network a visitor signed in on is kept (SPEC §4 cancel goes back to it). */
export const LastSignedKey = 'siwx_last_signed_network'

/** The host's config as the flow uses it, and which namespaces it signs in on. */
export interface SiwxSetup {
  config: SIWXConfig
  namespaces: string[]
}

/** The account to sign in: CAIP-2 chain (the active network of its namespace) and address. */
export function signInTarget(s: KernelState): { chainId: string; address: string; namespace: string } | undefined {
  const caip = activeCaipAddress(s)
  if (!caip) return undefined
  const [namespace, reference, address] = caip.split(':')
  const active = s.account.activeCaipNetworkId
  const chainId = active?.startsWith(`${namespace}:`) ? active : `${namespace}:${reference}`
  return { chainId, address, namespace }
}

// The message's fields as plain data (the config's object also carries its toString).
const sessionData = (m: SIWXMessage): SIWXMessageData =>
  Object.fromEntries(Object.entries(m).filter(([, v]) => typeof v !== 'function')) as unknown as SIWXMessageData

/** The request handlers over the host's config (undefined when the host configured none). */
export function siwxHandlers(setup: () => SiwxSetup | undefined) {
  const inFlight = new Map<string, Promise<void>>()
  // The account each namespace signed in with, for signing out after a disconnect (the state no longer has it).
  const signedIn = new Map<string, { chainId: string; address: string }>()
  // Sign-ins a wallet made while connecting (one step): the check after the connection finds them, and the email
  // capture still follows them as it follows a sign-in here.
  const fresh = new Set<string>()
  const freshKey = (t: { chainId: string; address: string }) => `${t.chainId}|${t.address.toLowerCase()}`

  async function ensure(ctx: HandlerContext): Promise<void> {
    const s = setup()
    const target = signInTarget(ctx.getState())
    if (!s || !target || !s.namespaces.includes(target.namespace)) return
    try {
      const sessions = await s.config.getSessions(target.chainId, target.address)
      // Another account became the active one meanwhile (a login connecting several namespaces): its own check
      // decides; a prompt for this one would ask for an account the visitor is no longer on.
      const now = signInTarget(ctx.getState())
      if (now?.chainId !== target.chainId || now.address !== target.address) return
      ctx.emit('siwx/sessionsChanged', { count: sessions.length })
      if (sessions.length) {
        ctx.storage.set(LastSignedKey, target.chainId)
        signedIn.set(target.namespace, target)
        // a restored session: its confirmed email shows again; nothing is asked (but after a one-step sign-in)
        await offerCapture(ctx, s.config, target, fresh.delete(freshKey(target)))
        return
      }
      if (!ctx.getState().modal.open || currentView(ctx.getState()) !== 'SIWXSignMessage')
        await ctx.request('modal/open', { view: 'SIWXSignMessage' })
    } catch (error) {
      // SPEC §8: setup failure disconnects and resets to Connect.
      console.error('[foyer] siwx: getSessions failed', error)
      await ctx.request('router/reset', { view: 'Connect' })
      await ctx.request('wallet/disconnect', undefined).catch(() => undefined)
      await ctx.request('snackbar/show', { variant: 'error', message: ErrorMessages.siwxInitFailed })
    }
  }

  return {
    // One check per account and chain at a time: connect, switch and account events often arrive together.
    'siwx/ensureSession'(_i: void, ctx: HandlerContext): Promise<void> {
      const t = signInTarget(ctx.getState())
      const key = t ? `${t.chainId}|${t.address}` : ''
      const running = inFlight.get(key)
      if (running) return running
      const p = ensure(ctx).finally(() => inFlight.delete(key))
      inFlight.set(key, p)
      return p
    },

    async 'siwx/signMessage'(_i: void, ctx: HandlerContext): Promise<void> {
      const s = setup()
      if (!s) throw FoyerError.of('siwxNotEnabled', { category: 'CONFIGURATION' })
      const target = signInTarget(ctx.getState())
      if (!target) throw FoyerError.of('noActiveCaipAddress', { category: 'WALLET' })
      if (!ctx.getState().account.activeCaipNetworkId || !ctx.hasRequest('wallet/signMessage'))
        throw FoyerError.of('noActiveNetworkOrClient', { category: 'WALLET' })
      try {
        const message = await s.config.createMessage({ chainId: target.chainId, accountAddress: target.address })
        const text = message.toString()
        const { signature } = await ctx.request('wallet/signMessage', { message: text, namespace: target.namespace })
        const session: SIWXSession = { data: sessionData(message), message: text, signature }
        await s.config.addSession(session)
        signedIn.set(target.namespace, target)
        ctx.storage.set(LastSignedKey, target.chainId)
        ctx.emit('siwx/signedIn', { caipNetworkId: target.chainId, address: target.address })
        ctx.emit('siwx/sessionsChanged', { count: 1 })
        // email capture, when on, follows the sign-in in the same modal
        if (!(await offerCapture(ctx, s.config, target, true))) await ctx.request('modal/close')
      } catch (error) {
        // SPEC §4: a failure reopens the view, which shows the error.
        if (!ctx.getState().modal.open || currentView(ctx.getState()) !== 'SIWXSignMessage')
          await ctx.request('modal/open', { view: 'SIWXSignMessage' })
        const reason = isUserRejection(error) ? 'the wallet declined' : reasonOf(error)
        throw FoyerError.of('signMessageFailed', { reason, cause: error, category: 'WALLET' })
      }
    },

    async 'siwx/cancel'(_i: void, ctx: HandlerContext): Promise<void> {
      const s = setup()
      if (s?.config.getRequired?.()) {
        const last = ctx.storage.get<string>(LastSignedKey)
        const target = signInTarget(ctx.getState())
        const kept =
          last && target && last !== target.chainId
            ? await s.config.getSessions(last, target.address).catch(() => [])
            : []
        if (last && kept.length) {
          await ctx.request('network/switch', { caipNetworkId: last })
          ctx.emit('siwx/sessionsChanged', { count: kept.length })
        } else {
          // Off the sign view first: closing it is refused while no session exists.
          await ctx.request('router/reset', { view: 'Connect' })
          await ctx.request('wallet/disconnect', undefined)
        }
      }
      if (ctx.getState().modal.open) await ctx.request('modal/close')
    },

    async 'siwx/forgetSession'(input: { namespace: string }, ctx: HandlerContext): Promise<void> {
      ctx.emit('siwx/sessionsChanged', { count: 0 })
      const s = setup()
      const was = signedIn.get(input.namespace)
      signedIn.delete(input.namespace)
      if (s?.config.signOutOnDisconnect && was) {
        if (ctx.storage.get<string>(LastSignedKey)?.startsWith(`${input.namespace}:`)) ctx.storage.remove(LastSignedKey)
        await s.config.revokeSession(was.chainId, was.address)
      }
    },

    // One-step wallets (solana:signIn, WalletConnect authenticate): the fields to sign, then the signed texts.
    async 'siwx/signInFields'(input: { chainId: string }, _ctx: HandlerContext) {
      const s = setup()
      if (!s) throw FoyerError.of('siwxNotEnabled', { category: 'CONFIGURATION' })
      const m = await s.config.createMessage({ chainId: input.chainId, accountAddress: '' })
      return { ...sessionData(m), accountAddress: '' }
    },

    async 'siwx/acceptSessions'(
      input: { sessions: Array<Pick<SIWXSession, 'message' | 'signature'>> },
      ctx: HandlerContext,
    ) {
      const s = setup()
      if (!s) throw FoyerError.of('siwxNotEnabled', { category: 'CONFIGURATION' })
      for (const { message, signature } of input.sessions) {
        const data = parseSiwxMessage(message)
        await s.config.addSession({ data, message, signature })
        signedIn.set(data.chainId.split(':')[0], { chainId: data.chainId, address: data.accountAddress })
        fresh.add(freshKey({ chainId: data.chainId, address: data.accountAddress }))
        ctx.storage.set(LastSignedKey, data.chainId)
        ctx.emit('siwx/signedIn', { caipNetworkId: data.chainId, address: data.accountAddress })
      }
      ctx.emit('siwx/sessionsChanged', { count: input.sessions.length })
    },
  }
}

function reasonOf(error: unknown): string | undefined {
  if (error instanceof SiwxMessageError) return error.message
  const e = error as { reason?: unknown; message?: unknown } | null
  if (typeof e?.reason === 'string') return e.reason
  return typeof e?.message === 'string' && e.message ? e.message : undefined
}
