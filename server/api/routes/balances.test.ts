import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChains, type LocalChains } from '../../chains/index.js'
import { resolveConfig } from '../../config.js'
import type { Store } from '../../store/store.js'
import type { ChainConfig } from '../../types.js'
import { createApp } from '../app.js'
import { balancesOpenApi } from '../openapi/balances.js'
import { createContractClient, type ContractClient } from '../testing/contract.js'
import { balancesRoutes } from './balances.js'

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let local: LocalChains
let client: ContractClient

// balances never touch the store: a store that throws proves it and saves a PGlite start (seconds on 2 cores)
const noStore = new Proxy({} as Store, {
  get: (_t, prop) => () => {
    throw new Error(`balances must not use the store (called ${String(prop)})`)
  },
})

beforeAll(async () => {
  local = await startChains({
    chains: [{ chainId: 1 }, { chainId: 11155111, name: 'Sepolia', testnet: true }],
    fund: [owner],
  })
  const down: ChainConfig = {
    ...local.chains[0],
    chainId: 10,
    caipNetworkId: 'eip155:10',
    name: 'Down',
    rpcUrl: 'http://127.0.0.1:9',
  }
  const app = createApp({ store: noStore, config: resolveConfig({ chains: [...local.chains, down] }) }, [
    { name: 'balances', routes: balancesRoutes, openapi: balancesOpenApi },
  ])
  client = await createContractClient(app)
})

afterAll(async () => {
  await local?.close()
})

// every response is checked against the app's /openapi.json by the contract client
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await client.get(path)
  return { status: res.status, body: res.body }
}

describe('GET /v1/balances/{address}', () => {
  it('reads native and token balances from the chain, priced from the local table', async () => {
    const { status, body } = await get(`/v1/balances/${owner}?chainId=eip155:1&currency=usd`)
    expect(status).toBe(200)
    const bySymbol = Object.fromEntries(body.balances.map((b: any) => [b.symbol, b]))
    expect(Object.keys(bySymbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'USDT'])
    expect(bySymbol.USDC).toMatchObject({
      name: 'USD Coin',
      chainId: 'eip155:1',
      address: `eip155:1:${local.chains[0].tokens[0].address}`,
      price: 1,
      value: 987.5,
      quantity: { decimals: '6', numeric: '987.5' },
    })
    expect(bySymbol.DAI.quantity).toEqual({ decimals: '18', numeric: '2500' })
    expect(bySymbol.ETH.address).toBeUndefined()
    expect(bySymbol.ETH.price).toBe(3000)
    expect(Number(bySymbol.ETH.quantity.numeric)).toBeGreaterThan(10000)
    expect(bySymbol.ETH.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('accepts an address without 0x in any case, and a bare chain id', async () => {
    const { status, body } = await get(`/v1/balances/${owner.slice(2).toLowerCase()}?chainId=1`)
    expect(status).toBe(200)
    expect(body.balances).toHaveLength(4)
  })

  it('answers an empty list for a testnet and for an address holding nothing', async () => {
    expect((await get(`/v1/balances/${owner}?chainId=eip155:11155111`)).body).toEqual({ balances: [] })
    expect((await get(`/v1/balances/${owner}?chainId=eip155:420`)).body).toEqual({ balances: [] })
    expect((await get(`/v1/balances/0x000000000000000000000000000000000000bEEF?chainId=eip155:1`)).body).toEqual({
      balances: [],
    })
  })

  it('rejects bad input with a JSON error saying what is wrong', async () => {
    const cases: Array<[string, string, RegExp]> = [
      [`/v1/balances/0x123?chainId=eip155:1`, 'invalid_address', /not an EVM address/],
      [`/v1/balances/${owner}?chainId=eip155:137`, 'unknown_chain', /not served here/],
      [`/v1/balances/${owner}?chainId=banana`, 'invalid_chain_id', /CAIP-2/],
      [`/v1/balances/${owner}?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, 'unknown_chain', /not served here/],
      [`/v1/balances/${owner}?chainId=eip155:1&currency=eur`, 'invalid_currency', /only usd/],
    ]
    for (const [path, code, description] of cases) {
      const { status, body } = await get(path)
      expect(status, path).toBe(400)
      expect(body.error).toBe(code)
      expect(body.reasons[0].description).toMatch(description)
    }
  })

  it('answers 502 when a chain RPC is down', async () => {
    const { status, body } = await get(`/v1/balances/${owner}?chainId=eip155:10`)
    expect(status).toBe(502)
    expect(body.error).toBe('rpc_unavailable')
  })
})
