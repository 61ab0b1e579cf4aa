// Reads the indexed token side: the stored metadata of token contracts, and the NFTs an address holds now (the
// receiver of each token id's latest transfer).
import type { SqlRunner } from '../store/store.js'
import type { TokenStandard } from './read-blocks.js'

/** A token contract's stored metadata. */
export interface StoredToken {
  chainId: number
  address: string
  standard: TokenStandard
  name: string | null
  symbol: string | null
  decimals: number | null
}

/** One NFT an address holds. */
export interface HeldNft {
  chainId: number
  contract: string
  tokenId: string
  /** Block of the transfer that brought it. */
  blockNumber: number
}

/** Metadata of the given token contracts (lower-case addresses), keyed `<chainId>:<address>`. */
export async function readTokens(
  store: SqlRunner,
  chainIds: number[],
  addresses: string[],
): Promise<Map<string, StoredToken>> {
  if (addresses.length === 0) return new Map()
  const { rows } = await store.query<{
    chain_id: string | number
    address: string
    standard: TokenStandard
    name: string | null
    symbol: string | null
    decimals: number | null
  }>(
    `SELECT chain_id, address, standard, name, symbol, decimals FROM chain_tokens
      WHERE chain_id = ANY($1::bigint[]) AND address = ANY($2::text[])`,
    [chainIds, addresses],
  )
  return new Map(
    rows.map((r): [string, StoredToken] => {
      const chainId = Number(r.chain_id)
      const decimals = r.decimals === null ? null : Number(r.decimals)
      return [
        `${chainId}:${r.address}`,
        { chainId, address: r.address, standard: r.standard, name: r.name, symbol: r.symbol, decimals },
      ]
    }),
  )
}

/** The NFTs `address` holds on `chainIds`, newest arrival first. */
export async function readNftHoldings(store: SqlRunner, address: string, chainIds: number[]): Promise<HeldNft[]> {
  const me = address.toLowerCase()
  // the latest transfer of every token id the address ever received; it holds those whose latest receiver it is
  const { rows } = await store.query<{
    chain_id: string | number
    token_address: string
    token_id: string
    to_address: string
    block_number: string | number
  }>(
    `SELECT DISTINCT ON (t.chain_id, t.token_address, t.token_id)
            t.chain_id, t.token_address, t.token_id, t.to_address, t.block_number
       FROM chain_transfers t
       JOIN (SELECT DISTINCT chain_id, token_address, token_id FROM chain_transfers
              WHERE to_address = $1 AND token_id IS NOT NULL AND chain_id = ANY($2::bigint[])) mine
         ON mine.chain_id = t.chain_id AND mine.token_address = t.token_address AND mine.token_id = t.token_id
      ORDER BY t.chain_id, t.token_address, t.token_id, t.block_number DESC, t.log_index DESC`,
    [me, chainIds],
  )
  return rows
    .filter((r) => r.to_address === me)
    .map((r) => ({
      chainId: Number(r.chain_id),
      contract: r.token_address,
      tokenId: r.token_id,
      blockNumber: Number(r.block_number),
    }))
    .sort(
      (a, b) => b.blockNumber - a.blockNumber || a.contract.localeCompare(b.contract) || cmpId(a.tokenId, b.tokenId),
    )
}

function cmpId(a: string, b: string): number {
  const d = BigInt(a) - BigInt(b)
  return d < 0n ? -1 : d > 0n ? 1 : 0
}
