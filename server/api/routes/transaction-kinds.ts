// What a transaction was for an address, from chain data only (issue 33: a swap was called "Send"): its sender, the
// transfers it moved to or from the address, and the ERC-20 allowance its sender granted (the Approval log the indexer
// keeps). A delivery from the local on-ramp's payout wallet is a purchase.
import { formatUnits, getAddress } from 'viem'
import type { HistoryEntry, HistoryTransfer } from '../../indexer/history.js'
import type { StoredToken } from '../../indexer/tokens.js'
import { LOCAL_ONRAMP_EVM_ADDRESS } from '../../onramp/hot-wallet.js'
import type { ChainConfig } from '../../types.js'
import { tokenIconPath } from './icons.js'

/** What a transaction of the history was. */
export type OperationType = 'send' | 'receive' | 'swap' | 'approve' | 'buy' | 'mint' | 'burn' | 'deploy' | 'execute'

/** The allowance an `approve` transaction granted. */
export interface TransactionApproval {
  fungible_info: { name: string; symbol: string; icon: { url: string } }
  contract: string
  spender: string
  quantity: { numeric: string; decimals: number }
  unlimited: boolean
}

const ZERO = '0x0000000000000000000000000000000000000000'
// the local on-ramp provider's payout wallet: what it sends is what a visitor bought
const OnRampSender: string = LOCAL_ONRAMP_EVM_ADDRESS

/** What a transaction was for `me`, read from the chain: its sender, its transfers `mine` (to or from me), its approval. */
export function operationType(e: HistoryEntry, me: string, mine: HistoryTransfer[]): OperationType {
  if (e.from === me && e.to === null) return 'deploy'
  if (mine.some((t) => t.to === me && t.from === ZERO)) return 'mint'
  if (mine.some((t) => t.from === me && t.to === ZERO)) return 'burn'
  // what the address gave and what it got in one transaction it sent: a trade (read from the transfers, never guessed)
  const gave = mine.filter((t) => t.from === me && t.to !== me)
  const got = mine.filter((t) => t.to === me && t.from !== me)
  if (e.from === me && gave.length > 0 && got.length > 0 && got.some((g) => gave.every((o) => o.token !== g.token)))
    return 'swap'
  // nothing moved, but the sender granted an allowance (its Approval log)
  if (e.from === me && mine.length === 0 && e.approval) return 'approve'
  if (mine.some((t) => t.from === me)) return 'send'
  // tokens the on-ramp provider delivered: a purchase
  if (e.from === OnRampSender && mine.some((t) => t.to === me && t.from === OnRampSender)) return 'buy'
  if (mine.some((t) => t.to === me)) return 'receive'
  return e.from === me ? 'execute' : 'receive'
}

// An allowance this large is "unlimited" in every wallet's words (2^255 and above: the max-uint habit and its kin).
const UNLIMITED = 2n ** 255n

/** The allowance of an approval as the API writes it, with the token's metadata (configured, else indexed). */
export function approvalOf(
  a: NonNullable<HistoryEntry['approval']>,
  chain: ChainConfig,
  tokens: Map<string, StoredToken>,
  base: string,
): TransactionApproval {
  const stored = tokens.get(`${chain.chainId}:${a.token}`)
  const configured = chain.tokens.find((k) => k.address.toLowerCase() === a.token)
  const symbol = configured?.symbol ?? stored?.symbol ?? '?'
  const decimals = configured?.decimals ?? stored?.decimals ?? 0
  return {
    fungible_info: {
      name: configured?.name ?? stored?.name ?? 'Unknown token',
      symbol,
      icon: { url: `${base}${tokenIconPath(symbol)}` },
    },
    contract: getAddress(a.token),
    spender: getAddress(a.spender),
    quantity: { numeric: formatUnits(BigInt(a.amount), decimals), decimals },
    unlimited: BigInt(a.amount) >= UNLIMITED,
  }
}
