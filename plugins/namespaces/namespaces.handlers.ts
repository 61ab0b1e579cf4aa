// Connect, reconnect and disconnect for the namespaces with an adapter; network switching is in switching.ts and
// the wallet requests (signing, transactions, reads) in requests/.
import {
  currentView,
  FoyerError,
  StorageKeys,
  type HandlerContext,
  namespaceOf,
  reconnectEnabled,
  type DisconnectRequest,
  type HostOptions,
  type RegistryWalletChoice,
  unlessModalCloses,
  visitorMessage,
} from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import { networkFor } from './network-definition.js'
import { storedConnections, storeConnection, type Sessions } from './session.js'
import { keepsModalOpen } from './multiwallet.js'
import { switchNetwork } from './switching.js'
import { namespacesOf } from './namespaces.state.js'
import { isInAppBrowser } from './listed.js'

/** How long a reload waits for the stored wallet to announce itself. */
export const ReconnectWaitMs = 1500

/** What the handlers need from the plugin's closure. */
export interface HandlerEnv {
  adapters(): NamespaceAdapter[]
  sessions: Sessions
  waitFor(connectorId: string, ms: number): Promise<boolean>
  options(): Readonly<HostOptions>
  /** Connects `namespace` through the bridged (embedded-wallet) session connected elsewhere; false when there is none. */
  connectBridged?(namespace: string): Promise<boolean>
}

const adapterFor = (env: HandlerEnv, namespace: string) => {
  const a = env.adapters().find((x) => x.namespace === namespace)
  if (!a) throw FoyerError.of('adapterOrConnectorNotFound', { reason: namespace, category: 'CONFIGURATION' })
  return a
}

