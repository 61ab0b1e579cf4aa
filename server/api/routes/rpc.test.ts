import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Connection, PublicKey } from '@solana/web3.js'
import { spawnAnvil, type AnvilNode } from '../../chains/index.js'
import { resolveConfig } from '../../config.js'
import { SOLANA_DEV_WALLET_ADDRESS } from '../../solana/keys.js'
import { startSolanaNode, type RunningSolanaNode } from '../../solana/node.js'
import { SolanaRuntime } from '../../solana/runtime.js'
import { LOCAL_SPL_MINT, seedSolana, SOLANA_FUNDING } from '../../solana/seed.js'
import { LOCAL_SOLANA_NETWORK } from '../../solana/service.js'
import type { Store } from '../../store/store.js'
import { createApp } from '../app.js'
import { startApi, type RunningApi } from '../server.js'
import { rpcOpenApi } from '../openapi/rpc.js'
import { createContractClient, type ContractClient } from '../testing/contract.js'
import { rpcRoutes } from './rpc.js'

const projectId = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
let node: RunningSolanaNode
let anvil: AnvilNode
let client: ContractClient
let api: RunningApi
const noStore = new Proxy({} as Store, {
  get: () => () => {
    throw new Error('the RPC proxy must not use the store')
  },
})

beforeAll(async () => {
  const runtime = new SolanaRuntime()
  seedSolana(runtime, [SOLANA_DEV_WALLET_ADDRESS])
  ;[node, anvil] = await Promise.all([startSolanaNode({ runtime }), spawnAnvil({ chainId: 1 })])
  const config = resolveConfig({
    solanaChains: [
      { caipNetworkId: LOCAL_SOLANA_NETWORK, name: 'Solana', rpcUrl: node.url, testnet: false, tokens: [] },
    ],
    chains: [
      {
        chainId: 1,
        caipNetworkId: 'eip155:1',
        name: 'Ethereum',
        rpcUrl: anvil.rpcUrl,
        nativeSymbol: 'ETH',
        nativeName: 'Ether',
        nativeDecimals: 18,
        testnet: false,
        tokens: [],
      },
    ],
  })
  const modules = [{ name: 'rpc', routes: rpcRoutes, openapi: rpcOpenApi }]
  client = await createContractClient(createApp({ store: noStore, config }, modules))
  api = await startApi({ store: noStore, prepared: true, config: { ...config, port: 0 } })
})
afterAll(async () => {
  await Promise.all([node?.close(), anvil?.close(), api?.close()])
})

const rpc = (chainId: string, body: unknown, id = projectId) =>
  client.post(`/v1/rpc?projectId=${id}&chainId=${encodeURIComponent(chainId)}`, body)

describe('POST /v1/rpc', () => {
  it("is a Solana RPC URL web3.js's Connection can use: balances and token accounts through the project id", async () => {
    const connection = new Connection(`${api.url}/v1/rpc?chainId=${LOCAL_SOLANA_NETWORK}&projectId=${projectId}`)
    const owner = new PublicKey(SOLANA_DEV_WALLET_ADDRESS)
    expect(await connection.getBalance(owner)).toBe(Number(SOLANA_FUNDING.lamports))
    const tokens = await connection.getParsedTokenAccountsByOwner(owner, { mint: new PublicKey(LOCAL_SPL_MINT) })
    expect(tokens.value[0].account.data.parsed.info.tokenAmount.amount).toBe(String(SOLANA_FUNDING.tokens))
    expect((await connection.getLatestBlockhash()).blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  it('forwards EVM reads and batches, and refuses node administration with -32601', async () => {
    const one = await rpc('eip155:1', { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] })
    expect(one.body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x1' })
    const batch = await rpc('eip155:1', [
      { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [SOLANA_DEV_WALLET_ADDRESS, '0x1'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
    ])
    expect(batch.body).toMatchObject([
      { id: 1, error: { code: -32601 } },
      { id: 2, result: expect.stringMatching(/^0x/) },
    ])
    const airdrop = await rpc(LOCAL_SOLANA_NETWORK, {
      jsonrpc: '2.0',
      id: 3,
      method: 'requestAirdrop',
      params: [SOLANA_DEV_WALLET_ADDRESS, 1],
    })
    expect(airdrop.body).toMatchObject({ id: 3, error: { code: -32601 } })
  })

  it('answers 400 for a bad project id, an unknown chain or a body that is not JSON-RPC, 502 when the node is down', async () => {
    expect((await rpc('eip155:1', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'nope')).body).toMatchObject({
      error: 'invalid_project_id',
    })
    expect((await rpc('eip155:10', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).body).toMatchObject({
      error: 'unknown_chain',
    })
    expect((await rpc('eip155:1', [])).body).toMatchObject({ error: 'invalid_json_rpc' })
    const downConfig = resolveConfig({
      solanaChains: [
        { caipNetworkId: LOCAL_SOLANA_NETWORK, name: 'Down', rpcUrl: 'http://127.0.0.1:9', testnet: false, tokens: [] },
      ],
    })
    const down = await createContractClient(
      createApp({ store: noStore, config: downConfig }, [{ name: 'rpc', routes: rpcRoutes, openapi: rpcOpenApi }]),
    )
    const res = await down.post(`/v1/rpc?projectId=${projectId}&chainId=${LOCAL_SOLANA_NETWORK}`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getSlot',
    })
    expect([res.status, (res.body as { error: string }).error]).toEqual([502, 'rpc_unavailable'])
  })
})
