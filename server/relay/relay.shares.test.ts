// Issue 30, item 2: the relay's whole-process caps (stored bytes, stored messages, the topic table) must not fall to a
// handful of addresses. 30 attacker addresses (127.0.0.2 … 127.0.0.31), each within its own share, together ask for
// far more than the caps; while they push, a real UniversalProvider dapp and WalletKit wallet on 127.0.0.1 pair, sign
// and transact; after they leave, what they stored blocks nobody. Scaled-down caps on memory and Redis, and once on
// memory at the default caps (the topic table only: pushing 256 MiB through loopback takes a minute on 2 cores).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, stringToHex, verifyMessage, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import { DEFAULT_LIMITS } from './limits.js'
import { startRelay, type RelayOptions, type RunningRelay } from './relay.js'
import { connectRawClient, type RawRelayClient } from './raw-client.js'
import { CHAIN, createDapp, createWallet, eip155Request, startAnvil } from './sdk-harness.js'
import { redisAvailable, testPrefix, testRedisUrl } from './redis-testing.js'

// The SDKs skip their telemetry and verify hosts (unreachable here) only when this is set.
process.env.IS_VITEST = 'true'

const PROJECT_ID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const RECEIVER: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ATTACKER_IPS = Array.from({ length: 30 }, (_, i) => `127.0.0.${i + 2}`)

// Caps scaled down so that 30 addresses, each within its share, ask for 3-4 times what the process holds.
const SCALED: RelayOptions = {
  maxTopics: 400,
  maxStoredBytes: 2 * 1024 * 1024,
  maxStoredMessages: 400,
  maxPublishBytes: 64 * 1024,
  maxSubscriptionsPerClient: 40,
  maxSubscriptionsPerIp: 60,
  maxStoredMessagesPerClient: 40,
  maxStoredMessagesPerIp: 60,
  maxStoredBytesPerClient: 160 * 1024,
  maxStoredBytesPerIp: 256 * 1024,
}

/** Connects `perIp` raw clients from each attacker address. */
async function attackersOn(url: string, perIp: number): Promise<RawRelayClient[]> {
  const all = await Promise.all(
    ATTACKER_IPS.flatMap((ip) =>
      Array.from({ length: perIp }, () => connectRawClient(url, { localAddress: ip, projectId: PROJECT_ID })),
    ),
  )
  return all
}

