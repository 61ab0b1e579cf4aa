import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId } from '../../kernel/index.js'
import { networkFor } from './network-definition.js'
import { allNetworks, networkById, toNetworkInfo } from './networks.js'

describe('networks (SPEC §3, §9)', () => {
  it('defines every SPEC network once, with valid CAIP-2 ids', () => {
    expect(allNetworks.map((n) => n.name)).toEqual([
      'Ethereum',
      'Base',
      'OP Mainnet',
      'Optimism Goerli',
      'Polygon',
      'Gnosis',
      'Avalanche',
      'Aurora',
      'Fantom',
      'Celo',
      'Solana',
      'Solana Devnet',
      'Solana Testnet',
      'Bitcoin',
      'Bitcoin Testnet',
      'Bitcoin Signet',
    ])
    expect(new Set(allNetworks.map((n) => n.caipNetworkId)).size).toBe(allNetworks.length)
    for (const n of allNetworks)
      expect(parseCaipNetworkId(n.caipNetworkId)).toMatchObject({
        namespace: n.chainNamespace,
        reference: String(n.id),
      })
  })

  it('carries the SPEC §9 chain ids, decimals, block times and testnet flags', () => {
    const ids = Object.fromEntries(allNetworks.filter((n) => n.chainNamespace === 'eip155').map((n) => [n.name, n.id]))
    expect(ids).toEqual({
      Ethereum: 1,
      'OP Mainnet': 10,
      'Optimism Goerli': 420,
      Polygon: 137,
      Gnosis: 100,
      Fantom: 250,
      Base: 8453,
      Celo: 42220,
      Avalanche: 43114,
      Aurora: 1313161554,
    })
    for (const n of allNetworks)
      expect(n.nativeCurrency.decimals).toBe({ eip155: 18, solana: 9, bip122: 8 }[n.chainNamespace])
    const times = Object.fromEntries(allNetworks.filter((n) => n.blockTimeMs).map((n) => [n.id, n.blockTimeMs]))
    expect(times).toEqual({ 1: 12000, 8453: 2000, 43114: 1700, 42220: 1000 })
    expect(allNetworks.filter((n) => n.testnet).map((n) => n.name)).toEqual([
      'Optimism Goerli',
      'Solana Devnet',
      'Solana Testnet',
      'Bitcoin Testnet',
      'Bitcoin Signet',
    ])
    for (const n of allNetworks.filter((x) => x.chainNamespace !== 'bip122'))
      expect(n.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
  })

  it('finds networks by current or deprecated id and summarizes them for the kernel', () => {
    expect(networkById('solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')?.name).toBe('Solana')
    expect(networkById('eip155:999')).toBeUndefined()
    expect(toNetworkInfo(networkById('eip155:420')!)).toEqual({
      caipNetworkId: 'eip155:420',
      name: 'Optimism Goerli',
      chainNamespace: 'eip155',
      nativeSymbol: 'ETH',
      testnet: true,
      explorerUrl: 'https://goerli-optimism.etherscan.io',
    })
  })
})

describe('networkFor: RPC URLs', () => {
  const networks = [toNetworkInfo(networkById('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')!)]
  const options = { apiUrl: 'http://127.0.0.1:8787/', projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f' }
  it("gives non-EVM networks the project's RPC endpoint with the project id by default (SPEC §7)", () => {
    expect(networkFor('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', networks, options).rpcUrls.default.http).toEqual([
      'http://127.0.0.1:8787/v1/rpc?chainId=solana%3A5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=f0e1d2c3b4a5968778695a4b3c2d1e0f',
    ])
  })
  it("gives Bitcoin no default RPC URL: the server's /v1/rpc serves EVM and Solana nodes, no Bitcoin one", () => {
    const btc = [toNetworkInfo(networkById('bip122:000000000019d6689c085ae165831e93')!)]
    expect(networkFor('bip122:000000000019d6689c085ae165831e93', btc, options).rpcUrls.default.http).toEqual([])
  })
  it('keeps the host customRpcUrls first, and EVM networks on their own RPC', () => {
    const custom = {
      ...options,
      customRpcUrls: { 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': ['http://127.0.0.1:8899'] },
    }
    expect(networkFor('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', networks, custom).rpcUrls.default.http).toEqual([
      'http://127.0.0.1:8899',
    ])
    expect(networkFor('eip155:1', [], options).rpcUrls.default.http).toEqual(['https://eth.merkle.io'])
  })
})
