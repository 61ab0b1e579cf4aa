import { describe, expect, it } from 'vitest'
import { openTestStore } from '../api/testing/store.js'
import { startServices } from '../compose.js'
import { resolveConfig } from '../config.js'
import { SERVICES } from '../services.js'
import { LOCAL_SOLANA_NETWORK } from '../solana/service.js'
import type { SolanaChainConfig } from '../types.js'
import { SOLANA_NETWORKS, solanaNetworks } from './service.js'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const TESTNET = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'

describe('secure site service: Solana networks', () => {
  it('gives each Solana network the RPC of the served chain of its id; the others sign only', () => {
    expect(SOLANA_NETWORKS).toEqual([LOCAL_SOLANA_NETWORK, DEVNET, TESTNET])
    expect(solanaNetworks([])).toEqual(SOLANA_NETWORKS.map((caipNetworkId) => ({ caipNetworkId })))
    const other = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K'
    expect(
      solanaNetworks([
        { caipNetworkId: DEVNET, rpcUrl: 'https://devnet.example' },
        { caipNetworkId: other, rpcUrl: 'http://127.0.0.1:9' },
      ]),
    ).toEqual([
      { caipNetworkId: LOCAL_SOLANA_NETWORK },
      { caipNetworkId: DEVNET, rpcUrl: 'https://devnet.example' },
      { caipNetworkId: TESTNET },
      { caipNetworkId: other, rpcUrl: 'http://127.0.0.1:9' },
    ])
  })

  it('with the local Solana node running (npm start), sends on it; an operator chain keeps its own RPC', async () => {
    const store = await openTestStore()
    const devnet: SolanaChainConfig = {
      caipNetworkId: DEVNET,
      name: 'Solana Devnet',
      rpcUrl: 'https://devnet.example',
      testnet: true,
      tokens: [],
    }
    const config = resolveConfig({
      dataDir: 'memory://',
      localSolana: true,
      solanaPort: 0,
      solanaChains: [devnet],
      secureSite: { port: 0, kek: '11'.repeat(32), smtp: { host: '127.0.0.1', port: 2525, from: 'w@foyer.local' } },
    })
    const services = await startServices(config, SERVICES, {
      only: ['secureSite', 'solana'],
      provided: { store: { store, close: async () => {} } },
    })
    try {
      const node = services.need('solana')
      expect(services.need('secureSite').config.solana).toEqual([
        { caipNetworkId: LOCAL_SOLANA_NETWORK, rpcUrl: node.url },
        { caipNetworkId: DEVNET, rpcUrl: 'https://devnet.example' },
        { caipNetworkId: TESTNET },
      ])
    } finally {
      await services.close()
      await store.close()
    }
  })
})
