// A real-signing EIP-6963 wallet for Playwright pages: the page gets an announced provider whose request()
// crosses into the test process (page.exposeFunction), where a viem account over anvil answers.
import type { Page } from 'playwright-core'
import {
  createTestWalletCore,
  type RpcErrorShape,
  type TestWalletCore,
  type TestWalletCoreOptions,
  type WalletEvent,
} from './wallet-core.js'

/** Options of {@link installTestWallet}. */
export interface InstallTestWalletOptions extends TestWalletCoreOptions {
  /** EIP-6963 info; defaults to "Foyer Test Wallet" / `dev.foyer.testwallet`. */
  info?: { name?: string; rdns?: string; uuid?: string; icon?: string }
  /** Also expose the provider as `window.ethereum` (legacy injection). */
  legacy?: boolean
  /** Announce it over EIP-6963 (default: true); false with `global` plays a host page's own wallet. */
  announce?: boolean
  /** Also put the provider at `window[global]`, e.g. for a host page to pass in Foyer's `connectors` option. */
  global?: string
}

/** The installed wallet, driven from the test. */
export type TestWallet = TestWalletCore & { rdns: string; name: string }

/** The default rdns of the test wallet, so its selector is `wallet-selector-dev.foyer.testwallet`. */
export const TestWalletRdns = 'dev.foyer.testwallet'

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b6cff"/><path d="M8 12h16v10H8z" fill="#fff"/></svg>')}`
let seq = 0

/** Installs the wallet into `page` (before navigation: it announces on every load). */
export async function installTestWallet(page: Page, options: InstallTestWalletOptions): Promise<TestWallet> {
  const binding = `__foyerTestWallet${++seq}`
  const info = {
    uuid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: 'Foyer Test Wallet',
    rdns: TestWalletRdns,
    icon: ICON,
    ...options.info,
  }
  const emit = async (e: WalletEvent) => {
    await page
      .evaluate(([b, ev]) => (window as any)[`${b}_emit`]?.(ev.event, ev.data), [binding, e] as const)
      .catch(() => undefined)
  }
  const core = createTestWalletCore(options, emit)
  await page.exposeFunction(
    binding,
    async (method: string, params: unknown): Promise<{ result?: unknown; error?: RpcErrorShape }> => {
      try {
        return { result: await core.request(method, params) }
      } catch (error) {
        const e = error as { code?: unknown; message?: unknown }
        return {
          error: {
            code: typeof e.code === 'number' ? e.code : -32603,
            message: typeof e.message === 'string' ? e.message : 'Internal error',
          },
        }
      }
    },
  )
  await page.addInitScript(
    ({ binding: b, info: i, legacy, announces, global }) => {
      const listeners = new Map<string, Set<(...a: unknown[]) => void>>()
      const provider = {
        isFoyerTestWallet: true,
        async request(args: { method: string; params?: unknown }) {
          const res = await (window as any)[b](args.method, args.params ?? [])
          if (res.error) throw Object.assign(new Error(res.error.message), { code: res.error.code })
          return res.result
        },
        on(event: string, fn: (...a: unknown[]) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set())
          listeners.get(event)!.add(fn)
          return provider
        },
        removeListener(event: string, fn: (...a: unknown[]) => void) {
          listeners.get(event)?.delete(fn)
          return provider
        },
      }
      ;(window as any)[`${b}_emit`] = (event: string, data: unknown) => {
        for (const fn of [...(listeners.get(event) ?? [])]) fn(data)
      }
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({ info: Object.freeze({ ...i }), provider }),
          }),
        )
      if (announces) {
        window.addEventListener('eip6963:requestProvider', announce)
        announce()
      }
      if (legacy) (window as any).ethereum = provider
      if (global) (window as any)[global] = provider
    },
    { binding, info, legacy: !!options.legacy, announces: options.announce !== false, global: options.global ?? '' },
  )
  return Object.assign(core, { rdns: info.rdns, name: info.name })
}
