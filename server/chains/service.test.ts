import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.js'
import type { ServiceContext } from '../compose.js'
import { chainsOf, chainsService } from './service.js'

const ctx = (config = resolveConfig()): ServiceContext => ({
  config,
  get: () => undefined,
  need: () => {
    throw new Error('not running')
  },
})

describe('chains service', () => {
  it('stays off when no local chain is configured', async () => {
    expect(await chainsService.start(ctx())).toBeUndefined()
  })

  it('starts the configured local chains, funded and seeded, and chainsOf puts them over same-id chains', async () => {
    const running = await chainsService.start(ctx(resolveConfig({ localChains: [{ chainId: 31337 }] })))
    try {
      const chains = running?.chains ?? []
      expect(chains.map((c) => [c.chainId, c.tokens.length])).toEqual([[31337, 3]])
      const res = await fetch(chains[0].rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      })
      expect(((await res.json()) as { result: string }).result).toBe('0x7a69')
      const configured = { ...chains[0], rpcUrl: 'https://rpc.example/31337' }
      const other = { ...chains[0], chainId: 10, caipNetworkId: 'eip155:10' }
      const served = chainsOf({
        config: resolveConfig({ chains: [configured, other] }),
        get: ((name: string) => (name === 'chains' ? running : undefined)) as ServiceContext['get'],
      })
      expect(served.map((c) => [c.chainId, c.rpcUrl])).toEqual([
        [10, other.rpcUrl],
        [31337, chains[0].rpcUrl],
      ])
    } finally {
      await running?.close()
    }
  })
})
