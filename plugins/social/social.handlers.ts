// The social login's requests. A popup login: the click opened the popup (flow.ts); `social/connect` shows
// ConnectingSocial, waits for the popup's result and logs in. A redirect login comes back with `result_uri`, which the
// manifest's boot hands to `social/finishRedirect`. Farcaster opens a relay channel and waits for the app. Every
// result is checked for this page's `state` before the wallet frame redeems it; failures read as SPEC §8 says.
import { currentView, FoyerError, type Handler, type HandlerContext, type RequestName } from '../../kernel/index.js'
import { waitForPopupResult } from './popup.js'
import './social.events.js'

type Handlers = { [R in RequestName]?: Handler<R> }

/** A login waiting for its redirect back: kept in storage across the round trip. */
export interface PendingRedirect {
  provider: string
  state: string
}

/** Storage key (prefixed by the kernel) of the redirect in progress. */
export const PendingRedirectKey = 'social_redirect'

/** What the handlers need from the plugin: the popups it opened, by state, and the secure site's origin. */
export interface SocialFlowAccess {
  popups: Map<string, Window>
  siteOrigin(): string
  win(): Window
}

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
    warn(`${provider} login`, e)
    throw FoyerError.of('connectFailed', { cause: e })
  }
  ctx.emit('social/loggedIn', { provider, username: ctx.getState().auth?.user?.username })
}

/** The handlers. */
export function socialHandlers(flow: SocialFlowAccess): Handlers {
  return {
    async 'social/connect'({ provider, state }, ctx) {
      const popup = flow.popups.get(state)
      if (!popup) throw FoyerError.of('socialInitFailed')
      ctx.emit('social/started', { provider })
      await ctx.request('router/push', { view: 'ConnectingSocial', data: { provider } })
      try {
        const resultUri = await waitForPopupResult({
          win: flow.win(),
          popup,
          siteOrigin: flow.siteOrigin(),
          clock: ctx.clock,
          signal: ctx.signal,
        })
        popup.close()
        await redeem(ctx, provider, state, resultUri)
      } catch (e) {
        // SPEC §4: a popup closed by the visitor rejects, back on Connect
        if ((e as FoyerError).code === 'popupClosed' && currentView(ctx.getState()) === 'ConnectingSocial')
          await ctx.request('router/back')
        throw e
      } finally {
        flow.popups.delete(state)
      }
    },

    async 'social/finishRedirect'({ resultUri }, ctx) {
      const pending = ctx.storage.get<PendingRedirect>(PendingRedirectKey)
      ctx.storage.remove(PendingRedirectKey)
      if (typeof pending?.provider !== 'string' || typeof pending.state !== 'string') {
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
        warn('Farcaster login', e)
        throw FoyerError.of('farcasterFailed', { cause: e })
      }
      ctx.emit('social/loggedIn', { provider: 'farcaster', username: ctx.getState().auth?.user?.username })
    },
  }
}
