import { afterEach, describe, expect, it } from 'vitest'
import { defaultConfig } from '../config.js'
import type { Store } from '../store/store.js'
import { indexerService } from '../indexer/service.js'
import { DEV_WALLET_ADDRESS, localChainsFromEnv, localChainsService } from './service.js'

const saved = process.env.FOYER_LOCAL_CHAINS
afterEach(() => {
  if (saved === undefined) delete process.env.FOYER_LOCAL_CHAINS
  else process.env.FOYER_LOCAL_CHAINS = saved
})

describe('background services', () => {
  it('reads FOYER_LOCAL_CHAINS and FOYER_FUND', () => {
    expect(localChainsFromEnv({})).toBeNull()
    expect(localChainsFromEnv({ FOYER_LOCAL_CHAINS: '1, 8453' })).toEqual({
      chainIds: [1, 8453],
      fund: [DEV_WALLET_ADDRESS],
    })
    expect(
      localChainsFromEnv({ FOYER_LOCAL_CHAINS: '10', FOYER_FUND: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })?.fund,
    ).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    expect(() => localChainsFromEnv({ FOYER_LOCAL_CHAINS: '1,2147483648' })).toThrow(/FOYER_LOCAL_CHAINS/)
    expect(() => localChainsFromEnv({ FOYER_LOCAL_CHAINS: '1', FOYER_FUND: 'nope' })).toThrow(/FOYER_FUND/)
  })

  it('stay off when nothing is configured', async () => {
    delete process.env.FOYER_LOCAL_CHAINS
    const ctx = { store: {} as Store, config: defaultConfig() }
    expect(await localChainsService.start(ctx)).toBeUndefined()
    expect(await indexerService.start(ctx)).toBeUndefined()
  })

  it('starts local chains and patches config.chains with them', async () => {
    process.env.FOYER_LOCAL_CHAINS = '31337'
    const svc = await localChainsService.start({ store: {} as Store, config: defaultConfig() })
    try {
      const chains = svc?.configPatch?.chains ?? []
      expect(chains.map((c) => [c.chainId, c.tokens.length])).toEqual([[31337, 3]])
      const res = await fetch(chains[0].rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      })
      expect(((await res.json()) as { result: string }).result).toBe('0x7a69')
    } finally {
      await svc?.close()
    }
  })
})
