// Reads blocks from a chain's RPC and turns them into plain rows: transactions with their status, native value
// transfers, and the ERC-20 and ERC-721 Transfer logs of any contract (taken from the receipts, so nothing is read
// twice), plus the token contracts they name, and the ERC-20 approval a transaction's sender granted (its Approval log),
// so the history can call an approval one.
import type { Hash, Log, PublicClient, TransactionReceipt } from 'viem'

/** keccak256("Transfer(address,address,uint256)"), topic 0 of every ERC20 Transfer log. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** keccak256("Approval(address,address,uint256)"), topic 0 of every ERC-20 Approval log. */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'

/** An ERC-20 allowance the transaction's sender granted (from its Approval log). */
export interface ApprovalRow {
  token: string
  spender: string
  /** Base units, a decimal string. */
  amount: string
}

/** One transaction as stored. Addresses are lower-case. */
export interface TxRow {
  hash: Hash
  index: number
  from: string
  to: string | null
  contractAddress: string | null
  value: string
  status: 'confirmed' | 'failed'
  /** The first allowance the sender granted in it, if any. */
  approval: ApprovalRow | null
}

/** One native (logIndex -1, token null), ERC-20 or ERC-721 (tokenId set, amount 1) transfer as stored. */
export interface TransferRow {
  txHash: Hash
  logIndex: number
  token: string | null
  from: string
  to: string
  amount: string
  tokenId: string | null
}

/** Token standards the indexer tells apart by their Transfer log's shape. */
export type TokenStandard = 'erc20' | 'erc721'

/** One block with everything the indexer stores about it. */
export interface BlockRows {
  number: number
  hash: Hash
  parentHash: Hash
  time: number
  txs: TxRow[]
  transfers: TransferRow[]
  /** Token contracts whose Transfer logs this block holds. */
  tokens: Map<string, TokenStandard>
}

/** Reads blocks `from..to` (inclusive) with their transactions, receipts and token transfers. */
export async function readBlocks(client: PublicClient, from: number, to: number): Promise<BlockRows[]> {
  const numbers: number[] = []
  for (let n = from; n <= to; n++) numbers.push(n)
  return Promise.all(numbers.map((n) => readBlock(client, n)))
}

async function readBlock(client: PublicClient, number: number): Promise<BlockRows> {
  const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
  if (!block.hash) throw new Error(`block ${number} has no hash (pending?)`)
  const receipts = await Promise.all(block.transactions.map((tx) => client.getTransactionReceipt({ hash: tx.hash })))
  const txs: TxRow[] = []
  const transfers: TransferRow[] = []
  const tokens = new Map<string, TokenStandard>()
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
      approval: ok ? approvalFromLogs(receipt.logs, from) : null,
    })
    // a reverted transaction moved nothing
    if (!ok) return
    const target = to ?? created
    if (tx.value > 0n && target)
      transfers.push({
        txHash: tx.hash,
        logIndex: -1,
        token: null,
        from,
        to: target,
        amount: tx.value.toString(),
        tokenId: null,
      })
    for (const log of receipt.logs) {
      const row = transferFromLog(log)
      if (!row) continue
      transfers.push(row)
      tokens.set(row.token!, row.tokenId === null ? 'erc20' : 'erc721')
    }
  })
  return {
    number,
    hash: block.hash,
    parentHash: block.parentHash,
    time: Number(block.timestamp),
    txs,
    transfers,
    tokens,
  }
}

// ERC-20 and ERC-721 share Transfer's topic 0: ERC-20 indexes from and to and puts the amount in 32 bytes of data,
// ERC-721 also indexes the token id and has no data. Anything else (e.g. ERC-1155) is not a transfer here.
function transferFromLog(log: Log): TransferRow | null {
  const [topic0, fromTopic, toTopic, idTopic] = log.topics
  if (topic0 !== TRANSFER_TOPIC || !fromTopic || !toTopic) return null
  if (log.transactionHash === null || log.logIndex === null) return null
  const nft = log.topics.length === 4 && log.data === '0x'
  if (!nft && !(log.topics.length === 3 && log.data.length === 66)) return null
  return {
    txHash: log.transactionHash,
    logIndex: log.logIndex,
    token: log.address.toLowerCase(),
    from: `0x${fromTopic.slice(26)}`.toLowerCase(),
    to: `0x${toTopic.slice(26)}`.toLowerCase(),
    amount: nft ? '1' : BigInt(log.data).toString(),
    tokenId: nft ? BigInt(idTopic!).toString() : null,
  }
}

// ERC-20's Approval indexes owner and spender and puts the amount in 32 bytes of data; only the sender's own counts.
function approvalFromLogs(logs: Log[], owner: string): ApprovalRow | null {
  for (const log of logs) {
    const [topic0, ownerTopic, spenderTopic] = log.topics
    if (topic0 !== APPROVAL_TOPIC || !ownerTopic || !spenderTopic) continue
    if (log.topics.length !== 3 || log.data.length !== 66) continue
    if (`0x${ownerTopic.slice(26)}`.toLowerCase() !== owner) continue
    return {
      token: log.address.toLowerCase(),
      spender: `0x${spenderTopic.slice(26)}`.toLowerCase(),
      amount: BigInt(log.data).toString(),
    }
  }
  return null
}
