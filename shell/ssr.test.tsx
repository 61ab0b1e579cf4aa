// @vitest-environment node
// Server rendering (issue 31): importing Foyer and rendering the provider and buttons in Node, with no DOM, reads no
// browser global beyond a `typeof` guard, starts nothing, and writes buttons a page shows before any script runs, styled
// only by <style> elements carrying the host's CSP nonce (no `style` attribute a strict CSP would refuse).
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createElement as h } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { PassThrough } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'

const Globals = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB'] as const
const reads: Array<{ name: string; frame: string }> = []
// Absent as on a server, but every read is recorded with the line that made it.
for (const name of Globals)
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      reads.push({ name, frame: new Error().stack?.split('\n')[2] ?? '' })
      return undefined
    },
  })
afterAll(() => {
  for (const name of Globals) delete (globalThis as Record<string, unknown>)[name]
})

// A read of Foyer's counts as touching unless its line only asks `typeof <global>`, which is how code learns it is on a
// server. (React's own module-level `typeof window` checks are React's; any real use would have thrown here.)
function touches(): string[] {
  return reads
    .filter(({ frame }) => !frame.includes('/node_modules/'))
    .filter(({ name, frame }) => {
      const at = /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?$/.exec(frame)
      if (!at) return true
      const path = at[1]!.startsWith('file:') ? fileURLToPath(at[1]!) : at[1]!
      const line = existsSync(path) ? readFileSync(path, 'utf8').split('\n')[Number(at[2]) - 1] : undefined
      return !line?.includes(`typeof ${name}`)
    })
    .map(({ name, frame }) => `${name} ${frame.trim()}`)
}

const options = {
  projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }],
  adapters: ['eip155'],
  apiUrl: 'http://127.0.0.1:9/',
  nonce: 'r4nd0m',
  themeVariables: { '--foyer-accent': '#4a55e0' },
}

type Entry = typeof import('../index.js')

async function renderWith(entry: Entry, stream = false): Promise<string> {
  const foyer = entry.createFoyer(options)
  const app = h(entry.FoyerProvider, { foyer }, h(entry.ConnectButton), h(entry.NetworkButton), h(entry.AccountButton))
  if (!stream) return renderToString(app)
  return new Promise((resolve, reject) => {
    const out = new PassThrough()
    let html = ''
    out.on('data', (chunk: Buffer) => (html += chunk.toString()))
    out.on('end', () => resolve(html))
    const { pipe } = renderToPipeableStream(app, { onAllReady: () => pipe(out), onError: reject })
  })
}

function expectServerButtons(html: string): void {
  // Each button in a declarative shadow root, styled by a nonce'd sheet; no style attribute anywhere.
  expect(html).toMatch(/<template shadowrootmode="open">.*data-testid="connect-button"[^>]*>Connect Wallet</)
  expect(html).toMatch(/data-testid="network-button".*Ethereum/)
  expect(html).not.toContain('account-button')
  const styles = html.match(/<style[^>]*>/g) ?? []
  expect(styles.length).toBe(2)
  for (const tag of styles) expect(tag).toBe('<style nonce="r4nd0m">')
  expect(html).not.toMatch(/\sstyle="/)
  // The theme variable reaches the button through the sheet.
  expect(html).toMatch(/\{--foyer-accent:#4a55e0\}<\/style>/)
}

describe('server rendering', () => {
  it('renders the source entry to a string and a stream touching no browser global', async () => {
    reads.length = 0
    const entry = await import('../index.js')
    expectServerButtons(await renderWith(entry))
    expectServerButtons(await renderWith(entry, true))
    // Nothing was scheduled to start later either.
    await new Promise((r) => setTimeout(r, 50))
    expect(touches()).toEqual([])
  }, 30_000)

  it('renders the built library (dist/lib) touching no browser global', async () => {
    const built = new URL('../dist/lib/index.js', import.meta.url)
    expect(existsSync(built), 'dist/lib is missing: run `npm run build` first').toBe(true)
    reads.length = 0
    const entry = (await import(/* @vite-ignore */ built.href)) as Entry
    expectServerButtons(await renderWith(entry))
    await new Promise((r) => setTimeout(r, 50))
    expect(touches()).toEqual([])
  }, 30_000)
})
