// The chain tables and queries on a real PostgreSQL server (the default store is PGlite; both must work).
// Runs when DATABASE_URL is set (server/store/ci-postgres.sh prints one), otherwise it is skipped visibly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { startChains, type LocalChains } from '../chains/index.js'
import { migrate } from '../store/migrate.js'
import { openStore, type Store } from '../store/store.js'
import { findName, namesForAddress, registerName } from '../names/store.js'
import { readHistory, startIndexer } from './index.js'

const DATABASE_URL = process.env.DATABASE_URL
const SCHEMA = `t_chain_${process.pid}_${Date.now().toString(36)}`
const wallet = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const skip = DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'

describe.skipIf(!DATABASE_URL)(`indexer and names on PostgreSQL${skip}`, () => {
  let local: LocalChains
  let store: Store

  beforeAll(async () => {
    ;[local, store] = await Promise.all([
      startChains({ chains: [{ chainId: 31337 }], fund: [wallet.address] }),
      openStore({ databaseUrl: DATABASE_URL, schema: SCHEMA, maxConnections: 4 }),
    ])
    await migrate(store)
  })
  afterAll(async () => {
    await local?.close()
    if (store) await store.exec(`DROP SCHEMA ${SCHEMA} CASCADE`)
    await store?.close()
  })

  it('indexes a chain and pages through the history', async () => {
    const indexer = startIndexer({ store, chains: local.chains, pollMs: 50 })
    try {
      await indexer.sync()
    } finally {
      await indexer.stop()
    }
    const first = await readHistory(store, { address: wallet.address, chainIds: [31337], limit: 4 })
    expect(first.entries).toHaveLength(4)
    // newest first: the airdrop, two NFT mints, then the failed transfer (server/chains/extras.ts seeds the first three)
    expect(first.entries[3].status).toBe('failed')
    const rest = await readHistory(store, { address: wallet.address, chainIds: [31337], limit: 6, cursor: first.next! })
    expect(rest.entries).toHaveLength(6)
    expect(rest.next).toBeNull()
    expect(rest.entries.flatMap((e) => e.transfers).length).toBeGreaterThanOrEqual(3)
  })

  it('registers, updates and looks up names', async () => {
    const created = await registerName(store, {
      name: 'pgname.foyer.id',
      coinType: 60,
      address: wallet.address,
      attributes: { avatar: 'a' },
      signedAt: 100,
      digest: 'pg-1',
    })
    expect(created.kind).toBe('created')
    const updated = await registerName(store, {
      name: 'pgname.foyer.id',
      coinType: 0x80002105,
      address: wallet.address,
      attributes: {},
      signedAt: 100,
      digest: 'pg-2',
    })
    expect(updated.kind).toBe('updated')
    // the same message again, or one signed before the last write: refused
    const again = { name: 'pgname.foyer.id', coinType: 60, address: wallet.address, attributes: {} }
    expect(await registerName(store, { ...again, signedAt: 101, digest: 'pg-2' })).toEqual({ kind: 'replayed' })
    expect(await registerName(store, { ...again, signedAt: 99, digest: 'pg-3' })).toEqual({ kind: 'replayed' })
    expect(
      await registerName(store, {
        name: 'pgname.foyer.id',
        coinType: 60,
        address: '0x000000000000000000000000000000000000dEaD',
        attributes: {},
        signedAt: 200,
        digest: 'pg-4',
      }),
    ).toEqual({ kind: 'conflict' })
    expect(Object.keys((await findName(store, 'pgname.foyer.id'))!.addresses).sort()).toEqual(['2147492101', '60'])
    expect((await namesForAddress(store, wallet.address.toLowerCase(), 60)).map((r) => r.name)).toEqual([
      'pgname.foyer.id',
    ])
    expect(await namesForAddress(store, wallet.address, 1)).toEqual([])
  })
})
