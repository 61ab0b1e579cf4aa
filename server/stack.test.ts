import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { openTestStore } from './api/testing/store.js'
import type { Store } from './store/store.js'
import { DEV_WALLET_ADDRESS, DEV_WALLET_PRIVATE_KEY, startStack, type Stack } from './stack.js'

let stack: Stack | undefined
let store: Store | undefined

beforeAll(async () => {
  store = await openTestStore()
  stack = await startStack({ store, pollMs: 50 })
})
afterAll(async () => {
  await stack?.close()
  await store?.close()
})

async function genesisHash(rpcUrl: string): Promise<string | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x0",false]}',
    })
    return ((await res.json()) as { result?: { hash: string } }).result?.hash ?? null
  } catch {
    return null
  }
}

describe('startStack', () => {
  it('serves balances, history and names for the funded dev wallet on chains 1 and 8453, and a relay', async () => {
    const s = stack!
    expect(privateKeyToAccount(DEV_WALLET_PRIVATE_KEY).address).toBe(DEV_WALLET_ADDRESS)
    expect(s.chains.map((c) => [c.chainId, c.caipNetworkId, c.testnet])).toEqual([
      [1, 'eip155:1', false],
      [8453, 'eip155:8453', false],
    ])
    expect(s.relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(s.relay.url.replace('ws:', 'http:') + '/health')).status).toBe(200)
    expect((await fetch(`${s.services.need('solana').url}/health`)).status).toBe(200)
    for (const chain of s.chains) {
      const res = await fetch(`${s.api.url}/v1/balances/${DEV_WALLET_ADDRESS}?chainId=${chain.caipNetworkId}`)
      const body = (await res.json()) as { balances: Array<{ symbol: string }> }
      expect(body.balances.map((b) => b.symbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'USDT'])
    }
    await s.indexer.sync()
    const history = (await (
      await fetch(`${s.api.url}/v1/transactions/${DEV_WALLET_ADDRESS}?chainId=eip155:8453`)
    ).json()) as { data: unknown[] }
    // seed.ts's seven transactions, two NFT mints and the spam airdrop (extras.ts)
    expect(history.data).toHaveLength(10)
    const dev = privateKeyToAccount(DEV_WALLET_PRIVATE_KEY)
    const message = JSON.stringify({
      name: 'devwallet',
      attributes: {},
      coinType: 60,
      timestamp: Math.floor(Date.now() / 1000),
    })
    const reg = await fetch(`${s.api.url}/v1/names`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coinType: 60,
        address: dev.address,
        message,
        signature: await dev.signMessage({ message }),
      }),
    })
    expect(reg.status).toBe(201)
    expect(await (await fetch(`${s.api.url}/v1/identity/${dev.address}?chainId=eip155:1`)).json()).toEqual({
      name: 'devwallet.foyer.id',
      avatar: null,
    })
  })

  it('refuses a data directory another running stack holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-stack-lock-'))
    try {
      writeFileSync(join(dir, 'stack.pid'), String(process.ppid))
      await expect(startStack({ dataDir: dir })).rejects.toThrow(/another Foyer stack \(pid \d+\) is using/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('close() stops the API, the relay and every anvil', async () => {
    const s = stack!
    const genesis = await Promise.all(s.chains.map((c) => genesisHash(c.rpcUrl)))
    expect(genesis.every((h) => h !== null)).toBe(true)
    await s.close()
    stack = undefined
    await expect(fetch(`${s.api.url}/health`)).rejects.toThrow()
    // a parallel test may already reuse a freed port: what matters is that these chains no longer answer
    for (const [i, chain] of s.chains.entries()) expect(await genesisHash(chain.rpcUrl)).not.toBe(genesis[i])
  })
})
