// The WalletConnect requests: pair (QR / links) with the relay time-out and the 4-minute renewal, and cancel.
// Signing goes through the namespaces plugin's `wallet/signMessage` and the connector's adapter view.
import {
  currentView,
  FoyerError,
  visitorMessage,
  type HandlerContext,
  type TimerHandle,
  namespaceOf,
  serializeError,
  type HostOptions,
} from '../../../kernel/index.js'
import type { NamespaceAdapter } from '../adapter.js'
import type { Sessions } from '../session.js'
import { WalletConnectId, connectionsOf, type WalletConnectConnector } from './connector.js'
import { optionalNamespaces } from './proposal.js'
import { PairingExpiredUnderMs, PairingLifetimeMs, RelayTimeoutMs } from './wc.state.js'
import type { WalletLinks } from '../../../protocol/registry/wallets.js'
import { namespacesOf, type RecentWallet } from '../namespaces.state.js'
import { StorageKeys } from '../../../kernel/index.js'
import { watchDeepLink } from './deeplink.js'
import { mobileWalletLink } from './links.js'
import { isInAppBrowser } from '../listed.js'
import { pairingCode } from '../prefetch.js'
import { ProviderInitFailed, providerErrorAlert } from './provider-alerts.js'

declare module '../../../kernel/index.js' {
  interface RequestMap {
    /** Pairs a wallet over WalletConnect (QR code, deep links); resolves once connected. */
    /** `fromView`: the pairing view asked on showing; it pairs only while that view still shows. */
    'walletConnect/connect': { input: { wallet?: WalletLinks; fromView?: boolean } | undefined; output: void }
    /** Stops offering the current pairing. */
    'walletConnect/cancel': { input: void; output: void }
  }
}

/** Shown when the relay hands out no pairing in time. */
export const RelayUnreachableMessage = 'Could not reach the WalletConnect relay'

/** What the handlers need from the plugin's closure. */
export interface WalletConnectEnv {
  wc: WalletConnectConnector
  sessions: Sessions
  options(): Readonly<HostOptions>
  /**
   * The plugin's adapter of `namespace`, routing through the connector registry (routed.ts); the session's own
   * transport view where a test wires the pairing alone.
   */
  adapterFor?(namespace: string): NamespaceAdapter
  /** Follows the session's own changes in `namespace` as the WalletConnect transport's events (serve.ts). */
  follow?(namespace: string): void
}

