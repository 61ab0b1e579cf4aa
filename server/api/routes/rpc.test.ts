import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
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
    chains: [anvilChain()],
  })
  const modules = [{ name: 'rpc', routes: rpcRoutes, openapi: rpcOpenApi }]
  client = await createContractClient(createApp({ store: noStore, config }, modules))
  api = await startApi({ store: noStore, prepared: true, config: { ...config, port: 0 } })
})
afterAll(async () => {
  await Promise.all([node?.close(), anvil?.close(), api?.close()])
})

function anvilChain() {
  return {
    chainId: 1,
    caipNetworkId: 'eip155:1',
    name: 'Ethereum',
    rpcUrl: anvil.rpcUrl,
    nativeSymbol: 'ETH',
    nativeName: 'Ether',
    nativeDecimals: 18,
    testnet: false,
    tokens: [],
  }
}

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

// Init code run by eth_call without `to`: GAS PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN answers the gas it was given;
// JUMPDEST PUSH1 0 JUMP loops until its gas runs out (each loop costs 12 gas, so 10 M gas is about 0.1 s of node CPU).
const GAS_LEFT = '0x5a60005260206000f3'
const LOOP = '0x5b600056'
const call = (id: number, method: string, params: unknown[]) => ({ jsonrpc: '2.0', id, method, params })
type Answer = { id: number; result?: string; error?: { code: number; message: string } }

describe('POST /v1/rpc bounds what one request costs the node (issue 30 #5)', () => {
  it('forwards at most rpcMaxBatch calls of a batch; the others get JSON-RPC -32005 and never reach the node', async () => {
    const res = await rpc(
      'eip155:1',
      Array.from({ length: 103 }, (_, i) => call(i, 'eth_chainId', [])),
    )
    const answers = res.body as Answer[]
    expect(answers).toHaveLength(103)
    expect(answers.slice(0, 100).every((a) => a.result === '0x1')).toBe(true)
    for (const a of answers.slice(100)) expect(a.error).toMatchObject({ code: -32005, message: /at most 100 calls/ })
  })

  it('caps eth_call / eth_estimateGas gas: a call without gas gets the cap, one asking for more is refused', async () => {
    const given = await rpc('eip155:1', call(1, 'eth_call', [{ data: GAS_LEFT }, 'latest']))
    const left = BigInt((given.body as Answer).result!)
    expect(left).toBeGreaterThan(9_000_000n)
    expect(left).toBeLessThan(10_000_000n)
    const more = await rpc('eip155:1', [
      call(2, 'eth_call', [{ data: LOOP, gas: '0x1c9c380' }, 'latest']),
      call(3, 'eth_estimateGas', [{ data: LOOP, gas: '0x1c9c380' }]),
    ])
    for (const a of more.body as Answer[])
      expect(a.error).toMatchObject({ code: -32602, message: /above the cap of 10000000/ })
  })

  it("shares one gas budget among a request's calls: loops beyond it get -32005", async () => {
    const res = await rpc(
      'eip155:1',
      [1, 2, 3, 4].map((id) => call(id, 'eth_call', [{ data: LOOP }, 'latest'])),
    )
    const answers = res.body as Answer[]
    // the node runs three 10 M gas loops out of gas; the fourth would pass the 30 M budget
    for (const a of answers.slice(0, 3)) expect(a.error?.code).not.toBe(-32005)
    expect(answers[3].error).toMatchObject({ code: -32005, message: /30000000 gas/ })
  })

  it('refuses state and block overrides with -32602', async () => {
    const target = '0x00000000000000000000000000000000000000aa'
    const res = await rpc('eip155:1', [
      call(1, 'eth_call', [{ to: target, data: '0x' }, 'latest', { [target]: { code: '0x5a60005260206000f3' } }]),
      call(2, 'eth_estimateGas', [{ to: target }, 'latest', { [target]: { balance: '0x1' } }]),
    ])
    for (const a of res.body as Answer[]) expect(a.error).toMatchObject({ code: -32602, message: /overrides/ })
  })

  it('forwards the methods the operator adds (rpcExtraMethods); without them they stay refused', async () => {
    const refused = await rpc('eip155:1', call(1, 'anvil_nodeInfo', []))
    expect((refused.body as Answer).error?.code).toBe(-32601)
    const config = resolveConfig({
      chains: [{ ...anvilChain(), rpcUrl: anvil.rpcUrl }],
      apiLimits: { rpcExtraMethods: ['anvil_nodeInfo'] },
    })
    const open = await createContractClient(
      createApp({ store: noStore, config }, [{ name: 'rpc', routes: rpcRoutes, openapi: rpcOpenApi }]),
    )
    const res = await open.post(`/v1/rpc?projectId=${projectId}&chainId=eip155:1`, call(1, 'anvil_nodeInfo', []))
    expect((res.body as Answer).result).toBeTruthy()
  })

  it('answers JSON-RPC -32603 when the node takes longer than rpcTimeoutMs', async () => {
    // a node that accepts the request and never answers
    const silent: Server = createServer(() => {})
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    try {
      const config = resolveConfig({
        chains: [{ ...anvilChain(), rpcUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` }],
        apiLimits: { rpcTimeoutMs: 300 },
      })
      const slow = await createContractClient(
        createApp({ store: noStore, config }, [{ name: 'rpc', routes: rpcRoutes, openapi: rpcOpenApi }]),
      )
      const started = Date.now()
      const res = await slow.post(`/v1/rpc?projectId=${projectId}&chainId=eip155:1`, [call(7, 'eth_blockNumber', [])])
      expect(Date.now() - started).toBeLessThan(3000)
      expect(res.body).toMatchObject([{ id: 7, error: { code: -32603, message: /did not answer within 300 ms/ } }])
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  }, 8000)
})
