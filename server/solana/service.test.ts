import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.js'
import type { ServiceContext } from '../compose.js'
import { SOLANA_DEV_WALLET_ADDRESS } from './keys.js'
import { LOCAL_SOLANA_NETWORK, solanaChainsOf, solanaService } from './service.js'

const ctx = (config = resolveConfig()): ServiceContext => ({
  config,
  get: () => undefined,
  need: () => {
    throw new Error('not running')
  },
})

describe('solana service', () => {
  it('stays off unless localSolana is set', async () => {
    expect(await solanaService.start(ctx())).toBeUndefined()
  })

  it('serves the seeded local chain, printed as `solana <url>`, in place of a configured chain of the same id', async () => {
    const running = await solanaService.start(ctx(resolveConfig({ localSolana: true, solanaPort: 0 })))
    try {
      expect(solanaService.describe!(running!)).toEqual([`solana ${running!.url}`])
      const res = await fetch(running!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [SOLANA_DEV_WALLET_ADDRESS] }),
      })
      expect(((await res.json()) as { result: { value: number } }).result.value).toBe(10_000_000_000)
      const configured = { ...running!.chain, rpcUrl: 'https://solana.example' }
      const devnet = { ...configured, caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', testnet: true }
      const served = solanaChainsOf({
        config: resolveConfig({ solanaChains: [configured, devnet] }),
        get: ((name: string) => (name === 'solana' ? running : undefined)) as ServiceContext['get'],
      })
      expect(served.map((c) => [c.caipNetworkId, c.rpcUrl])).toEqual([
        [devnet.caipNetworkId, 'https://solana.example'],
        [LOCAL_SOLANA_NETWORK, running!.url],
      ])
      expect(running!.chain.tokens.map((t) => [t.symbol, t.decimals])).toEqual([['USDC', 6]])
    } finally {
      await running?.close()
    }
  })
})
