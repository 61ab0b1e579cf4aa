// Test helpers for the shell's tests: a Foyer on fake seams, React rendering under act, and queries that look
// through open shadow roots (the modal and the buttons live in them).
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createFakeClock, createStorage, memoryBackend, type FakeClock, type NetworkInfo } from '../kernel/index.js'
import { createFoyer } from '../index.js'
import type { Foyer } from './createFoyer.js'
import type { FoyerOptions } from './options.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Two EVM networks for tests. */
export const testNetworks: NetworkInfo[] = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
]

/** A Foyer with a fake clock, memory storage and a fetch that fails the test if called. */
export function testFoyer(options: Partial<FoyerOptions> = {}): Foyer & { clock: FakeClock; fetches: string[] } {
  const clock = createFakeClock(1_000)
  const fetches: string[] = []
  const foyer = createFoyer({
    projectId: 'test-project',
    networks: testNetworks,
    adapters: ['eip155'],
    clock,
    storage: createStorage(memoryBackend()),
    fetch: (async (url: string) => {
      fetches.push(String(url))
      throw new Error('no network in tests')
    }) as unknown as typeof fetch,
    termsConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
    ...options,
  })
  foyers.push(foyer)
  return Object.assign(foyer, { clock, fetches })
}

const roots: Root[] = []
const foyers: Foyer[] = []

/** Unmounts everything {@link render} rendered, destroys every {@link testFoyer}, and empties the page. */
export async function cleanup(): Promise<void> {
  await act(async () => {
    for (const r of roots.splice(0)) r.unmount()
  })
  await act(async () => {
    for (const f of foyers.splice(0)) f.destroy()
  })
  document.body.innerHTML = ''
}

/** Renders `node` into a fresh container; returns the root and the container. */
export async function render(node: ReactNode): Promise<{ root: Root; container: HTMLElement }> {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  roots.push(root)
  await act(async () => {
    root.render(node)
  })
  return { root, container }
}

/** Lets lazy chunks, effects and microtasks settle. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
}

/** Every element matching `selector` in the document and inside open shadow roots. */
export function queryAllDeep<T extends Element = HTMLElement>(
  selector: string,
  root: Document | ShadowRoot | Element = document,
): T[] {
  const out: T[] = [...root.querySelectorAll<T>(selector)]
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) out.push(...queryAllDeep<T>(selector, el.shadowRoot))
  return out
}

/** The one element with `data-testid="id"`, anywhere (undefined when absent). */
export function byTestId<T extends Element = HTMLElement>(id: string): T | undefined {
  return queryAllDeep<T>(`[data-testid="${id}"]`)[0]
}

/** Clicks the element with test id `id` inside act. */
export async function click(id: string): Promise<void> {
  const el = byTestId(id)
  if (!el) throw new Error(`no element with data-testid="${id}"`)
  await act(async () => {
    el.click()
  })
  await settle()
}

/** Dispatches a keydown on `target` inside act. */
export async function key(target: Element, keyName: string, init: KeyboardEventInit = {}): Promise<void> {
  await act(async () => {
    target.dispatchEvent(
      new KeyboardEvent('keydown', { key: keyName, bubbles: true, composed: true, cancelable: true, ...init }),
    )
  })
  await settle()
}

/** Polls (inside act) until `fn` returns a truthy value; fails after `timeoutMs`. */
export async function waitFor<T>(fn: () => T | undefined | null | false, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`waitFor timed out: ${fn.toString()}`)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10))
    })
  }
}
