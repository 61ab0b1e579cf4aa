// The composition root: what a Foyer instance offers host pages, and when it starts (instance.ts builds it).
import type {
  ConnectedAccount,
  FoyerEvent,
  Kernel,
  KernelState,
  NetworkInfo,
  OpenOptions,
  PaymentRequest,
  PaymentResult,
  PluginEntry,
  ThemeMode,
  TransactionStatus,
  ThemeVariables,
} from '../kernel/index.js'
import { startFoyer } from './instance.js'
import { regionalOptions, toConfig, type FoyerOptions } from './options.js'
import { onServer } from './server.js'
import { lazyProvider, type ProviderOf } from './providers/lazy.js'

/** A running Foyer instance. */
export interface Foyer {
  readonly kernel: Kernel
  readonly options: Readonly<FoyerOptions>
  /** Opens the modal (SPEC §2 open rules); resolves once it is rendered. */
  open(options?: OpenOptions): Promise<void>
  /**
   * Opens the modal (as `open(options)`) for the visitor to connect; resolves with the account of the next connection,
   * or rejects with SPEC §8's "Modal closed" (code `modalClosed`) when the modal closes before one is made.
   */
  connect(options?: OpenOptions): Promise<ConnectedAccount>
  /** Starts downloading what `open(options)` will show, without running it: call it at the visitor's intent. */
  prefetch(options?: OpenOptions): void
  /** Requests closing; resolves false when closing is refused (the modal shakes). */
  close(): Promise<boolean>
  getState(): KernelState
  /**
   * SPEC §4 `initialized` (also `getState().initialization.initialized`): calls `fn` once start-up has settled —
   * options checked, adapters ready, a stored connection restored or given up — at once when it already has. Returns
   * the unsubscribe function.
   */
  subscribeInitialized(fn: () => void): () => void
  /** Calls `fn` with the new state after every change; returns the unsubscribe function. */
  subscribeState(fn: (state: KernelState) => void): () => void
  /** Calls `fn` with every event; returns the unsubscribe function. */
  subscribeEvents(fn: (event: FoyerEvent<string>) => void): () => void
  /**
   * Calls `fn` with every status of a transaction the modal asked the wallet for (send, swap, approve, buy): loading,
   * then success (with its hash and explorer link) or error — what a host page toasts. Returns the unsubscribe function.
   */
  subscribeTransactions(fn: (status: TransactionStatus) => void): () => void
  setThemeMode(mode: ThemeMode): Promise<void>
  setThemeVariables(variables: ThemeVariables): Promise<void>
  /**
   * Opens the Pay checkout for `amount` (a decimal string) of `asset` ('native' or a token address) to `recipient` on
   * `network`; resolves with the transaction once mined, rejects with the reason (needs `features.payments`).
   */
  pay(payment: PaymentRequest): Promise<PaymentResult>
  /** Switches to a configured network; an unknown id shows the switch-network-not-found alert and rejects. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /**
   * Adds a network after creation (SPEC §5): checked as `networks` are at start, and its namespace needs an adapter;
   * rejects with the reason otherwise. A network already configured changes nothing.
   */
  addNetwork(network: NetworkInfo): Promise<void>
  /**
   * Removes a configured network; the active one is switched away from first (to its namespace's first other
   * network), and the last network of a namespace cannot be removed. Rejects with the reason, changing nothing.
   */
  removeNetwork(caipNetworkId: string): Promise<void>
  /**
   * Disconnects through the wallet plugin when one is loaded or promised (otherwise resolves): every connected
   * namespace, or only `namespace`; `keepModalOpen` leaves the modal as it is (SPEC §4).
   */
  disconnect(options?: { namespace?: string; keepModalOpen?: boolean }): Promise<void>
  /**
   * The provider of the active connection in `namespace`, whatever wallet is behind it: 'eip155' gives an EIP-1193
   * provider (ethers' BrowserProvider, viem's `custom` transport), 'solana' a wallet-adapter-like signer. Its code
   * loads at the first call; the same object is returned each time.
   */
  getProvider<N extends 'eip155' | 'solana'>(namespace: N): ProviderOf<N>
  /** Renders the modal into `element`'s shadow root once it first opens (used by `<FoyerModal/>`); returns detach. */
  attach(element: HTMLElement): () => void
  /** Unmounts the modal, removes its element and disposes the kernel. */
  destroy(): void
}

/** The plugins a distribution composes in (the package entry passes Foyer's built-ins; the shell names none). */
export interface Builtins {
  plugins: PluginEntry[]
}

/**
 * Creates a Foyer instance over `builtins`. Makes no network request until the visitor's first intent.
 *
 * The options are checked here; the instance itself (kernel, stored-connection restore, modal element) starts at its
 * first use — on a host page, the first render of a Foyer button or hook, or any call — and at the latest in a task
 * after the page's first frame (a second in a hidden tab), so a page that shows no Foyer UI still restores its
 * visitor's connection. Starting
 * inside React's render task puts the start-up next to the commit it serves: the frame that follows shows the button,
 * rather than an empty frame slipping in between the page's script and React's render (issue 19).
 */
export function createFoyerWith(builtins: Builtins, hostOptions: FoyerOptions): Foyer {
  const options = regionalOptions(hostOptions)
  const config = toConfig(options)
  let started: Omit<Foyer, 'getProvider'> | undefined
  const providers: Record<string, any> = {}
  const run = () => (started ??= startFoyer(builtins, options, config, foyer))
  // Every call but these three runs on the started instance, with its one argument.
  const forwarded = Object.fromEntries(
    Forwarded.map((name) => [name, (arg: unknown) => (run()[name] as (arg: unknown) => unknown)(arg)]),
  ) as Pick<Foyer, (typeof Forwarded)[number]>
  const foyer: Foyer = {
    get kernel() {
      return run().kernel
    },
    options: Object.freeze({ ...options }),
    getProvider: (ns) => (providers[ns] ??= lazyProvider(foyer, ns)),
    ...forwarded,
  }
  // A server renders from the initial state and starts nothing on its own: each request's render needs no timer.
  if (!onServer()) afterFirstFrame(() => void run())
  return foyer
}

// The methods that forward to the started instance: a list of names rather than a closure written out for each keeps
// the first-paint chunk smaller (the compiler still checks that `foyer` has every method of Foyer).
const Forwarded = [
  'open',
  'connect',
  'prefetch',
  'close',
  'getState',
  'subscribeState',
  'subscribeInitialized',
  'subscribeEvents',
  'subscribeTransactions',
  'setThemeMode',
  'setThemeVariables',
  'pay',
  'switchNetwork',
  'addNetwork',
  'removeNetwork',
  'disconnect',
  'attach',
  'destroy',
] as const satisfies ReadonlyArray<keyof Foyer>

// Without frames (tests in a DOM without rAF) the next task; a hidden tab draws no frames, so a second at the latest
// (`fn` may run twice: starting is idempotent).
function afterFirstFrame(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(fn, 0)
  requestAnimationFrame(() => setTimeout(fn, 0))
  setTimeout(fn, HiddenTabStartMs)
}

const HiddenTabStartMs = 1000