/** Builds the handlers; one pairing loop at a time (a new one or a cancel stops the previous). */
export function walletConnectHandlers(env: WalletConnectEnv) {
  const adapterOf = (namespace: string) => (env.adapterFor ?? env.wc.adapter)(namespace)
  let generation = 0
  let stopWaiting: (() => void) | undefined
  const cancel = () => {
    generation++
    stopWaiting?.()
  }

  // Waits for `p`, or until `ms` pass (→ 'timeout'), or the loop is cancelled (→ 'cancelled').
  const within = <T>(ctx: HandlerContext, p: Promise<T>, ms: number) =>
    new Promise<{ value: T } | 'timeout' | 'cancelled'>((resolve, reject) => {
      const done = () => {
        ctx.clock.clearTimeout(timer)
        stopWaiting = undefined
      }
      const timer: TimerHandle = ctx.clock.setTimeout(
        () => {
          done()
          resolve('timeout')
        },
        Math.max(0, ms),
      )
      stopWaiting = () => {
        done()
        resolve('cancelled')
      }
      p.then(
        (value) => {
          done()
          resolve({ value })
        },
        (error: unknown) => {
          done()
          reject(error)
        },
      )
    })

  async function connect(
    input: { wallet?: WalletLinks; fromView?: boolean } | undefined,
    ctx: HandlerContext,
  ): Promise<void> {
    // A view that asked on showing may be gone once this code arrived (closed, another view opened): no pairing, and
    // no pushing the pairing view over the one the visitor is on.
    const s = ctx.getState()
    if (input?.fromView && !(s.modal.open && currentView(s).startsWith('ConnectingWalletConnect'))) return
    cancel()
    const mine = ++generation
    const stale = () => mine !== generation
    ctx.emit('walletConnect/pairingStarted', input?.wallet ? { wallet: input.wallet } : {})
    const view = ctx.getState().config.namespaces.length ? 'ConnectingWalletConnect' : 'ConnectingWalletConnectBasic'
    if (ctx.getState().modal.open && !currentView(ctx.getState()).startsWith('ConnectingWalletConnect'))
      await ctx.request('router/push', { view })
    // A desktop wallet that is not installed: its store links (the pairing view's code, with its store helper fetched
    // beside it) paint first, then the SDK's far larger chunk loads, instead of racing them for network and thread.
    const w = input?.wallet
    if (
      ctx.getState().modal.open &&
      !ctx.getState().config.mobile &&
      (w?.chromeStore || w?.firefoxStore || w?.edgeStore)
    ) {
      await pairingCode().catch(() => undefined)
      // Two frames: React renders the lazy view in the first, paints its resolved content in the second.
      const frame = () => new Promise((r) => requestAnimationFrame(r))
      if (typeof requestAnimationFrame === 'function') await frame().then(frame)
    }
    const state = ctx.getState()
    const proposal = optionalNamespaces(state.config.networks, env.options(), state.account.activeCaipNetworkId)
    let stopDeepLink: (() => void) | undefined
    try {
      const auth = await oneClickAuth(ctx, proposal)
      for (;;) {
        const attempt = env.wc.pair(proposal, auth)
        attempt.session.catch(() => undefined) // a renewed pairing's old proposal expires unanswered
        const uri = await within(ctx, attempt.uri, RelayTimeoutMs)
        if (uri === 'cancelled' || stale()) return
        if (uri === 'timeout') {
          env.wc.reset()
          throw FoyerError.of('connectFailed', { reason: RelayUnreachableMessage, category: 'NETWORK' })
        }
        const expiresAt = ctx.clock.now() + PairingLifetimeMs
        ctx.emit('walletConnect/uriReceived', { uri: uri.value, expiresAt })
        // Phones: the chosen wallet opens by deep link with the URI (once; a renewed pairing is shown, not re-opened).
        const win = typeof window === 'undefined' ? undefined : window
        const inApp = !!win && isInAppBrowser(win as never)
        const href =
          input?.wallet && win && (state.config.mobile || inApp)
            ? mobileWalletLink(input.wallet, uri.value, inApp)
            : undefined
        if (href && !stopDeepLink && win)
          stopDeepLink = watchDeepLink(ctx, href, win, () => {
            if (!stale()) ctx.emit('walletConnect/deepLinkUnanswered', {})
          })
        // SPEC §4: a pairing counts as expired under 10 s remaining; offer a new one then.
        const approved = await within(ctx, attempt.session, expiresAt - PairingExpiredUnderMs - ctx.clock.now())
        if (approved === 'cancelled' || stale()) return
        if (approved === 'timeout') continue
        await acceptSignIns(ctx, (await attempt.signIns).slice(0, 1))
        // The active network now, not when the pairing started: the visitor may have switched during the wait.
        await established(
          ctx,
          connectionsOf(approved.value, () => ctx.getState().account.activeCaipNetworkId),
        )
        if (input?.wallet) remember(ctx, { id: input.wallet.id, name: input.wallet.name })
        return
      }
    } catch (error) {
      if (stale()) return
      const message =
        error instanceof FoyerError && error.message.includes(RelayUnreachableMessage)
          ? RelayUnreachableMessage
          : visitorMessage(error)
      ctx.emit('walletConnect/pairingFailed', { message })
      // SPEC §8: a provider that did not start is the SDK's fault, not the visitor's: an error event and a console line.
      if (error instanceof FoyerError && error.code === ProviderInitFailed) {
        console.error(`[foyer] ${error.message}`, error.cause)
        ctx.emit('error/reported', { error: serializeError(error) })
      }
      const alert = providerErrorAlert(error)
      if (alert) await ctx.request('alert/show', { alert, once: true })
      throw error
    } finally {
      stopDeepLink?.()
    }
  }

  // SPEC §4 "one step where the wallet can": with sign-in configured, the proposal asks the wallet to sign the EVM
  // sign-in message while it approves (WalletConnect one-click auth); the siwx plugin supplies the fields. A wallet
  // that ignores the ask connects without it and is asked afterwards.
  async function oneClickAuth(ctx: HandlerContext, proposal: ReturnType<typeof optionalNamespaces>) {
    const o = env.options()
    const evm = proposal.eip155
    if (!(o.siwx || o.siweConfig) || !evm?.chains.length || !ctx.hasRequest('siwx/signInFields')) return undefined
    const active = ctx.getState().account.activeCaipNetworkId
    const chainId = active && evm.chains.includes(active) ? active : evm.chains[0]
    const f = await ctx.request('siwx/signInFields', { chainId })
    return {
      domain: f.domain,
      uri: f.uri,
      nonce: f.nonce,
      chains: [chainId, ...evm.chains.filter((c) => c !== chainId)],
      // The SDK accepts 5 minutes at least (it uses it as the request expiry).
      ttl: 300,
      ...(f.expirationTime ? { exp: f.expirationTime } : {}),
      ...(f.notBefore ? { nbf: f.notBefore } : {}),
      ...(f.statement ? { statement: f.statement } : {}),
      ...(f.requestId ? { requestId: f.requestId } : {}),
      ...(f.resources ? { resources: f.resources } : {}),
    }
  }

  // The sign-in the wallet made while connecting goes to the siwx plugin before the connection counts, so the
  // "session missing" check after connect finds it. Refused: the new session is ended and the failure shown.
  async function acceptSignIns(ctx: HandlerContext, signIns: Array<{ message: string; signature: string }>) {
    if (!signIns.length) return
    try {
      await ctx.request('siwx/acceptSessions', { sessions: signIns })
    } catch (error) {
      await adapterOf('eip155')
        .disconnect(WalletConnectId)
        .catch(() => undefined)
      throw error
    }
  }

  // SPEC §3/§9 recent wallets: a registry wallet paired over WalletConnect is listed again next time.
  function remember(ctx: HandlerContext, wallet: RecentWallet): void {
    ctx.emit('wallet/connectorUsed', wallet)
    ctx.storage.set(StorageKeys.recentWallets, namespacesOf(ctx.getState()).recent)
  }

  async function established(ctx: HandlerContext, connections: ReturnType<typeof connectionsOf>): Promise<void> {
    if (!connections.length)
      throw FoyerError.of('connectionRejected', { reason: 'the wallet granted no account', category: 'WALLET' })
    const active = namespaceOf(ctx.getState().account.activeCaipNetworkId)
    // The active namespace goes last so it stays the active one.
    const ordered = [...connections].sort((a, b) => Number(a.namespace === active) - Number(b.namespace === active))
    ctx.emit('walletConnect/sessionApproved', { namespaces: ordered.map((c) => c.namespace) })
    for (const { namespace, connection } of ordered) {
      await env.wc.setDefaultChain(connection.caipNetworkId)
      env.follow?.(namespace)
      env.sessions.established(adapterOf(namespace), WalletConnectId, connection)
    }
    if (ctx.getState().modal.open) await ctx.request('modal/close')
  }

  return {
    'walletConnect/connect': connect,
    'walletConnect/cancel': (_i: void, ctx: HandlerContext) => {
      cancel()
      if (namespacesOf(ctx.getState()).walletConnect?.status !== 'connected')
        ctx.emit('walletConnect/pairingCancelled', {})
    },
  }
}
