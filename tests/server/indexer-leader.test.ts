// One indexer across API processes on PostgreSQL: two `npm run server` processes (api + indexer) share a database;
// the first is elected, the second stands by; the leader is killed with SIGKILL while blocks keep coming; the other
// takes over within seconds and the indexed history has no gap and no duplicate, block by block against the chain.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startChains, type LocalChains } from '../../server/chains/index.js'
import { DEV_WALLET_PRIVATE_KEY } from '../../server/chains/dev-wallet.js'
import { startServerProcess, withSchema, type ServerProcess } from './processes.js'

const DATABASE_URL = process.env.DATABASE_URL
const skip = DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'
const SCHEMA = `t_leader_${process.pid}_${Date.now().toString(36)}`
const ELECTED = /"event":"elected"/

describe.skipIf(!DATABASE_URL)(`indexer leader across API processes${skip}`, () => {
  let local: LocalChains
  let db: pg.Client
  let dir: string
  const procs: ServerProcess[] = []

  beforeAll(async () => {
    db = new pg.Client({ connectionString: DATABASE_URL })
    await db.connect()
    await db.query(`CREATE SCHEMA ${SCHEMA}`)
    local = await startChains({ chains: [{ chainId: 31337 }] })
    dir = mkdtempSync(join(tmpdir(), 'foyer-leader-'))
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ chains: local.chains }))
  })
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill('SIGKILL')))
    await local?.close()
    await db?.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
    await db?.end()
    rmSync(dir, { recursive: true, force: true })
  })

  it('fails over to the standby within seconds, with no gap and no duplicate', async () => {
    const env = {
      FOYER_SERVICES: 'api,indexer',
      FOYER_CONFIG: join(dir, 'config.json'),
      DATABASE_URL: withSchema(DATABASE_URL!, SCHEMA),
      FOYER_INDEXER_POLL_MS: '100',
      FOYER_INDEXER_LEADER_RETRY_MS: '250',
    }
    const a = await startServerProcess(env)
    procs.push(a)
    await a.waitFor(ELECTED)
    const b = await startServerProcess(env)
    procs.push(b)

    const rpcUrl = local.chains[0].rpcUrl
    const chain = createPublicClient({ transport: http(rpcUrl) })
    const sender = createWalletClient({ account: privateKeyToAccount(DEV_WALLET_PRIVATE_KEY), transport: http(rpcUrl) })
    const chainDef = {
      id: 31337,
      name: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }
    let sending = true
    let sent = 0
    // Blocks keep coming (anvil mines one per transaction) before, during and after the takeover.
    const traffic = (async () => {
      while (sending) {
        await sender.sendTransaction({
          chain: chainDef,
          to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          value: parseEther('0.001'),
        })
        sent++
        await new Promise((r) => setTimeout(r, 40))
      }
    })()
    const indexedTip = async () =>
      Number((await db.query(`SELECT coalesce(max(number), -1) AS n FROM ${SCHEMA}.chain_blocks`)).rows[0].n)
    await expect.poll(indexedTip, { timeout: 30_000 }).toBeGreaterThan(10)
    expect(b.output()).not.toMatch(ELECTED)

    await a.kill('SIGKILL')
    const killedAt = Date.now()
    await b.waitFor(ELECTED, 15_000)
    const takeoverMs = Date.now() - killedAt
    await new Promise((r) => setTimeout(r, 500))
    sending = false
    await traffic

    const head = Number(await chain.getBlockNumber({ cacheTime: 0 }))
    await expect.poll(indexedTip, { timeout: 30_000 }).toBe(head)
    const rows = (
      await db.query<{ number: string; hash: Hex }>(`SELECT number, hash FROM ${SCHEMA}.chain_blocks ORDER BY number`)
    ).rows
    expect(rows.map((r) => Number(r.number))).toEqual(Array.from({ length: head + 1 }, (_, i) => i))
    let chainTxs = 0
    for (const r of rows) {
      const block = await chain.getBlock({ blockNumber: BigInt(r.number) })
      expect(r.hash).toBe(block.hash)
      chainTxs += block.transactions.length
    }
    const stored = Number((await db.query(`SELECT count(*) AS n FROM ${SCHEMA}.chain_transactions`)).rows[0].n)
    expect(stored).toBe(chainTxs)
    expect(sent).toBeGreaterThan(0)
    console.log(
      `indexer takeover after SIGKILL: ${takeoverMs} ms; ${head + 1} blocks, ${chainTxs} transactions indexed`,
    )
    expect(takeoverMs).toBeLessThan(15_000)
  }, 120_000)
})
