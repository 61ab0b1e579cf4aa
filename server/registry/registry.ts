// The wallet registry: the hand-written well-known wallets first, then deterministic generated filler up to
// REGISTRY_SIZE so paging, search and scrolling behave as they would against a real registry.
import { createHash } from 'node:crypto'
import { BITCOIN_CHAINS, EVM_CHAINS, SOLANA_CHAINS } from './chains.js'
import { KNOWN_WALLETS, chainsFor } from './known.js'
import type { RegistryWallet } from './types.js'

/** Total number of wallets in the registry. */
export const REGISTRY_SIZE = 540

const ADJECTIVES = [
  'Amber',
  'Arctic',
  'Azure',
  'Bold',
  'Brisk',
  'Cedar',
  'Cobalt',
  'Coral',
  'Crimson',
  'Dawn',
  'Ember',
  'Fern',
  'Granite',
  'Harbor',
  'Indigo',
  'Ivory',
  'Jade',
  'Juniper',
  'Lumen',
  'Maple',
  'Meadow',
  'Nimbus',
  'Onyx',
  'Opal',
  'Pine',
  'Quartz',
  'Raven',
  'Sable',
  'Sage',
  'Silver',
  'Solar',
  'Tidal',
  'Umber',
  'Velvet',
  'Willow',
  'Zephyr',
]
const NOUNS = [
  'Vault',
  'Keep',
  'Pouch',
  'Ledger',
  'Purse',
  'Safe',
  'Locker',
  'Chest',
  'Satchel',
  'Harbor',
  'Anchor',
  'Beacon',
  'Bridge',
  'Compass',
  'Forge',
  'Gate',
  'Haven',
  'Key',
  'Lantern',
  'Nest',
  'Orbit',
  'Path',
  'Quill',
  'Signal',
]

/** Derives the 64-hex wallet id from a slug. */
export function walletId(slug: string): string {
  return createHash('sha256').update(`foyer-wallet:${slug}`).digest('hex')
}

// mulberry32: tiny, seedable, and identical on every platform, so the registry is the same everywhere.
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function generatedWallet(index: number, name: string, slug: string, rand: () => number): RegistryWallet {
  const host = `${slug}.wallet.example`
  const r = rand()
  const chains =
    r < 0.6
      ? [...EVM_CHAINS]
      : r < 0.8
        ? [...EVM_CHAINS, ...SOLANA_CHAINS]
        : r < 0.93
          ? [...SOLANA_CHAINS]
          : [...BITCOIN_CHAINS]
  const hasMobile = rand() < 0.85
  const hasDesktop = rand() < 0.15
  const hasWeb = rand() < 0.2
  const hasInjected = rand() < 0.3
  const scheme = slug.replace(/-/g, '')
  const namespace = chains[0].split(':')[0]
  return {
    id: walletId(slug),
    slug,
    name,
    rdns: `example.generated.${scheme}`,
    homepage: `https://${host}`,
    order: 1000 + index,
    chains,
    mobileLink: hasMobile ? `${scheme}://` : undefined,
    desktopLink: hasDesktop ? `${scheme}-desktop://` : undefined,
    webappLink: hasWeb ? `https://app.${host}` : undefined,
    appStore: hasMobile ? `https://apps.apple.com/app/${slug}/id${6_400_000_000 + index}` : undefined,
    playStore: hasMobile ? `https://play.google.com/store/apps/details?id=example.generated.${scheme}` : undefined,
    injected: hasInjected
      ? [{ namespace, injectedId: namespace === 'eip155' ? `is${name.replace(/\s/g, '')}` : `window.${scheme}` }]
      : undefined,
    generated: true,
  }
}

let cached: RegistryWallet[] | undefined

/** Builds the full registry (memoised); ids, order and content are deterministic. */
export function buildRegistry(): RegistryWallet[] {
  if (cached) return cached
  const wallets: RegistryWallet[] = KNOWN_WALLETS.map((k, i) => ({
    id: walletId(k.slug),
    slug: k.slug,
    name: k.name,
    rdns: k.rdns,
    homepage: k.homepage,
    order: i + 1,
    chains: chainsFor(k.ns),
    mobileLink: k.mobile,
    desktopLink: k.desktop,
    webappLink: k.webapp,
    appStore: k.ios,
    playStore: k.android,
    injected: k.injected,
    generated: false,
  }))
  const rand = rng(0xf0_9e_12)
  const names = new Set(wallets.map((w) => w.name.toLowerCase()))
  let index = 0
  // Walk adjective × noun in a fixed shuffled order; every pair is unique, so no retries are needed.
  const pairs = ADJECTIVES.flatMap((a) => NOUNS.map((n) => [a, n] as const))
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[pairs[i], pairs[j]] = [pairs[j], pairs[i]]
  }
  for (const [adj, noun] of pairs) {
    if (wallets.length >= REGISTRY_SIZE) break
    const name = `${adj} ${noun}`
    if (names.has(name.toLowerCase())) continue
    names.add(name.toLowerCase())
    wallets.push(generatedWallet(index++, name, `${adj}-${noun}`.toLowerCase(), rand))
  }
  cached = wallets
  return wallets
}
