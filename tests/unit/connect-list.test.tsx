// The Connect list as SPEC §9 orders it, through the real path: the modal opens, the namespaces plugin fetches the
// registry wallets (protocol/registry/wallets.ts; one API request, none before the first click), and ConnectWallets
// shows walletConnect, recent, injected, featured, custom, external, recommended; excluded wallets are hidden even when
// installed; a wallet announced twice is one row; recent wallets are kept 2.
import { afterEach, describe, expect, it } from 'vitest'
import { createStorage, memoryBackend, StorageKeys } from '../../kernel/index.js'
import { fixtureRegistry } from '../../server/registry/fixture.js'
import { cleanup, queryAllDeep, testFoyer, waitFor } from '../../shell/testing.js'

afterEach(cleanup)

// Test fixture wallets (never product data), answered the way GET /v1/wallets does (featured first, include/exclude).
const registry = fixtureRegistry(12).wallets
const w = (i: number) => registry[i - 1]
function registryFetch(calls: URL[]) {
  return (async (input: string) => {
    const url = new URL(String(input))
    calls.push(url)
    const list = (k: string) => url.searchParams.get(k)?.split(',') ?? []
    const include = list('include')
    const exclude = list('exclude')
    const featured = list('featured')
    const matching = registry.filter((x) => (!include.length || include.includes(x.id)) && !exclude.includes(x.id))
    const rank = (x: { id: string }) => (featured.includes(x.id) ? featured.indexOf(x.id) : 1000)
    const sorted = [...matching].sort((a, b) => rank(a) - rank(b) || a.order - b.order)
    const data = sorted.slice(0, Number(url.searchParams.get('entries') ?? 40))
    return new Response(JSON.stringify({ count: sorted.length, data }), {
      headers: { 'content-type': 'application/json' },
    })
  }) as unknown as typeof fetch
}

function announce(uuid: string, rdns: string, name: string) {
  const provider = { request: async () => null }
  const send = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid, rdns, name, icon: '' }, provider } }),
    )
  window.addEventListener('eip6963:requestProvider', send)
  send()
  return () => window.removeEventListener('eip6963:requestProvider', send)
}

const rows = () =>
  queryAllDeep('[data-testid="connect-wallets"] [data-testid^="wallet-selector-"]').map((el) =>
    el.getAttribute('data-testid')!.replace('wallet-selector-', ''),
  )

describe('Connect list (SPEC §9 connector type order)', () => {
  it('orders walletConnect, recent, injected, featured, custom, recommended with registry data the view receives', async () => {
    const stops = [
      announce('uuid-a', 'test.fixture.wallet003', 'Fixture Wallet 003'),
      announce('uuid-b', 'test.announced.other', 'Announced Other'),
      announce('uuid-c', 'test.announced.other', 'Announced Other'),
      announce('uuid-d', 'test.fixture.wallet005', 'Fixture Wallet 005'),
    ]
    const storage = createStorage(memoryBackend())
    storage.set(StorageKeys.recentWallets, [
      { id: w(9).id, name: w(9).name },
      { id: w(8).id, name: w(8).name },
      { id: w(7).id, name: w(7).name },
    ])
    const calls: URL[] = []
    const foyer = testFoyer({
      storage,
      apiUrl: 'http://api.test/',
      fetch: registryFetch(calls),
      featuredWalletIds: [w(6).id, w(3).id, w(2).id],
      excludeWalletIds: [w(5).id, w(1).id],
      customWallets: [{ id: 'custom-one', name: 'Custom One', homepage: 'https://custom.test' }],
    })
    expect(calls).toEqual([])
    await foyer.open()
    await waitFor(() => rows().includes(w(4).id))
    expect(rows()).toEqual([
      'walletConnect',
      w(9).id, // recent (registry wallet used over WalletConnect); only 2 are kept
      w(8).id,
      'test.fixture.wallet003', // installed (announced); its featured registry twin is the same row
      'test.announced.other', // announced twice with one rdns: one row
      w(6).id, // featured, in the host's order (3 is installed, listed above)
      w(2).id,
      'custom-one',
      w(4).id, // recommended: the registry's next wallets, without featured or excluded ones
      w(7).id,
    ])
    // Excluded: fixture 5 is installed but hidden by its rdns; fixture 1 never comes back from the API.
    expect(rows()).not.toContain('test.fixture.wallet005')
    expect(rows()).not.toContain(w(1).id)
    // The registry requests (the project plugin's config and INITIALIZE go to the same API).
    const wallets = calls.filter((u) => u.pathname === '/v1/wallets')
    expect(wallets.map((u) => [u.pathname, u.searchParams.get('featured'), u.searchParams.get('include')])).toEqual([
      ['/v1/wallets', [w(6).id, w(3).id, w(2).id].join(','), null],
      ['/v1/wallets', null, [w(5).id, w(1).id].join(',')],
    ])
    expect(wallets[0].searchParams.get('exclude')).toBe([w(5).id, w(1).id].join(','))
    for (const s of stops) s()
  })

  it('honours includeWalletIds: only those registry wallets are featured or recommended', async () => {
    const calls: URL[] = []
    const foyer = testFoyer({
      apiUrl: 'http://api.test/',
      fetch: registryFetch(calls),
      includeWalletIds: [w(10).id, w(11).id],
    })
    await foyer.open()
    await waitFor(() => rows().includes(w(11).id))
    expect(rows()).toEqual(['walletConnect', w(10).id, w(11).id])
    const wallets = calls.filter((u) => u.pathname === '/v1/wallets')
    expect(wallets[0].searchParams.get('include')).toBe(`${w(10).id},${w(11).id}`)
  })
})
