import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChains, type LocalChains } from '../../chains/index.js'
import { resolveConfig } from '../../config.js'
import type { Store } from '../../store/store.js'
import type { ChainConfig } from '../../types.js'
import { createApp } from '../app.js'
import { balancesOpenApi } from '../openapi/balances.js'
import { createContractClient, type ContractClient } from '../testing/contract.js'
import { balancesRoutes } from './balances.js'
import { SOLANA_DEV_WALLET_ADDRESS } from '../../solana/keys.js'
import { startSolanaNode, type RunningSolanaNode } from '../../solana/node.js'
import { SolanaRuntime } from '../../solana/runtime.js'
import { LOCAL_SPL_MINT, seedSolana } from '../../solana/seed.js'
import { LOCAL_SOLANA_NETWORK } from '../../solana/service.js'

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let local: LocalChains
let client: ContractClient
let solana: RunningSolanaNode

// balances never touch the store: a store that throws proves it and saves a PGlite start (seconds on 2 cores)
const noStore = new Proxy({} as Store, {
  get: (_t, prop) => () => {
    throw new Error(`balances must not use the store (called ${String(prop)})`)
  },
})

beforeAll(async () => {
  const runtime = new SolanaRuntime()
  seedSolana(runtime, [SOLANA_DEV_WALLET_ADDRESS])
  ;[local, solana] = await Promise.all([
    startChains({ chains: [{ chainId: 1 }, { chainId: 11155111, name: 'Sepolia', testnet: true }], fund: [owner] }),
    startSolanaNode({ runtime }),
  ])
  const solanaChain = { caipNetworkId: LOCAL_SOLANA_NETWORK, name: 'Solana', rpcUrl: solana.url, testnet: false }
  const down: ChainConfig = {
    ...local.chains[0],
    chainId: 10,
    caipNetworkId: 'eip155:10',
    name: 'Down',
    rpcUrl: 'http://127.0.0.1:9',
  }
  const tokens = [{ mint: LOCAL_SPL_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6 }]
  const config = resolveConfig({ chains: [...local.chains, down], solanaChains: [{ ...solanaChain, tokens }] })
  const app = createApp({ store: noStore, config }, [
    { name: 'balances', routes: balancesRoutes, openapi: balancesOpenApi },
  ])
  client = await createContractClient(app)
})

afterAll(async () => {
  await Promise.all([local?.close(), solana?.close()])
})

// every response is checked against the app's /openapi.json by the contract client
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await client.get(path)
  return { status: res.status, body: res.body }
}

describe('GET /v1/balances/{address}', () => {
  it('reads native and token balances from the chain as SPEC §5 assets, priced from the Uniswap V2 pools', async () => {
    const { status, body } = await get(`/v1/balances/${owner}?chainId=eip155:1&currency=usd`)
    expect(status).toBe(200)
    const bySymbol = Object.fromEntries(body.balances.map((b: any) => [b.symbol, b]))
    expect(Object.keys(bySymbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'USDT'])
    const usdc = local.chains[0].tokens[0].address
    expect(bySymbol.USDC).toEqual({
      address: `eip155:1:${usdc}`,
      balance: '987500000',
      type: 'ERC20',
      metadata: {
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
        price: '1',
        iconUrl: 'http://127.0.0.1:8787/v1/icons/tokens/USDC',
      },
      chainId: 'eip155:1',
      symbol: 'USDC',
      quantity: { decimals: '6', numeric: '987.5' },
      value: '987.5',
      priceSource: 'uniswap-v2:eip155:1',
    })
    // the seeded pools: 100 ETH / 300,000 USDC and 500,000 USDC / 500,000 DAI; USDT has no pool, so no price
    expect([bySymbol.ETH.metadata.price, bySymbol.ETH.type, bySymbol.ETH.address]).toEqual([
      '3000',
      'NATIVE',
      'eip155:1:native',
    ])
    expect(bySymbol.DAI).toMatchObject({ quantity: { decimals: '18', numeric: '2500' }, value: '2500' })
    expect(bySymbol.USDT).toMatchObject({ value: null, priceSource: null, metadata: { price: null } })
    expect(Number(bySymbol.ETH.quantity.numeric)).toBeGreaterThan(9)
  })

  it("prices from the operator's table first, saying so", async () => {
    const usdtAddress = local.chains[0].tokens.find((t) => t.symbol === 'USDT')!.address
    const priceTable = { [`${local.chains[0].caipNetworkId}:${usdtAddress}`]: '0.9995' }
    const config = resolveConfig({ chains: local.chains, priceTable })
    const app = createApp({ store: noStore, config }, [
      { name: 'balances', routes: balancesRoutes, openapi: balancesOpenApi },
    ])
    const res = await (await createContractClient(app)).get(`/v1/balances/${owner}?chainId=eip155:1`)
    const usdt = (res.body as any).balances.find((b: any) => b.symbol === 'USDT')
    expect(usdt).toMatchObject({ value: '999.5', priceSource: 'config', metadata: { price: '0.9995' } })
  })

  it('reads a Solana address: SOL and the SPL token from the Solana node', async () => {
    const { status, body } = await get(`/v1/balances/${SOLANA_DEV_WALLET_ADDRESS}?chainId=${LOCAL_SOLANA_NETWORK}`)
    expect(status).toBe(200)
    expect(body.balances.map((b: any) => [b.type, b.symbol, b.quantity.numeric, b.address])).toEqual([
      ['NATIVE', 'SOL', '10', `${LOCAL_SOLANA_NETWORK}:native`],
      ['ERC20', 'USDC', '1000', `${LOCAL_SOLANA_NETWORK}:${LOCAL_SPL_MINT}`],
    ])
    // no price source knows Solana tokens locally: the client shows "–"
    expect(body.balances.map((b: any) => b.value)).toEqual([null, null])
    expect((await get(`/v1/balances/${SOLANA_DEV_WALLET_ADDRESS}`)).body.balances).toHaveLength(2)
    expect(
      (await get(`/v1/balances/${SOLANA_DEV_WALLET_ADDRESS}?chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`)).body,
    ).toEqual({ balances: [] })
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
      [`/v1/balances/0x123?chainId=eip155:1`, 'invalid_address', /neither an EVM nor a Solana address/],
      [`/v1/balances/${owner}?chainId=eip155:137`, 'unknown_chain', /not served here/],
      [`/v1/balances/${owner}?chainId=banana`, 'invalid_chain_id', /CAIP-2/],
      [`/v1/balances/${owner}?chainId=${LOCAL_SOLANA_NETWORK}`, 'unknown_chain', /not served here/],
      [`/v1/balances/${SOLANA_DEV_WALLET_ADDRESS}?chainId=eip155:1`, 'invalid_chain_id', /not a Solana chain/],
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