/** Runs `push` every few milliseconds until stop() (bounded by `maxRounds`). */
function keepPushing(push: (round: number) => Promise<unknown>, maxRounds = 400): () => Promise<void> {
  let on = true
  const loop = (async () => {
    for (let round = 0; on && round < maxRounds; round++) {
      await push(round).catch(() => {})
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  return async () => {
    on = false
    await loop
  }
}

/** An honest newcomer on 127.0.0.1 subscribes, opens `topics` new topics and stores `bytes`-sized messages. */
async function newcomerServed(url: string, label: string, topics = 3, bytes = 1000) {
  const probe = await connectRawClient(url, { projectId: PROJECT_ID })
  try {
    await probe.request('irn_subscribe', { topic: `probe-${label}` })
    for (let i = 0; i < topics; i++)
      await probe.request('irn_publish', {
        topic: `probe-${label}-${i}`,
        message: `${label}-${i}-`.padEnd(bytes, 'h'),
        ttl: 300,
        tag: 1108,
      })
  } finally {
    await probe.close()
  }
}

async function honestPair(url: string) {
  const anvil = await startAnvil()
  const side = { relayUrl: url, projectId: PROJECT_ID, rpcUrl: anvil.url }
  const [dapp, wallet] = await Promise.all([createDapp(side), createWallet(side)])
  return {
    /** Pairs anew, signs (verified with viem) and sends a transaction that anvil mines. */
    async works(label: string) {
      const uri = new Promise<string>((resolve) => dapp.once('display_uri', resolve))
      const connecting = dapp.connect(eip155Request(anvil.url))
      await wallet.kit.pair({ uri: await uri })
      const session = await connecting
      expect(session?.namespaces.eip155.accounts).toEqual([`${CHAIN}:${wallet.account.address}`])
      const request = (method: string, params: unknown[]) => dapp.request<Hex>({ method, params }, CHAIN)
      const message = `served ${label}`
      const signature = await request('personal_sign', [stringToHex(message), wallet.account.address])
      expect(await verifyMessage({ address: wallet.account.address, message, signature })).toBe(true)
      const hash = await request('eth_sendTransaction', [
        { from: wallet.account.address, to: RECEIVER, value: `0x${parseEther('0.001').toString(16)}` },
      ])
      const chain = createPublicClient({ chain: foundry, transport: http(anvil.url) })
      expect((await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    },
    async close() {
      await dapp.client.core.relayer.transportClose().catch(() => {})
      await wallet.core.relayer.transportClose().catch(() => {})
      anvil.close()
    },
  }
}

describe.each(redisAvailable ? (['memory', 'redis'] as const) : (['memory'] as const))(
  'relay on %s: 30 addresses against the whole-process caps (scaled down)',
  (backend) => {
    let relay: RunningRelay
    let pair: Awaited<ReturnType<typeof honestPair>>
    let attackers: RawRelayClient[] = []

    beforeAll(async () => {
      const redis = backend === 'redis' ? { redisUrl: await testRedisUrl(), redisPrefix: testPrefix('shares') } : {}
      relay = await startRelay({ ...SCALED, ...redis })
      pair = await honestPair(relay.url)
    })

    afterAll(async () => {
      await Promise.all(attackers.map((a) => a.close()))
      await pair?.close()
      await relay?.close()
    })

    it('they fill what they can while an honest pair pairs, signs and transacts; after they leave nothing blocks', async () => {
      attackers = await attackersOn(relay.url, 2)
      const big = (tag: string) => tag.padEnd(60_000, 'B')
      // Each round every client subscribes to 20 new topics, stores 10 tiny messages on new topics and 2 big ones.
      const round = (r: number) =>
        Promise.allSettled(
          attackers.flatMap((c, s) => [
            c.request('irn_batchSubscribe', { topics: Array.from({ length: 20 }, (_, i) => `sub-${r}-${s}-${i}`) }),
            ...Array.from({ length: 10 }, (_, i) =>
              c.request('irn_publish', { topic: `tiny-${r}-${s}-${i}`, message: 'x', ttl: 30 * 86400, tag: 0 }),
            ),
            ...Array.from({ length: 2 }, (_, i) =>
              c.request('irn_publish', { topic: `big-${r}-${s}-${i}`, message: big(`${r}-${s}-${i}`), ttl: 86400 }),
            ),
          ]),
        )
      for (let r = 0; r < 4; r++) await round(r)
      const firstTopic = 'tiny-0-0-0'
      const stop = keepPushing((r) => round(r + 4))
      try {
        await newcomerServed(relay.url, 'during', 5, 20_000)
        await pair.works('during the attack')
      } finally {
        await stop()
      }
      // Full, and never past the caps (on Redis: the totals as of the last publish).
      const stats = relay.stats()
      expect(stats.topics).toBeLessThanOrEqual(SCALED.maxTopics!)
      expect(stats.storedBytes).toBeLessThanOrEqual(SCALED.maxStoredBytes!)
      expect(stats.storedBytes).toBeGreaterThan(SCALED.maxStoredBytes! * 0.8)
      expect(stats.messages).toBeLessThanOrEqual(SCALED.maxStoredMessages!)
      // The heaviest holders' oldest messages went first: the attackers' first tiny message is gone.
      const late = await connectRawClient(relay.url, { projectId: PROJECT_ID })
      const got: string[] = []
      late.onDelivery((d) => got.push(d.topic))
      await late.request('irn_subscribe', { topic: firstTopic })
      await late.close()
      expect(got).toEqual([])

      // The attackers leave; their messages (asked for 30 days) stay, yet newcomers store and subscribe at once.
      await Promise.all(attackers.map((a) => a.close()))
      await newcomerServed(relay.url, 'after', 5, 25_000)
      await pair.works('after the attack')
    })
  },
)

describe('relay on memory: 30 addresses against the default caps', () => {
  let relay: RunningRelay
  let pair: Awaited<ReturnType<typeof honestPair>>
  let attackers: RawRelayClient[] = []

  beforeAll(async () => {
    relay = await startRelay()
    pair = await honestPair(relay.url)
  })

  afterAll(async () => {
    await Promise.all(attackers.map((a) => a.close()))
    await pair?.close()
    await relay?.close()
  })

  it('300,000 subscriptions against the 200,000-topic table leave room for the honest pair', async () => {
    const started = Date.now()
    // 10 sockets per address × 1,000 topics = each address's 10,000 subscriptions; 300,000 against 200,000.
    attackers = await attackersOn(relay.url, 10)
    await Promise.allSettled(
      attackers.map(async (c, s) => {
        for (let b = 0; b < 2; b++)
          await c
            .request('irn_batchSubscribe', {
              topics: Array.from({ length: 500 }, (_, i) => `d-sub-${s}-${b}-${i}`),
            })
            .catch(() => {})
      }),
    )
    expect(relay.stats().topics).toBe(DEFAULT_LIMITS.maxTopics)
    await newcomerServed(relay.url, 'default-caps', 3, 200_000)
    await pair.works('at the default caps')
    expect(relay.stats().topics).toBe(DEFAULT_LIMITS.maxTopics)
    expect(Date.now() - started).toBeLessThan(90_000)
  }, 120_000)
})
