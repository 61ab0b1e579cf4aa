// Reads an address's indexed history newest first, with keyset paging behind an opaque cursor.
import type { SqlRunner } from '../store/store.js'

/** One transfer of a history entry (amount in base units; token null = native; tokenId set for an NFT). */
export interface HistoryTransfer {
  logIndex: number
  token: string | null
  from: string
  to: string
  amount: string
  tokenId: string | null
}

/** One transaction an address took part in. */
export interface HistoryEntry {
  chainId: number
  hash: string
  blockNumber: number
  txIndex: number
  blockTime: number
  from: string
  to: string | null
  contractAddress: string | null
  value: string
  status: 'confirmed' | 'failed'
  /** The ERC-20 allowance the sender granted in it (its Approval log), if any. */
  approval: { token: string; spender: string; amount: string } | null
  transfers: HistoryTransfer[]
}

/** A page of history; `next` is the cursor of the following page or null at the end. */
export interface HistoryPage {
  entries: HistoryEntry[]
  next: string | null
}

/** Thrown for a cursor this server did not issue. */
export class InvalidCursorError extends Error {
  constructor() {
    super('cursor is not valid')
    this.name = 'InvalidCursorError'
  }
}

type Key = [number, number, number, number]
const MAX_INT4 = 2 ** 31 - 1

function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

function decodeCursor(cursor: string): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    // block_time, chain_id, block_number are bigint (any safe integer fits); tx_index is a 32-bit integer.
    if (
      Array.isArray(key) &&
      key.length === 4 &&
      key.every((n) => Number.isSafeInteger(n) && n >= 0) &&
      (key[3] as number) <= MAX_INT4
    )
      return key as Key
  } catch {
    // falls through to the error below
  }
  throw new InvalidCursorError()
}

interface Row {
  chain_id: string | number
  tx_hash: string
  block_number: string | number
  tx_index: number
  block_time: string | number
  from_address: string
  to_address: string | null
  contract_address: string | null
  value: string
  status: 'confirmed' | 'failed'
  approval_token: string | null
  approval_spender: string | null
  approval_amount: string | null
}

/** Reads up to `limit` entries of `address` on `chainIds`, after `cursor` when given. */
export async function readHistory(
  store: SqlRunner,
  q: { address: string; chainIds: number[]; cursor?: string; limit: number },
): Promise<HistoryPage> {
  const after = q.cursor ? decodeCursor(q.cursor) : null
  const params: unknown[] = [q.address.toLowerCase(), q.chainIds]
  let keyset = ''
  if (after) {
    params.push(...after)
    keyset = 'AND (a.block_time, a.chain_id, a.block_number, a.tx_index) < ($3, $4, $5, $6)'
  }
  params.push(q.limit + 1)
  const { rows } = await store.query<Row>(
    `SELECT a.chain_id, a.tx_hash, a.block_number, a.tx_index, a.block_time,
            t.from_address, t.to_address, t.contract_address, t.value, t.status,
            t.approval_token, t.approval_spender, t.approval_amount
       FROM chain_activity a
       JOIN chain_transactions t ON t.chain_id = a.chain_id AND t.hash = a.tx_hash
      WHERE a.address = $1 AND a.chain_id = ANY($2::bigint[]) ${keyset}
      ORDER BY a.block_time DESC, a.chain_id DESC, a.block_number DESC, a.tx_index DESC
      LIMIT $${params.length}`,
    params,
  )
  const page = rows.slice(0, q.limit)
  const entries: HistoryEntry[] = page.map((r) => ({
    chainId: Number(r.chain_id),
    hash: r.tx_hash,
    blockNumber: Number(r.block_number),
    txIndex: Number(r.tx_index),
    blockTime: Number(r.block_time),
    from: r.from_address,
    to: r.to_address,
    contractAddress: r.contract_address,
    value: r.value,
    status: r.status,
    approval:
      r.approval_token && r.approval_spender && r.approval_amount
        ? { token: r.approval_token, spender: r.approval_spender, amount: r.approval_amount }
        : null,
    transfers: [],
  }))
  if (entries.length > 0) {
    const { rows: transfers } = await store.query<{
      chain_id: string | number
      tx_hash: string
      log_index: number
      token_address: string | null
      from_address: string
      to_address: string
      amount: string
      token_id: string | null
    }>(
      `SELECT chain_id, tx_hash, log_index, token_address, from_address, to_address, amount, token_id
         FROM chain_transfers WHERE chain_id = ANY($1::bigint[]) AND tx_hash = ANY($2::text[]) ORDER BY log_index`,
      [q.chainIds, entries.map((e) => e.hash)],
    )
    const byTx = new Map(entries.map((e) => [`${e.chainId}:${e.hash}`, e]))
    for (const t of transfers) {
      byTx.get(`${Number(t.chain_id)}:${t.tx_hash}`)?.transfers.push({
        logIndex: Number(t.log_index),
        token: t.token_address,
        from: t.from_address,
        to: t.to_address,
        amount: t.amount,
        tokenId: t.token_id,
      })
    }
  }
  const last = entries[entries.length - 1]
  const next =
    rows.length > q.limit && last ? encodeCursor([last.blockTime, last.chainId, last.blockNumber, last.txIndex]) : null
  return { entries, next }
}
