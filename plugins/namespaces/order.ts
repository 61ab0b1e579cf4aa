// SPEC §9 connector type order for the Connect list: walletConnect, recent, injected, featured, custom, external,
// recommended. Pure data in, pure data out; each wallet appears once, at its earliest kind.
import type { ConnectorInfo } from './adapter.js'
import { registryImageUrl, type ListedWallet } from '../../protocol/registry/wallets.js'
import type { RecentWallet } from './namespaces.state.js'

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

const sameName = (a: ConnectorInfo, b: ConnectorInfo) => a.name.trim().toLowerCase() === b.name.trim().toLowerCase()

/**
 * SPEC §3 MULTI_CHAIN: a wallet installed for several namespaces (one name, announced once per namespace, as Phantom
 * does over EIP-6963 and Wallet Standard) becomes one connector in the place of its first, keeping that one's id;
 * `connectors` holds each namespace's own, which is what connects. At most one per namespace joins.
 */
export function mergeMultiChain(list: readonly ConnectorInfo[]): ConnectorInfo[] {
  const out: ConnectorInfo[] = []
  for (const c of list) {
    const i = injectedTypes.has(c.type)
      ? out.findIndex((m) => {
          const parts = m.connectors ?? [m]
          return injectedTypes.has(parts[0].type) && sameName(m, c) && parts.every((p) => p.namespace !== c.namespace)
        })
      : -1
    if (i < 0) out.push(c)
    else out[i] = { ...out[i], type: 'MULTI_CHAIN', connectors: [...(out[i].connectors ?? [out[i]]), c] }
  }
  return out
}

/** Orders the Connect list by SPEC §9; announced wallets come before the legacy injected one. */
export function orderConnectors(input: OrderInput): OrderedEntry[] {
  const out: OrderedEntry[] = []
  const connectors = mergeMultiChain(input.connectors)
  const registryImage = (id?: string) => registryImageUrl(input.apiUrl, id)
  const seen = new Set<string>()
  const add = (e: OrderedEntry, ...keys: Array<string | undefined>) => {
    if ([e.id, ...keys].some((k) => k && seen.has(k))) return
    for (const k of [e.id, ...keys]) if (k) seen.add(k)
    out.push(e)
  }
  // The connector that is this registry wallet: by id, by rdns, or by the registry id it names (SPEC §3 explorerId).
  const installed = (w: { id: string; rdns?: string }) =>
    connectors.find(
      (c) =>
        c.id === w.id ||
        c.explorerId === w.id ||
        c.connectors?.some((x) => x.id === w.id) ||
        (!!w.rdns && c.rdns === w.rdns),
    )
  const entry = (kind: ConnectorKind, c: ConnectorInfo): OrderedEntry => {
    const imageUrl = c.imageUrl ?? registryImage(c.imageId)
    return { kind, id: c.id, name: c.name, connector: c, ...(imageUrl ? { imageUrl } : {}) }
  }
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
    const c = installed(r)
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
            ...(input.apiUrl ? { imageUrl: registryImage(r.id) } : {}),
          },
        ),
        r.rdns,
      )
  }
  // Announced wallets (a merged one counts as announced) before the legacy injected one.
  for (const c of [
    ...connectors.filter((c) => c.type === 'ANNOUNCED' || c.type === 'MULTI_CHAIN'),
    ...connectors.filter((c) => c.type === 'INJECTED'),
  ])
    add(entry('injected', c), c.rdns)
  for (const id of input.featuredWalletIds ?? []) {
    const w = input.registry?.find((x) => x.id === id)
    if (!w) continue
    const c = installed(w)
    add(c ? entry('featured', c) : listed('featured', w), w.rdns, c?.id)
  }
  for (const w of input.customWallets ?? []) add(listed('custom', w), w.rdns)
  // AUTH is reached through the email and social methods, never a wallet row.
  for (const c of connectors.filter((x) => x.type === 'EXTERNAL')) add(entry('external', c), c.rdns, c.explorerId)
  for (const w of input.recommended ?? []) {
    const c = installed(w)
    add(c ? entry('recommended', c) : listed('recommended', w), w.rdns, c?.id)
  }
  return out
}
