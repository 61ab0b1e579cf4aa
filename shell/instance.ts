// A started Foyer: host options → kernel (core plugins, shell views, built-in manifests, host plugins), the modal's
// host element, and the small imperative API host pages call. createFoyer.ts decides when it starts.
import { effect, untracked } from '@preact/signals-core'
import {
  corePlugins,
  createHttp,
  createKernel,
  createStorage,
  currentView,
  memoryBackend,
  nextConnection,
  preloadHttp,
  preloadNavigation,
  resolveOpenView,
  startInitialization,
  systemClock,
  type ConfigState,
} from '../kernel/index.js'
import type { Builtins, Foyer } from './createFoyer.js'
import { createMounter } from './mounter.js'
import { pluginOptions, SdkVersion, type FoyerOptions } from './options.js'
import { firstViews } from './prefetch.js'
import { onServer } from './server.js'
import { shellViewsPlugin } from './views/index.js'

/**
 * Starts a Foyer instance: its kernel (which restores a stored connection at once), the modal's host element and the
 * imperative API. `self` is the object host pages hold (the modal renders against it).
 */
export function startFoyer(
  builtins: Builtins,
  options: FoyerOptions,
  config: ConfigState,
  self: Foyer,
): Omit<Foyer, 'getProvider'> {
  const clock = options.clock ?? systemClock()
  const server = onServer()
  const http = createHttp({
    baseUrl: options.apiUrl ?? 'http://127.0.0.1/',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    params: { projectId: config.projectId, st: 'foyer', sv: options.sdkVersion ?? SdkVersion },
    // SPEC §8: shown once per page, however many requests the server refuses.
    on429: () => kernel.request('alert/show', { alert: 'rateLimited', once: true }),
  })
  const kernel = createKernel({
    plugins: [
      ...corePlugins({
        config,
        embedded: !!options.embedded,
        theme: { mode: options.themeMode ?? 'dark', variables: { ...options.themeVariables } },
      }),
      shellViewsPlugin,
      ...builtins.plugins,
      ...(options.plugins ?? []),
    ],
    clock,
    // A server has no visitor: nothing to restore, no storage to read, no start-up work (SSR renders the initial state).
    storage: options.storage ?? createStorage(server ? memoryBackend() : undefined),
    ...(server ? { boot: false } : {}),
    http,
    options: pluginOptions(options),
    // Error reports (SPEC §7 POST /e) go to the operator's own server unless the host turned telemetry off.
    ...(options.telemetry !== false
      ? {
          sendErrorReport: (report) => {
            if (kernel.hasRequest('project/reportError')) kernel.request('project/reportError', report).catch(() => {})
          },
        }
      : {}),
  })

  // SPEC §5: the alert also writes the problem to the console, debug or not.
  if (!config.projectId) void kernel.request('alert/show', { alert: 'projectIdMissing' })
  // SPEC §4 `initialized` once start-up settles (a server starts nothing: it renders the initial state).
  const stopInitialization = server ? () => {} : startInitialization(kernel)

  const loadModal = () => import('./modal/mount.js')
  const mounter = createMounter(kernel, async () => (await loadModal()).mountModal.bind(null, self))
  const hostElement = createHostElement(options)
  const detachHost = hostElement ? mounter.attach(hostElement, !!options.embedded) : undefined
  // SPEC §4 injects the modal last: <foyer-modal> joins <body> at the visitor's first intent or the first opening, so
  // loading the page changes nothing in the host's DOM (and costs its first paint no style work).
  let destroyed = false
  const inject = () => {
    if (hostElement && !hostElement.isConnected && !options.embedded) document.body.appendChild(hostElement)
  }
  // Once the modal opens, the plugins of the views it shows at once load beside the modal chunk, not after its first
  // render: the wallet list arrives with the Connect view instead of a round trip later.
  const opened = kernel.select((s) => s.modal.open)
  const warm = () => {
    // A failure shows (and is reported) where the view renders.
    const route = kernel.getState().router.history.at(-1)
    for (const id of firstViews(kernel, currentView(kernel.getState()), route?.data))
      kernel.ensureView(id).catch(() => undefined)
  }
  const stopWarming = effect(() => {
    if (!opened.value) return
    inject()
    untracked(warm)
  })

  // SPEC §4: remote features and the origin check decide before the modal shows anything (Connect must not offer email
  // or social before the origin is checked). They run at the visitor's first act; intent only downloads their code.
  const initialize = () =>
    kernel.hasRequest('project/init') ? kernel.request('project/init').catch(() => undefined) : undefined
  const foyer: Omit<Foyer, 'getProvider'> = {
    kernel,
    options: self.options,
    async open(o) {
      foyer.prefetch(o)
      await initialize()
      await kernel.request('modal/open', o)
      await mounter.ready()
    },
    async connect(o) {
      // listening before the modal opens: nothing that happens on the way is missed
      const connected = nextConnection(kernel.on)
      connected.catch(() => undefined)
      await foyer.open(o)
      return connected
    },
    prefetch(o) {
      // A button the host has not unmounted yet may still be hovered after destroy(): nothing is left to download for.
      if (destroyed) return
      inject()
      loadModal().catch(() => undefined)
      // The click's first requests (the project's config, then modal/open) must not wait for their code to download.
      preloadHttp().catch(() => undefined)
      preloadNavigation().catch(() => undefined)
      kernel.prefetchRequest('project/init')
      const view = resolveOpenView(kernel.getState(), o ?? {})
      for (const id of firstViews(kernel, view, o?.data ?? o?.arguments)) kernel.prefetchView(id)
    },
    close: () => kernel.request('modal/close'),
    getState: () => kernel.getState(),
    subscribeState(fn) {
      let first = true
      return effect(() => {
        const state = kernel.state.value
        if (first) {
          first = false
          return
        }
        // The listener's own signal reads must not become dependencies of this effect.
        untracked(() => fn(state))
      })
    },
    subscribeEvents: (fn) => kernel.onAny(fn),
    subscribeTransactions: (fn) => kernel.on('transaction/status', (e) => fn(e.payload)),
    setThemeMode: (mode) => kernel.request('theme/setMode', { mode }),
    setThemeVariables: (variables) => kernel.request('theme/setVariables', { variables }),
    // Payments are a remote feature: the project's config decides before the checkout does.
    async pay(payment) {
      // The checkout opens the modal: its navigation code downloads while the project's config is read.
      preloadNavigation().catch(() => undefined)
      await initialize()
      return kernel.request('pay/checkout', payment)
    },
    // One owner (the namespaces plugin's `network/switch`) for the host API, the Networks view and the wallet itself.
    switchNetwork: (caipNetworkId) => kernel.request('network/switch', { caipNetworkId }),
    addNetwork: (network) => kernel.request('networks/add', { network }),
    removeNetwork: (caipNetworkId) => kernel.request('networks/remove', { caipNetworkId }),
    async disconnect(o) {
      if (kernel.hasRequest('wallet/disconnect'))
        await kernel.request('wallet/disconnect', { all: !o?.namespace, ...o })
    },
    attach: (element) => mounter.attach(element, false),
    subscribeInitialized(fn) {
      // at once when start-up has already settled (nothing to unsubscribe then)
      if (!kernel.getState().initialization.initialized) return kernel.on('app/initialized', () => fn())
      fn()
      return () => {}
    },
    destroy() {
      destroyed = true
      stopInitialization()
      stopWarming()
      mounter.dispose()
      detachHost?.()
      hostElement?.remove()
      kernel.dispose()
    },
  }
  return foyer
}

// One element per instance: <foyer-modal> (appended to <body> when first needed), or a child of the embedding element;
// none with disableAppend.
function createHostElement(options: FoyerOptions): HTMLElement | undefined {
  if (onServer()) return undefined
  if (options.embedded) {
    const el = document.createElement('div')
    el.setAttribute('data-foyer-embedded', '')
    options.embedded.appendChild(el)
    return el
  }
  if (options.disableAppend) return undefined
  return document.createElement('foyer-modal')
}
