// EVM calls in words: native transfers in the chain's own currency, ERC-20 transfer / approve / transferFrom with the
// token's symbol and decimals read from the chain (eth_call, never guessed), and anything else called unknown.
import { decodeFunctionData, erc20Abi, maxUint256, type Address, type Hex, type PublicClient } from 'viem'
import type { EvmCall } from '../evm-params.js'
import type { PreviewAmount, PreviewSection } from './types.js'

/** A chain's native currency. */
export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** What an ERC-20 contract says about itself. */
export interface TokenFacts {
  symbol: string
  decimals: number
}

/** Token facts per address, read once per preview. */
export type TokenReader = (token: Address) => Promise<TokenFacts | undefined>

// An approval this large is "unlimited" in every wallet's sense (max uint256 and its usual stand-ins).
const UNLIMITED_FROM = 2n ** 255n

/** Reads symbol and decimals over eth_call; undefined when the contract does not answer as an ERC-20. */
export function tokenReader(client: PublicClient): TokenReader {
  const cache = new Map<string, Promise<TokenFacts | undefined>>()
  return (token) => {
    const key = token.toLowerCase()
    let facts = cache.get(key)
    if (!facts) {
      facts = Promise.all([
        client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
      ]).then(
        // the symbol is the contract's own text: shown as text, cut short, without control characters
        ([symbol, decimals]) => ({ symbol: symbol.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 24) || '?', decimals }),
        () => undefined,
      )
      cache.set(key, facts)
    }
    return facts
  }
}

const amount = (value: bigint, unit: { symbol: string; decimals: number }): PreviewAmount => ({
  value: value.toString(),
  decimals: unit.decimals,
  symbol: unit.symbol,
})

function decodeErc20(data: Hex) {
  try {
    return decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined
  }
}

/** One section per call, in order. */
export async function describeEvmCalls(
  calls: EvmCall[],
  native: NativeCurrency,
  readToken: TokenReader,
  totalSupply: (token: Address) => Promise<bigint | undefined>,
): Promise<PreviewSection[]> {
  return Promise.all(
    calls.map(async (call): Promise<PreviewSection> => {
      const send = call.value > 0n ? [{ label: `Also sends`, amount: amount(call.value, native) }] : []
      if (call.data === '0x')
        return {
          title: `Send ${native.symbol}`,
          rows: [
            { label: 'Amount', amount: amount(call.value, native) },
            { label: 'To', value: call.to },
          ],
        }
      const decoded = decodeErc20(call.data)
      const token = decoded && (await readToken(call.to))
      if (!decoded || !token || !['transfer', 'approve', 'transferFrom'].includes(decoded.functionName))
        return {
          title: 'Contract call',
          rows: [
            { label: 'Contract', value: call.to },
            { label: 'Sends', amount: amount(call.value, native) },
            { label: 'Data', value: `${(call.data.length - 2) / 2} bytes, function ${call.data.slice(0, 10)}` },
          ],
          warning: `Unknown calldata: the wallet cannot tell what this call to ${call.to} does.`,
        }
      const tokenRow = { label: 'Token', value: `${token.symbol} (${call.to})` }
      if (decoded.functionName === 'transfer') {
        const [to, value] = decoded.args as [Address, bigint]
        return {
          title: `Send ${token.symbol}`,
          rows: [{ label: 'Amount', amount: amount(value, token) }, { label: 'To', value: to }, tokenRow, ...send],
        }
      }
      if (decoded.functionName === 'transferFrom') {
        const [from, to, value] = decoded.args as [Address, Address, bigint]
        return {
          title: `Move ${token.symbol}`,
          rows: [
            { label: 'Amount', amount: amount(value, token) },
            { label: 'From', value: from },
            { label: 'To', value: to },
            tokenRow,
            ...send,
          ],
        }
      }
      const [spender, value] = decoded.args as [Address, bigint]
      const supply = value >= UNLIMITED_FROM ? undefined : await totalSupply(call.to)
      const unlimited =
        value >= UNLIMITED_FROM || value === maxUint256 || (supply !== undefined && supply > 0n && value >= supply)
      return {
        title: `Allow spending ${token.symbol}`,
        rows: [
          unlimited
            ? { label: 'Amount', value: `Unlimited ${token.symbol}` }
            : { label: 'Amount', amount: amount(value, token) },
          { label: 'Spender', value: spender },
          tokenRow,
          ...send,
        ],
        warning: unlimited
          ? `Unlimited approval: ${spender} may take all of your ${token.symbol}, now and later, until you revoke it.`
          : undefined,
      }
    }),
  )
}
