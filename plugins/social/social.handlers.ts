// The social login's requests. `social/connect` has the wallet frame start the login (the secure site binds it to that
// frame session and picks its `state`), sends the popup the click opened (flow.ts) to the secure site, shows
// ConnectingSocial, waits for the popup's result and logs in; with no popup it sends the page instead. A redirect login comes back with `result_uri`, which the
// manifest's boot hands to `social/finishRedirect`, which reads and removes it. Farcaster opens a relay channel and waits for the app. Every
// result is checked for this page's `state` before the wallet frame redeems it; failures read as SPEC §8 says.
import {
  currentView,
  FoyerError,
  unlessModalCloses,
  type Handler,
  type HandlerContext,
  type RequestName,
} from '../../kernel/index.js'
import type { SocialFlow } from './flow.js'
import { waitForPopupResult } from './popup.js'
import { DefaultSecureSiteUrl } from './start.js'
import './social.events.js'

type Handlers = { [R in RequestName]?: Handler<R> }

/** A login waiting for its redirect back: kept in storage across the round trip. */
interface PendingRedirect {
  provider: string
  state: string
}

/** Storage key (prefixed by the kernel) of the redirect in progress. */
export const PendingRedirectKey = 'social_redirect'

const isModalClosed = (e: unknown) => (e as FoyerError | null)?.code === 'modalClosed'
const warn = (what: string, e: unknown) => console.warn(`[foyer] ${what}: ${(e as Error)?.message ?? String(e)}`)

/** Checks a result URI against the login's state, then has the embedded wallet redeem it. */
async function redeem(ctx: HandlerContext, provider: string, state: string, resultUri: string): Promise<void> {
  let url: URL | undefined
  try {
    url = new URL(resultUri)
  } catch {
    url = undefined
  }
  // a result for another login (or forged into the address bar) is never sent on
  if (!url || url.searchParams.get('state') !== state) {
    warn('social login', new Error('the result does not belong to this login'))
    throw FoyerError.of('connectFailed')
  }
  const error = url.searchParams.get('error')
  if (error === 'start_failed') {
    warn('social login', new Error(url.searchParams.get('error_description') ?? error))
    throw FoyerError.of('socialInitFailed')
  }
  try {
    if (error) throw new Error(`${provider} answered ${error}`)
    await ctx.request('auth/connectSocial', { provider, resultUri })
  } catch (e) {
    // SPEC §8: the visitor closed the modal; that is the answer, not a failure to connect
    if (isModalClosed(e)) throw e
    warn(`${provider} login`, e)
    throw FoyerError.of('connectFailed', { cause: e })
  }
  ctx.emit('social/loggedIn', { provider, username: ctx.getState().auth?.user?.username })
}

/** The handlers. */
export function socialHandlers(flow: SocialFlow): Handlers {
  return {
    async 'social/connect'({ provider, popup: id }, ctx) {
      const w = window
      const site = flow.ctx?.options.secureSiteUrl ?? DefaultSecureSiteUrl
      const popup = id ? flow.popups.get(id) : undefined
      ctx.emit('social/started', { provider })
      // the frame starts the login: only that frame session can redeem its result, and it comes back only here
      const start = (mode: 'popup' | 'redirect') =>
        ctx
          .request('auth/socialUri', { provider, mode, ...(mode === 'redirect' ? { returnUrl: w.location.href } : {}) })
          .then(({ url }) => ({ url, state: new URL(url).searchParams.get('state') ?? '' }))
          .catch((e: unknown) => {
            warn(`${provider} login`, e)
            throw FoyerError.of('socialInitFailed', { cause: e })
          })
      try {
        if (!id) {
          // no popup: the page itself goes to the provider and comes back with result_uri (social/finishRedirect)
          const { url, state } = await start('redirect')
          ctx.storage.set(PendingRedirectKey, { provider, state } satisfies PendingRedirect)
          w.location.assign(url)
          return
        }
        if (!popup) throw FoyerError.of('socialInitFailed')
        const { url, state } = await start('popup')
        popup.location.href = url
        await ctx.request('router/push', { view: 'ConnectingSocial', data: { provider } })
        // SPEC §8: closing the modal gives the login up ("Modal closed"); the popup closes with it (finally below)
        const resultUri = await unlessModalCloses(
          ctx,
          waitForPopupResult({ win: w, popup, siteOrigin: new URL(site).origin, clock: ctx.clock, signal: ctx.signal }),
        )
        popup.close()
        await redeem(ctx, provider, state, resultUri)
      } catch (e) {
        // SPEC §4: a popup closed by the visitor rejects, back on Connect
        if ((e as FoyerError).code === 'popupClosed' && currentView(ctx.getState()) === 'ConnectingSocial')
          await ctx.request('router/back')
        // back on Connect (or never off it) the error is a snackbar; ConnectingSocial shows its own (social-error)
        if (!isModalClosed(e) && currentView(ctx.getState()) !== 'ConnectingSocial')
          await ctx.request('snackbar/show', { variant: 'error', message: (e as Error).message }).catch(() => undefined)
        throw e
      } finally {
        // a popup never outlives its login, also when the plugin is torn down mid-login (the signal aborts the wait)
        popup?.close()
        if (id) flow.popups.delete(id)
      }
    },

    async 'social/finishRedirect'(_input, ctx) {
      // SPEC §2: the only address-bar parameter, read then removed
      const w = window
      const url = new URL(w.location.href)
      const resultUri = url.searchParams.get('result_uri')
      url.searchParams.delete('result_uri')
      w.history.replaceState(w.history.state, '', url)
      const pending = ctx.storage.get<PendingRedirect>(PendingRedirectKey)
      ctx.storage.remove(PendingRedirectKey)
      if (!resultUri || typeof pending?.provider !== 'string' || typeof pending.state !== 'string') {
        warn('social login', new Error('a result_uri came back with no login in progress; ignored'))
        throw FoyerError.of('connectFailed')
      }
      ctx.emit('social/started', { provider: pending.provider })
      await ctx.request('modal/open', { view: 'ConnectingSocial', data: { provider: pending.provider } })
      await redeem(ctx, pending.provider, pending.state, resultUri)
    },

    async 'social/connectFarcaster'(_input, ctx) {
      ctx.emit('social/started', { provider: 'farcaster' })
      if (currentView(ctx.getState()) !== 'ConnectingFarcaster')
        await ctx.request('router/push', { view: 'ConnectingFarcaster' })
      try {
        ctx.emit('social/farcasterUriReceived', await ctx.request('auth/farcasterUri'))
        await ctx.request('auth/connectFarcaster')
      } catch (e) {
        if (isModalClosed(e)) throw e
        warn('Farcaster login', e)
        throw FoyerError.of('farcasterFailed', { cause: e })
      }
      ctx.emit('social/loggedIn', { provider: 'farcaster', username: ctx.getState().auth?.user?.username })
    },
  }
}
