// Reads blocks from a chain's RPC and turns them into plain rows: transactions with their status, native value
// transfers, and ERC20 Transfer logs of the configured tokens (taken from the receipts, so nothing is read twice).
import type { Hash, Log, PublicClient, TransactionReceipt } from 'viem'

/** keccak256("Transfer(address,address,uint256)"), topic 0 of every ERC20 Transfer log. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** One transaction as stored. Addresses are lower-case. */
export interface TxRow {
  hash: Hash
  index: number
  from: string
  to: string | null
  contractAddress: string | null
  value: string
  status: 'confirmed' | 'failed'
}

/** One native (logIndex -1, token null) or ERC20 transfer as stored. */
export interface TransferRow {
  txHash: Hash
  logIndex: number
  token: string | null
  from: string
  to: string
  amount: string
}

/** One block with everything the indexer stores about it. */
export interface BlockRows {
  number: number
  hash: Hash
  parentHash: Hash
  time: number
  txs: TxRow[]
  transfers: TransferRow[]
}

/** Reads blocks `from..to` (inclusive) with their transactions, receipts and token transfers. */
export async function readBlocks(
  client: PublicClient,
  from: number,
  to: number,
  tokens: ReadonlySet<string>,
): Promise<BlockRows[]> {
  const numbers: number[] = []
  for (let n = from; n <= to; n++) numbers.push(n)
  return Promise.all(numbers.map((n) => readBlock(client, n, tokens)))
}

async function readBlock(client: PublicClient, number: number, tokens: ReadonlySet<string>): Promise<BlockRows> {
  const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
  if (!block.hash) throw new Error(`block ${number} has no hash (pending?)`)
  const receipts = await Promise.all(block.transactions.map((tx) => client.getTransactionReceipt({ hash: tx.hash })))
  const txs: TxRow[] = []
  const transfers: TransferRow[] = []
  block.transactions.forEach((tx, i) => {
    const receipt: TransactionReceipt = receipts[i]
    const ok = receipt.status === 'success'
    const from = tx.from.toLowerCase()
    const to = tx.to ? tx.to.toLowerCase() : null
    const created = receipt.contractAddress ? receipt.contractAddress.toLowerCase() : null
    txs.push({
      hash: tx.hash,
      index: tx.transactionIndex ?? i,
      from,
      to,
      contractAddress: created,
      value: tx.value.toString(),
      status: ok ? 'confirmed' : 'failed',
    })
    // a reverted transaction moved nothing
    if (!ok) return
    const target = to ?? created
    if (tx.value > 0n && target)
      transfers.push({ txHash: tx.hash, logIndex: -1, token: null, from, to: target, amount: tx.value.toString() })
    for (const log of receipt.logs) {
      const row = transferFromLog(log, tokens)
      if (row) transfers.push(row)
    }
  })
  return { number, hash: block.hash, parentHash: block.parentHash, time: Number(block.timestamp), txs, transfers }
}

function transferFromLog(log: Log, tokens: ReadonlySet<string>): TransferRow | null {
  const token = log.address.toLowerCase()
  if (!tokens.has(token)) return null
  const [topic0, fromTopic, toTopic] = log.topics
  // ERC721 Transfer has the same topic 0 but a third indexed topic and no data: skip anything not ERC20-shaped
  if (topic0 !== TRANSFER_TOPIC || !fromTopic || !toTopic || log.topics.length !== 3 || log.data.length !== 66)
    return null
  if (log.transactionHash === null || log.logIndex === null) return null
  return {
    txHash: log.transactionHash,
    logIndex: log.logIndex,
    token,
    from: `0x${fromTopic.slice(26)}`.toLowerCase(),
    to: `0x${toTopic.slice(26)}`.toLowerCase(),
    amount: BigInt(log.data).toString(),
  }
}
