// A TEST FIXTURE, never product data: a registry of made-up wallets for tests of big-list behaviour (paging, virtual
// scrolling past 500 entries, search) and of the filters the shipped data cannot exercise (chains, injected). Every
// entry says so: names "Fixture Wallet NNN", homepages under the reserved `.test` domain, source "test-fixture".
import { walletId } from './listing.js'
import type { RegistryData, RegistryWallet } from './types.js'

const EVM = ['eip155:1', 'eip155:8453']
const SOLANA = ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
const BITCOIN = ['bip122:000000000019d6689c085ae165831e93']

/** `count` fixture wallets; every 10th is "Fixture Zeta NNN" (a search target), every 7th Bitcoin, every 5th injected. */
export function fixtureRegistry(count = 600): RegistryData {
  const wallets: RegistryWallet[] = []
  const icons: RegistryData['icons'] = new Map()
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, '0')
    const id = walletId(`test-fixture-${n}`)
    const chains = i % 7 === 0 ? BITCOIN : i % 3 === 0 ? [...EVM, ...SOLANA] : EVM
    const w: RegistryWallet = {
      id,
      name: i % 10 === 0 ? `Fixture Zeta ${n}` : `Fixture Wallet ${n}`,
      rdns: `test.fixture.wallet${n}`,
      homepage: `https://wallet${n}.test/`,
      order: i,
      chains,
      source: 'test-fixture',
    }
    if (i % 2 === 0) w.mobileLink = `fixture${n}://`
    if (i % 4 === 0) w.desktopLink = `fixture${n}-desktop://`
    if (i % 6 === 0) w.webappLink = `https://app.wallet${n}.test/`
    if (i % 2 === 0) w.appStore = `https://apps.apple.com/app/fixture-wallet-${n}/id${9_000_000_000 + i}`
    if (i % 5 === 0) w.injected = [{ namespace: chains[0].split(':')[0], injectedId: `isFixture${n}` }]
    wallets.push(w)
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#${n}"/></svg>`
    icons.set(id, { type: 'image/svg+xml', data: new TextEncoder().encode(svg) })
  }
  return { wallets, icons }
}
