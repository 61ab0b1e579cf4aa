// Reads a token contract's metadata once, the first time the indexer sees a Transfer of it: name and symbol (and
// decimals for ERC-20). A call that reverts or answers garbage leaves that field null: spam and odd tokens abound.
import { erc20Abi, parseAbi, type Address, type PublicClient } from 'viem'
import type { TokenStandard } from './read-blocks.js'

/** One row of chain_tokens. */
export interface TokenRow {
  address: string
  standard: TokenStandard
  name: string | null
  symbol: string | null
  decimals: number | null
  firstBlock: number
}

const erc721Abi = parseAbi(['function name() view returns (string)', 'function symbol() view returns (string)'])
// Names are shown to people: keep them short and printable.
const clean = (v: unknown, max: number): string | null => {
  if (typeof v !== 'string') return null
  const printable = [...v]
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim()
  return printable ? printable.slice(0, max) : null
}

/** Reads the metadata of `address`. */
export async function readTokenMeta(
  client: PublicClient,
  address: string,
  standard: TokenStandard,
  firstBlock: number,
): Promise<TokenRow> {
  const at = address as Address
  const call = (fn: 'name' | 'symbol' | 'decimals') =>
    client
      .readContract({ address: at, abi: standard === 'erc20' ? erc20Abi : erc721Abi, functionName: fn as 'name' })
      .catch(() => undefined)
  const [name, symbol, decimals] = await Promise.all([
    call('name'),
    call('symbol'),
    standard === 'erc20' ? call('decimals') : undefined,
  ])
  const d = Number(decimals)
  return {
    address,
    standard,
    name: clean(name, 80),
    symbol: clean(symbol, 16),
    decimals: standard === 'erc20' && Number.isInteger(d) && d >= 0 && d <= 255 ? d : null,
    firstBlock,
  }
}
