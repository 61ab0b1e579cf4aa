// The test wallet's own view of its assets (EIP-7811 `wallet_getAssets`), read from the anvil chains it knows: the
// native balance and the ERC-20 tokens it tracks, with name, symbol and decimals from the token contracts.
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem'

/** What the wallet tracks and the prices it shows (its own price source, by symbol; unknown prices are 0). */
export interface TestWalletAssets {
  /** ERC-20 contracts the wallet lists on every chain where they exist. */
  tokens?: Hex[]
  /** USD per whole token, by symbol (e.g. `{ ETH: 1000 }`). */
  prices?: Record<string, number>
}

type Rpc = (chainId: number, method: string, params: unknown[]) => Promise<unknown>
type Read = 'name' | 'symbol' | 'decimals' | 'balanceOf'

const hex = (n: number): Hex => `0x${n.toString(16)}`

/** Answers `wallet_getAssets` and the `assetDiscovery` capability for `account` over `rpc`. */
export function createAssetReader(account: Hex, options: TestWalletAssets, known: () => number[], rpc: Rpc) {
  const price = (symbol: string) => options.prices?.[symbol] ?? 0
  const read = async (chainId: number, to: Hex, functionName: Read) => {
    const args = functionName === 'balanceOf' ? [account] : []
    const data = encodeFunctionData({ abi: erc20Abi, functionName, args } as never)
    const out = (await rpc(chainId, 'eth_call', [{ to, data }, 'latest'])) as Hex
    return decodeFunctionResult({ abi: erc20Abi, functionName, data: out } as never) as unknown
  }
  async function chainAssets(chainId: number) {
    const native = BigInt((await rpc(chainId, 'eth_getBalance', [account, 'latest'])) as Hex)
    const assets: unknown[] = [
      {
        address: 'native',
        balance: `0x${native.toString(16)}`,
        type: 'NATIVE',
        metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: price('ETH'), iconUrl: '' },
      },
    ]
    for (const token of options.tokens ?? []) {
      if ((await rpc(chainId, 'eth_getCode', [token, 'latest'])) === '0x') continue
      const [name, symbol, decimals, balance] = await Promise.all(
        (['name', 'symbol', 'decimals', 'balanceOf'] as const).map((f) => read(chainId, token, f)),
      )
      assets.push({
        address: token,
        balance: `0x${(balance as bigint).toString(16)}`,
        type: 'ERC20',
        metadata: { name, symbol, decimals: Number(decimals), price: price(String(symbol)), iconUrl: '' },
      })
    }
    return assets
  }
  return {
    /** The capability the wallet reports per chain. */
    capabilities: (chains: string[]): Record<string, object> =>
      Object.fromEntries(chains.map((c) => [c, { assetDiscovery: { supported: true } }])),
    /** `wallet_getAssets({ account, chainFilter })`: assets per hex chain id, on the chains the wallet knows. */
    async getAssets(request: { account?: string; chainFilter?: string[] } | undefined) {
      if (request?.account?.toLowerCase() !== account.toLowerCase()) return {}
      const chains = (request.chainFilter ?? known().map(hex)).map((c) => Number.parseInt(c, 16))
      const entries = await Promise.all(
        chains.filter((id) => known().includes(id)).map(async (id) => [hex(id), await chainAssets(id)] as const),
      )
      return Object.fromEntries(entries)
    },
  }
}
