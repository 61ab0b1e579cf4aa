// A kernel for tests: the core plugins, stub views for every SPEC §2 view id, a fake clock and memory storage.
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type ConfigState,
  type ErrorReport,
  type FakeClock,
  type FoyerEvent,
  type HostOptions,
  type HttpClient,
  type Kernel,
  type PluginEntry,
  type StorageBackend,
} from '../index.js'

/** Every view id SPEC §2 names (the unsupported-chain view as `UnsupportedChain`). */
export const SpecViewIds: readonly string[] = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SwitchNetwork',
  'SwitchActiveChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'DataCapture',
  'Networks',
  'ConnectWallets',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'OnRampProviders',
  'Swap',
  'UnsupportedChain',
]

/** A plugin registering a stub view (component = the id) for every SPEC §2 view id. */
export const specViewsPlugin = definePlugin({
  id: 'test-views',
  views: Object.fromEntries(SpecViewIds.map((id) => [id, { component: id }])),
})

/** Options of {@link createTestKernel}. */
export interface TestKernelOptions {
  /** Namespaces with an adapter (default eip155 and solana). */
  namespaces?: string[]
  mobile?: boolean
  embedded?: boolean
  /** Extra plugins (definitions or manifests) after the core and view plugins. */
  plugins?: PluginEntry[]
  logCapacity?: number
  http?: HttpClient
  sendErrorReport?: (report: ErrorReport) => void
  config?: Partial<ConfigState>
  /** Host options plugins read through `ctx.options`. */
  options?: HostOptions
}

/** A kernel whose clock is a {@link FakeClock}, with its storage backend exposed. */
export type TestKernel = Kernel & {
  readonly clock: FakeClock
  readonly backend: StorageBackend & { dump(): Record<string, string> }
}

/** Creates a kernel for tests; dispose it after each test. */
export function createTestKernel(o: TestKernelOptions = {}): TestKernel {
  const clock = createFakeClock()
  const backend = memoryBackend()
  const config: ConfigState = {
    projectId: 'test-project',
    networks: [],
    namespaces: o.namespaces ?? ['eip155', 'solana'],
    mobile: !!o.mobile,
    features: {},
    ...o.config,
  }
  const kernel = createKernel({
    plugins: [...corePlugins({ config, embedded: o.embedded }), specViewsPlugin, ...(o.plugins ?? [])],
    clock,
    storage: createStorage(backend),
    ...(o.http ? { http: o.http } : {}),
    ...(o.logCapacity ? { logCapacity: o.logCapacity } : {}),
    ...(o.sendErrorReport ? { sendErrorReport: o.sendErrorReport } : {}),
    ...(o.options ? { options: o.options } : {}),
  })
  return Object.assign(kernel, { backend }) as TestKernel
}

/** Emits an event type the test declares ad hoc (no declaration merging into the project's EventMap). */
export function emitRaw(kernel: Kernel, type: string, payload: unknown): void {
  ;(kernel.emit as (t: string, p: unknown) => void)(type, payload)
}

/** Sends a request by a name the test declares ad hoc. */
export function requestRaw(kernel: Kernel, name: string, input?: unknown): Promise<unknown> {
  return (kernel.request as (n: string, i?: unknown) => Promise<unknown>)(name, input)
}

/** Collects every event the kernel emits from now on. */
export function recordEvents(kernel: Kernel): FoyerEvent<string>[] {
  const seen: FoyerEvent<string>[] = []
  kernel.onAny((e) => seen.push(e))
  return seen
}

/** Lets pending promise callbacks run (requests are async even when their handlers are not). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}
