// SPEC §9 connector type order for the Connect list: walletConnect, recent, injected, featured, custom, external,
// recommended. Pure data in, pure data out; each wallet appears once, at its earliest kind.
import type { ConnectorInfo } from './adapter.js'
import type { RecentWallet } from './namespaces.state.js'
import type { WalletLinks } from './walletconnect/wc.state.js'

/** The kinds of entry in the Connect list. */
export type ConnectorKind = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended'

/** SPEC §9 connector type order. */
export const ConnectorTypeOrder: readonly ConnectorKind[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]

/** A wallet known from the registry or the host (not necessarily installed). */
export type ListedWallet = WalletLinks & { rdns?: string; chains?: string[] }

/** One entry of the ordered list; `connector` is set when the wallet can connect right here. */
export interface OrderedEntry {
  kind: ConnectorKind
  id: string
  name: string
  imageUrl?: string
  connector?: ConnectorInfo
  wallet?: ListedWallet
}

/** What {@link orderConnectors} orders. */
export interface OrderInput {
  connectors: readonly ConnectorInfo[]
  recent: readonly RecentWallet[]
  /** Whether WalletConnect is offered (its single entry comes first). */
  walletConnect?: boolean
  featuredWalletIds?: readonly string[]
  customWallets?: readonly ListedWallet[]
  /** Registry data to name featured ids, and the recommended wallets, when known. */
  registry?: readonly ListedWallet[]
  recommended?: readonly ListedWallet[]
  /** The API's base URL: a recent registry wallet the lists above do not carry gets its icon from there. */
  apiUrl?: string
}

const injectedTypes = new Set(['ANNOUNCED', 'INJECTED'])
const RegistryId = /^[0-9a-f]{64}$/

/** Orders the Connect list by SPEC §9; announced wallets come before the legacy injected one. */
export function orderConnectors(input: OrderInput): OrderedEntry[] {
  const out: OrderedEntry[] = []
  const seen = new Set<string>()
  const add = (e: OrderedEntry, ...keys: Array<string | undefined>) => {
    if ([e.id, ...keys].some((k) => k && seen.has(k))) return
    for (const k of [e.id, ...keys]) if (k) seen.add(k)
    out.push(e)
  }
  const installed = (w: ListedWallet) => input.connectors.find((c) => c.id === w.id || (!!w.rdns && c.rdns === w.rdns))
  const entry = (kind: ConnectorKind, c: ConnectorInfo): OrderedEntry => ({
    kind,
    id: c.id,
    name: c.name,
    connector: c,
    ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}),
  })
  const listed = (kind: ConnectorKind, w: ListedWallet): OrderedEntry => ({
    kind,
    id: w.id,
    name: w.name,
    wallet: w,
    ...(w.imageUrl ? { imageUrl: w.imageUrl } : {}),
  })

  if (input.walletConnect) add({ kind: 'walletConnect', id: 'walletConnect', name: 'WalletConnect' })
  const known = [...(input.registry ?? []), ...(input.recommended ?? [])]
  for (const r of input.recent) {
    const c = input.connectors.find((x) => x.id === r.id || (!!r.rdns && x.rdns === r.rdns))
    if (c && c.type !== 'WALLET_CONNECT') add(entry('recent', c), c.rdns)
    // A registry wallet used over WalletConnect (64-hex registry id): listed again, with its links when known.
    else if (!c && RegistryId.test(r.id))
      add(
        listed(
          'recent',
          known.find((w) => w.id === r.id) ?? {
            id: r.id,
            name: r.name,
            rdns: r.rdns,
            ...(input.apiUrl ? { imageUrl: `${input.apiUrl.replace(/\/+$/, '')}/v1/wallets/${r.id}/image` } : {}),
          },
        ),
        r.rdns,
      )
  }
  const injected = input.connectors.filter((c) => injectedTypes.has(c.type))
  for (const c of [...injected.filter((c) => c.type === 'ANNOUNCED'), ...injected.filter((c) => c.type === 'INJECTED')])
    add(entry('injected', c), c.rdns)
  for (const id of input.featuredWalletIds ?? []) {
    const w = input.registry?.find((x) => x.id === id)
    if (!w) continue
    const c = installed(w)
    add(c ? entry('featured', c) : listed('featured', w), w.rdns, c?.id)
  }
  for (const w of input.customWallets ?? []) add(listed('custom', w), w.rdns)
  // AUTH is reached through the email and social methods, never a wallet row.
  for (const c of input.connectors.filter((x) => x.type === 'EXTERNAL' || x.type === 'MULTI_CHAIN'))
    add(entry('external', c), c.rdns)
  for (const w of input.recommended ?? []) {
    const c = installed(w)
    add(c ? entry('recommended', c) : listed('recommended', w), w.rdns, c?.id)
  }
  return out
}
