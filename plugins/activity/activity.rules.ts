// The SPEC rules of the Activity list, as pure functions: what a well-formed transaction from the API is (anything
// else is dropped), which ones are shown (not all-spam, on the active network), and how an amount reads (3 decimals,
// truncated; + for receive, deposit, borrow and claim, - for withdraw, repay and burn — SPEC §9).
import { DecimalPattern } from '../../kernel/index.js'
import { formatAmount } from '../../shell/ui/amount.js'

/** One transfer of an activity item. */
export interface ActivityTransfer {
  kind: 'fungible' | 'nft'
  /** Token name, or the NFT's name. */
  name: string
  /** Fungible: the token symbol. */
  symbol?: string
  /** Untrusted: the token icon or the NFT image. */
  imageUrl?: string
  direction: 'in' | 'out'
  /** Whole tokens, decimal string. */
  quantity: string
  spam: boolean
}

/** The allowance an `approve` transaction granted. */
export interface ActivityApproval {
  symbol: string
  /** Whole tokens, decimal string. */
  quantity: string
  unlimited: boolean
}

/** One transaction of the list (SPEC §3 Transaction, as the client keeps it). */
export interface ActivityItem {
  id: string
  hash?: string
  minedAt: string
  chain: string
  operationType: string
  status: string
  sentFrom: string
  sentTo: string
  approval?: ActivityApproval
  transfers: ActivityTransfer[]
}

/** Operation types shown with a plus sign: SPEC §9's, and a purchase (issue 33: tokens an on-ramp delivered). */
export const PlusTypes: readonly string[] = ['receive', 'deposit', 'borrow', 'claim', 'buy']
/** Operation types shown with a minus sign: SPEC §9's, and a send (issue 10: the sender's Activity lists it with "-"). */
export const MinusTypes: readonly string[] = ['withdraw', 'repay', 'burn', 'send']

/** The sign an operation type's amount carries: '+', '-' or nothing. */
export function signOf(operationType: string): '+' | '-' | '' {
  return PlusTypes.includes(operationType) ? '+' : MinusTypes.includes(operationType) ? '-' : ''
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): v is string => typeof v === 'string'

function toTransfer(t: unknown): ActivityTransfer | undefined {
  if (!isRecord(t) || (t.direction !== 'in' && t.direction !== 'out') || !isRecord(t.quantity)) return undefined
  const quantity = t.quantity.numeric
  if (!str(quantity) || !DecimalPattern.test(quantity)) return undefined
  const { direction } = t
  const f = t.fungible_info
  const n = t.nft_info
  if (isRecord(f) && str(f.symbol) && typeof f.spam === 'boolean') {
    const icon = isRecord(f.icon) && str(f.icon.url) ? { imageUrl: f.icon.url } : {}
    const name = str(f.name) ? f.name : f.symbol
    return { kind: 'fungible', name, symbol: f.symbol, ...icon, direction, quantity, spam: f.spam }
  }
  if (isRecord(n) && str(n.name) && typeof n.spam === 'boolean') {
    const image = isRecord(n.image) && str(n.image.url) ? { imageUrl: n.image.url } : {}
    return { kind: 'nft', name: n.name, ...image, direction, quantity, spam: n.spam }
  }
  return undefined
}

function toApproval(a: unknown): ActivityApproval | undefined {
  if (!isRecord(a) || !isRecord(a.fungible_info) || !isRecord(a.quantity) || typeof a.unlimited !== 'boolean')
    return undefined
  const { symbol } = a.fungible_info
  const quantity = a.quantity.numeric
  if (!str(symbol) || !str(quantity) || !DecimalPattern.test(quantity)) return undefined
  return { symbol, quantity, unlimited: a.unlimited }
}

/** A well-formed transaction of the API as an item, or undefined (dropped). */
export function toActivityItem(v: unknown): ActivityItem | undefined {
  if (!isRecord(v) || !str(v.id) || !isRecord(v.metadata) || !Array.isArray(v.transfers)) return undefined
  const m = v.metadata
  const fields = [m.minedAt, m.chain, m.operationType, m.status, m.sentFrom, m.sentTo]
  if (!fields.every(str)) return undefined
  const transfers = v.transfers.map(toTransfer)
  if (transfers.some((t) => !t)) return undefined
  const approval = toApproval(m.approval)
  return {
    id: v.id,
    ...(str(m.hash) ? { hash: m.hash } : {}),
    minedAt: m.minedAt as string,
    chain: m.chain as string,
    operationType: m.operationType as string,
    status: m.status as string,
    sentFrom: m.sentFrom as string,
    sentTo: m.sentTo as string,
    ...(approval ? { approval } : {}),
    transfers: transfers as ActivityTransfer[],
  }
}

/** SPEC §5: drop transactions whose transfers are all spam, keep only those on the active network. */
export function shownItems(items: readonly ActivityItem[], caipNetworkId: string | undefined): ActivityItem[] {
  return items.filter((i) => i.chain === caipNetworkId && !(i.transfers.length > 0 && i.transfers.every((t) => t.spam)))
}

/** How one transfer reads: "1,234.567 ETH" (3 decimals, truncated, in the visitor's locale), or the NFT's name. */
export function transferText(t: ActivityTransfer): string {
  return t.kind === 'nft' ? t.name : `${formatAmount(t.quantity)} ${t.symbol ?? ''}`.trim()
}

const signed = (t: ActivityTransfer) => `${t.direction === 'out' ? '-' : '+'}${transferText(t)}`

/**
 * How an item's amount reads: one transfer with its sign; a swap as what left then what arrived ("-0.100 ETH →
 * +297.123 USDC"); an approval as its allowance ("25.000 USDC", "Unlimited USDC"); several without signs; none as
 * the status.
 */
export function amountText(item: ActivityItem): string {
  if (item.operationType === 'approve' && item.approval) {
    const a = item.approval
    return `${a.unlimited ? 'Unlimited' : formatAmount(a.quantity)} ${a.symbol}`
  }
  const legs = (d: 'in' | 'out') => item.transfers.filter((t) => t.direction === d).map(signed)
  const [gave, got] = [legs('out'), legs('in')]
  if (item.operationType === 'swap' && gave.length > 0 && got.length > 0)
    return `${gave.join(', ')} → ${got.join(', ')}`
  if (item.transfers.length === 0) return item.status
  if (item.transfers.length > 1) return item.transfers.map(transferText).join(' · ')
  return `${signOf(item.operationType)}${transferText(item.transfers[0])}`
}