/** Builds the request handlers over the plugin's live objects. */
export function namespaceHandlers(env: HandlerEnv) {
  const connect = async ({ connectorId }: { connectorId: string }, ctx: HandlerContext): Promise<void> => {
    const connector = ctx.getState().connectors.list.find((c) => c.id === connectorId)
    if (!connector) throw FoyerError.of('noConnectorForConnection', { reason: connectorId, category: 'WALLET' })
    const adapter = adapterFor(env, connector.namespace)
    // SPEC §4: a connection already there stays connected while another wallet is asked, and survives a refusal.
    const wasConnected = ctx.getState().account.namespaces[connector.namespace]?.status === 'connected'
    if (!wasConnected) ctx.emit('wallet/connecting', { namespace: connector.namespace })
    // The network the visitor chose before connecting (in Networks, or SwitchActiveChain's route), kept below.
    const s = ctx.getState()
    const wanted =
      (s.router.history.at(-1)?.data as { caipNetworkId?: string } | undefined)?.caipNetworkId ??
      s.account.activeCaipNetworkId
    if (s.modal.open && currentView(s) !== 'ConnectingExternal') {
      await ctx.request('router/push', {
        view: 'ConnectingExternal',
        data: { connectorId, name: connector.name, imageUrl: connector.imageUrl, caipNetworkId: wanted },
      })
    }
    let connection
    try {
      // SPEC §8: closing the modal meanwhile rejects "Modal closed"; a wallet that answers later is let go again
      // (unless it is the one already connected here), so a rejected promise never leaves a connection behind.
      const kept = wasConnected && ctx.getState().account.namespaces[connector.namespace]?.connectorId === connectorId
      connection = await unlessModalCloses(ctx, connectOrSignIn(adapter, connectorId, ctx), () =>
        kept ? undefined : adapter.disconnect(connectorId),
      )
    } catch (error) {
      // The connecting screen stays, showing why with "Try again" (issue 21: a refusal is not a silent step back).
      if (!wasConnected) ctx.emit('wallet/connectFailed', { namespace: connector.namespace })
      ctx.emit('wallet/connectionRejected', { connectorId, message: visitorMessage(error) })
      throw error
    }
    env.sessions.established(adapter, connectorId, connection)
    // Issue 21: a network chosen before connecting is kept when the wallet can switch to it (else the wallet's stays).
    // A wallet on a network we do not offer goes through SPEC §4's unsupported-network flow instead.
    const offered = ctx.getState().config.networks.some((n) => n.caipNetworkId === connection.caipNetworkId)
    if (offered && namespaceOf(wanted) === connector.namespace && wanted !== connection.caipNetworkId)
      await ctx.request('network/switch', { caipNetworkId: wanted! }).catch(() => undefined)
    ctx.emit('wallet/connectorUsed', {
      id: connector.id,
      name: connector.name,
      ...(connector.rdns ? { rdns: connector.rdns } : {}),
    })
    ctx.storage.set(StorageKeys.recentWallets, namespacesOf(ctx.getState()).recent)
    if (ctx.getState().modal.open) await ctx.request('modal/close')
  }

  // SPEC §4 "one step where the wallet can": with sign-in configured, a wallet that signs in while connecting does so
  // with the siwx plugin's fields, and the sign-in is kept before the connection counts (so nothing asks again).
  const connectOrSignIn = async (adapter: NamespaceAdapter, connectorId: string, ctx: HandlerContext) => {
    const signedIn =
      env.options().siwx && adapter.signIn && ctx.hasRequest('siwx/signInFields')
        ? await adapter.signIn(connectorId, (chainId) => ctx.request('siwx/signInFields', { chainId }))
        : undefined
    if (!signedIn) return adapter.connect(connectorId)
    try {
      await ctx.request('siwx/acceptSessions', {
        sessions: [{ message: signedIn.message, signature: signedIn.signature }],
      })
    } catch (error) {
      await adapter.disconnect(connectorId).catch(() => undefined)
      throw error
    }
    return signedIn.connection
  }

  // One restore at a time: a second start-up call joins the one in flight.
  let restoring: Promise<void> | undefined
  const reconnect = (ctx: HandlerContext): Promise<void> =>
    (restoring ??= restore(ctx).finally(() => {
      restoring = undefined
    }))

  return {
    'wallet/connect': connect,
    'wallet/reconnect': (_input: void, ctx: HandlerContext) => reconnect(ctx),
    'wallet/disconnect': disconnect,
    'network/switch': (input: { caipNetworkId: string }, ctx: HandlerContext) =>
      switchNetwork(
        {
          adapterFor: (ns) => adapterFor(env, ns),
          ...(env.connectBridged ? { connectBridged: env.connectBridged } : {}),
          networkFor: (id) => networkFor(id, ctx.getState().config.networks, env.options()),
        },
        input,
        ctx,
      ),
    async 'wallet/selectRegistryWallet'(input: RegistryWalletChoice, ctx: HandlerContext): Promise<void> {
      // In an in-app browser nothing is installed that could answer: WalletConnect links only.
      const inApp = typeof window !== 'undefined' && isInAppBrowser(window as never)
      const installed = inApp
        ? undefined
        : ctx.getState().connectors.list.find((c) => (input.rdns && c.rdns === input.rdns) || c.id === input.id)
      if (installed) {
        await connect({ connectorId: installed.id }, ctx)
        return
      }
      if (env.options().enableWalletConnect !== false && ctx.hasRequest('walletConnect/connect')) {
        const { rdns: _rdns, ...rest } = input
        const wallet = Object.fromEntries(
          Object.entries(rest).filter(([, v]) => typeof v === 'string'),
        ) as unknown as RegistryWalletChoice
        await ctx.request('walletConnect/connect', { wallet })
        return
      }
      await ctx.request('snackbar/show', {
        variant: 'error',
        message: `${input.name} is not installed in this browser`,
      })
    },
  }

  async function restore(ctx: HandlerContext): Promise<void> {
    const stored = storedConnections(ctx.storage)
    for (const namespace of stored.namespaces) {
      const connectorId = stored.connectorIds[namespace]
      const adapter = env.adapters().find((a) => a.namespace === namespace)
      if (!adapter || !connectorId) {
        storeConnection(ctx.storage, namespace, undefined)
        // The manifest may already show "Connecting…" for it (it reads storage before this chunk): end that.
        if (ctx.getState().account.namespaces[namespace]?.status === 'connecting')
          ctx.emit('wallet/connectFailed', { namespace })
        continue
      }
      if (!reconnectEnabled(env.options())) {
        // SPEC §4: with reconnect off everything starts disconnected and stored sessions are ended.
        await adapter.disconnect(connectorId).catch(() => undefined)
        env.sessions.closed(namespace)
        continue
      }
      ctx.emit('wallet/connecting', { namespace })
      const restored = await (async () => {
        if (!(await env.waitFor(connectorId, ReconnectWaitMs))) return undefined
        return adapter.reconnect(connectorId).catch(() => undefined)
      })()
      if (restored) env.sessions.established(adapter, connectorId, restored)
      else {
        ctx.emit('wallet/connectFailed', { namespace })
        storeConnection(ctx.storage, namespace, undefined)
        // SPEC §8: a namespace other than the active one that could not be restored is worth a warning.
        if (namespace !== ctx.getState().account.activeNamespace)
          await ctx.request('alert/show', { alert: 'inactiveNamespaceNotConnected', detail: namespace })
      }
    }
  }

  // SPEC §4: ending a namespace clears its account, network, wallet info and connector id (the session's `closed`).
  async function end(namespace: string, ctx: HandlerContext): Promise<void> {
    const connectorId = ctx.getState().account.namespaces[namespace]?.connectorId
    const adapter = env.adapters().find((a) => a.namespace === namespace)
    try {
      if (adapter && connectorId) await adapter.disconnect(connectorId)
    } finally {
      env.sessions.closed(namespace)
    }
  }

  async function disconnect(input: DisconnectRequest | undefined, ctx: HandlerContext): Promise<void> {
    const state = ctx.getState()
    const namespaces = input?.all
      ? Object.entries(state.account.namespaces)
          .filter(([, c]) => c.status !== 'disconnected')
          .map(([ns]) => ns)
      : [input?.namespace ?? state.account.activeNamespace].filter((ns): ns is string => !!ns)
    const failed: Array<{ namespace: string; error: unknown }> = []
    for (const namespace of namespaces)
      await end(namespace, ctx).catch((error: unknown) => failed.push({ namespace, error }))
    if (failed.length) {
      // SPEC §8: one namespace → "Failed to disconnect"; several → "Failed to disconnect chains" with the reasons.
      const reason = failed.map(
        (f) => `${f.namespace}: ${f.error instanceof Error ? f.error.message : String(f.error)}`,
      )
      const error = input?.all
        ? FoyerError.of('disconnectChainsFailed', { reason: reason.join('; '), category: 'INTERNAL_SDK_ERROR' })
        : FoyerError.of('disconnectFailed', { category: 'INTERNAL_SDK_ERROR', cause: failed[0].error })
      await ctx.request('snackbar/show', { variant: 'error', message: error.message }).catch(() => undefined)
      throw error
    }
    // SPEC §4: the modal closes unless told not to; with multi-wallet it stays open while other connections remain.
    if (ctx.getState().modal.open && !input?.keepModalOpen && !keepsModalOpen(ctx.getState()))
      await ctx.request('modal/close')
  }
}
