// Persists indexed blocks and rewinds a chain's rows. Every batch is written in one transaction and rows are
// inserted with ON CONFLICT DO NOTHING, so a batch interrupted half-way is simply indexed again.
import type { SqlRunner, Store } from '../store/store.js'
import type { BlockRows } from './read-blocks.js'
import type { TokenRow } from './token-meta.js'

const ZERO = '0x0000000000000000000000000000000000000000'
// PostgreSQL allows 65535 bind parameters per statement; stay far below it
const MAX_PARAMS = 6000

/** The highest indexed block of a chain with its hash, or null when nothing is indexed yet. */
export async function indexedTip(store: SqlRunner, chainId: number): Promise<{ number: number; hash: string } | null> {
  const { rows } = await store.query<{ number: string | number; hash: string }>(
    'SELECT number, hash FROM chain_blocks WHERE chain_id = $1 ORDER BY number DESC LIMIT 1',
    [chainId],
  )
  return rows.length === 0 ? null : { number: Number(rows[0].number), hash: rows[0].hash }
}

/** The stored hash of one block, or null when that block is not indexed. */
export async function storedHash(store: SqlRunner, chainId: number, number: number): Promise<string | null> {
  const { rows } = await store.query<{ hash: string }>(
    'SELECT hash FROM chain_blocks WHERE chain_id = $1 AND number = $2',
    [chainId, number],
  )
  return rows[0]?.hash ?? null
}

/** Deletes every row of a chain above block `keep` (keep = -1 deletes the whole chain). */
export async function rewindChain(store: Store, chainId: number, keep: number): Promise<void> {
  await store.transaction(async (tx) => {
    for (const table of ['chain_activity', 'chain_transfers', 'chain_transactions']) {
      await tx.query(`DELETE FROM ${table} WHERE chain_id = $1 AND block_number > $2`, [chainId, keep])
    }
    await tx.query('DELETE FROM chain_tokens WHERE chain_id = $1 AND first_block > $2', [chainId, keep])
    await tx.query('DELETE FROM chain_blocks WHERE chain_id = $1 AND number > $2', [chainId, keep])
  })
}

/** The token contracts of a chain whose metadata is stored. */
export async function knownTokens(store: SqlRunner, chainId: number): Promise<Set<string>> {
  const { rows } = await store.query<{ address: string }>('SELECT address FROM chain_tokens WHERE chain_id = $1', [
    chainId,
  ])
  return new Set(rows.map((r) => r.address))
}

/** Writes a batch of consecutive blocks (their transactions, transfers, per-address activity, new tokens). */
export async function writeBlocks(
  store: Store,
  chainId: number,
  blocks: BlockRows[],
  tokens: readonly TokenRow[] = [],
): Promise<void> {
  const txRows: unknown[][] = []
  const transferRows: unknown[][] = []
  const activityRows: unknown[][] = []
  for (const b of blocks) {
    const txIndex = new Map<string, number>()
    for (const t of b.txs) {
      txIndex.set(t.hash, t.index)
      const a = t.approval
      txRows.push([
        ...[chainId, t.hash, b.number, t.index, b.time, t.from, t.to, t.contractAddress, t.value, t.status],
        ...[a?.token ?? null, a?.spender ?? null, a?.amount ?? null],
      ])
      const involved = new Set([t.from, t.to, t.contractAddress])
      for (const tr of b.transfers) if (tr.txHash === t.hash) involved.add(tr.from).add(tr.to)
      for (const address of involved) {
        if (address && address !== ZERO) activityRows.push([chainId, address, t.hash, b.number, t.index, b.time])
      }
    }
    for (const tr of b.transfers)
      transferRows.push([chainId, tr.txHash, tr.logIndex, b.number, tr.token, tr.from, tr.to, tr.amount, tr.tokenId])
  }
  await store.transaction(async (tx) => {
    await insert(
      tx,
      'chain_transactions',
      [
        'chain_id',
        'hash',
        'block_number',
        'tx_index',
        'block_time',
        'from_address',
        'to_address',
        'contract_address',
        'value',
        'status',
        'approval_token',
        'approval_spender',
        'approval_amount',
      ],
      txRows,
    )
    await insert(
      tx,
      'chain_transfers',
      [
        'chain_id',
        'tx_hash',
        'log_index',
        'block_number',
        'token_address',
        'from_address',
        'to_address',
        'amount',
        'token_id',
      ],
      transferRows,
    )
    await insert(
      tx,
      'chain_tokens',
      ['chain_id', 'address', 'standard', 'name', 'symbol', 'decimals', 'first_block'],
      tokens.map((t) => [chainId, t.address, t.standard, t.name, t.symbol, t.decimals, t.firstBlock]),
    )
    await insert(
      tx,
      'chain_activity',
      ['chain_id', 'address', 'tx_hash', 'block_number', 'tx_index', 'block_time'],
      activityRows,
    )
    // blocks last: chain_blocks is what marks a block as done
    await insert(
      tx,
      'chain_blocks',
      ['chain_id', 'number', 'hash', 'time'],
      blocks.map((b) => [chainId, b.number, b.hash, b.time]),
    )
  })
}

async function insert(tx: SqlRunner, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length))
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement)
    const params: unknown[] = []
    const tuples = chunk.map((row) => {
      const slots = row.map((v) => {
        params.push(v)
        return `$${params.length}`
      })
      return `(${slots.join(', ')})`
    })
    await tx.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
      params,
    )
  }
}
