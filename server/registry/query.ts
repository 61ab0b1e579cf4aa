// Registry reads, done in SQL so paging and search stay cheap however large the table grows.
import type { SqlRunner } from '../store/store.js'
import type { InjectedEntry, RegistryWallet } from './types.js'

/** Filters of GET /v1/wallets. */
export interface WalletFilter {
  page: number
  entries: number
  search?: string
  include?: string[]
  exclude?: string[]
  /** Ids listed first, in this order (among the wallets that match the other filters). */
  featured?: string[]
  platform?: 'mobile' | 'desktop' | 'web' | 'injected'
  chains?: string[]
}

/** A stored wallet (icons are read apart, by {@link getWalletIcon}). */
export type StoredWallet = RegistryWallet

interface WalletRow {
  id: string
  name: string
  rdns: string | null
  homepage: string | null
  sort_order: number
  chains: string[]
  mobile_link: string | null
  universal_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  injected: InjectedEntry[]
  source: string
}

const SELECT_COLUMNS =
  'SELECT id, name, rdns, homepage, sort_order, chains, mobile_link, universal_link, desktop_link, webapp_link, ' +
  'app_store, play_store, chrome_store, injected, source'

// Fixed SQL per platform; the value never reaches the SQL text, only this lookup does.
const PLATFORM_SQL: Record<NonNullable<WalletFilter['platform']>, string> = {
  mobile: 'mobile_link IS NOT NULL',
  desktop: 'desktop_link IS NOT NULL',
  web: 'webapp_link IS NOT NULL',
  injected: 'jsonb_array_length(injected) > 0',
}

function toWallet(r: WalletRow): StoredWallet {
  const w: StoredWallet = { id: r.id, name: r.name, order: r.sort_order, chains: r.chains, source: r.source }
  if (r.rdns) w.rdns = r.rdns
  if (r.homepage) w.homepage = r.homepage
  if (r.mobile_link) w.mobileLink = r.mobile_link
  if (r.universal_link) w.universalLink = r.universal_link
  if (r.desktop_link) w.desktopLink = r.desktop_link
  if (r.webapp_link) w.webappLink = r.webapp_link
  if (r.app_store) w.appStore = r.app_store
  if (r.play_store) w.playStore = r.play_store
  if (r.chrome_store) w.chromeStore = r.chrome_store
  if (r.injected.length > 0) w.injected = r.injected
  return w
}

/** One page of wallets plus the total count of matches. */
export async function listWallets(db: SqlRunner, f: WalletFilter): Promise<{ count: number; data: StoredWallet[] }> {
  const params: unknown[] = []
  const where: string[] = []
  const p = (v: unknown): string => `$${params.push(v)}`
  if (f.search) where.push(`lower(name) LIKE ${p(`%${f.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)}`)
  if (f.include) where.push(`id = ANY(${p(f.include)}::text[])`)
  if (f.exclude) where.push(`NOT (id = ANY(${p(f.exclude)}::text[]))`)
  if (f.chains) where.push(`chains && ${p(f.chains)}::text[]`)
  if (f.platform) where.push(PLATFORM_SQL[f.platform])
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : ''
  const countParams = [...params]
  const order = f.featured
    ? `array_position(${p(f.featured)}::text[], id) NULLS LAST, sort_order, id`
    : 'sort_order, id'
  // One round trip in the common case: the window count rides along with the page.
  const pageSql = `${SELECT_COLUMNS}, count(*) OVER ()::int AS total FROM wallets${whereSql} ORDER BY ${order} LIMIT ${p(f.entries)} OFFSET ${p((f.page - 1) * f.entries)}`
  const { rows } = await db.query<WalletRow & { total: number }>(pageSql, params)
  if (rows.length > 0) return { count: rows[0].total, data: rows.map(toWallet) }
  // Past the last page (or no match) the window has no row to ride on; count separately.
  if (f.page === 1) return { count: 0, data: [] }
  const countRes = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallets${whereSql}`, countParams)
  return { count: countRes.rows[0]?.n ?? 0, data: [] }
}

/** One wallet by id, or undefined. */
export async function getWallet(db: SqlRunner, id: string): Promise<StoredWallet | undefined> {
  const { rows } = await db.query<WalletRow>(`${SELECT_COLUMNS} FROM wallets WHERE id = $1`, [id])
  return rows[0] ? toWallet(rows[0]) : undefined
}

/** The icon of wallet `id` (media type and bytes), or undefined when the wallet or its icon is unknown. */
export async function getWalletIcon(
  db: SqlRunner,
  id: string,
): Promise<{ type: string; data: Uint8Array } | undefined> {
  const { rows } = await db.query<{ icon_type: string | null; icon: Uint8Array | null }>(
    'SELECT icon_type, icon FROM wallets WHERE id = $1',
    [id],
  )
  const r = rows[0]
  return r?.icon_type && r.icon ? { type: r.icon_type, data: r.icon } : undefined
}
