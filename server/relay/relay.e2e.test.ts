// End to end with the real SDKs: a dapp (UniversalProvider) and a wallet (WalletKit) pair through this relay, sign,
// send a transaction on anvil, survive a dropped socket and abusive neighbours, and disconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, stringToHex, verifyMessage, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import { startRelay, type RunningRelay } from './relay.js'
import { connectRawClient, RawRpcError } from './raw-client.js'
import { CHAIN, createDapp, createWallet, eip155Request, startAnvil } from './sdk-harness.js'
import { redisAvailable, testPrefix, testRedisUrl } from './redis-testing.js'

// The SDKs skip their telemetry and verify hosts (unreachable here) only when this is set.
process.env.IS_VITEST = 'true'

const PROJECT_ID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const RECEIVER: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe.each(redisAvailable ? (['memory', 'redis'] as const) : (['memory'] as const))(
  'relay on %s with the real WalletConnect SDKs',
  (backend) => {
    let relay: RunningRelay
    let anvil: Awaited<ReturnType<typeof startAnvil>>
    let dapp: Awaited<ReturnType<typeof createDapp>>
    let wallet: Awaited<ReturnType<typeof createWallet>>

    beforeAll(async () => {
      const redis = backend === 'redis' ? { redisUrl: await testRedisUrl(), redisPrefix: testPrefix('e2e') } : {}
      relay = await startRelay({ publishRateLimit: { burst: 20, perSecond: 10 }, ...redis })
      anvil = await startAnvil()
      const side = { relayUrl: relay.url, projectId: PROJECT_ID, rpcUrl: anvil.url }
      ;[dapp, wallet] = await Promise.all([createDapp(side), createWallet(side)])
    })

    afterAll(async () => {
      await dapp?.client.core.relayer.transportClose().catch(() => {})
      await wallet?.core.relayer.transportClose().catch(() => {})
      await relay?.close()
      anvil?.close()
    })

    const request = (method: string, params: unknown[]) => dapp.request<Hex>({ method, params }, CHAIN)

    async function pair() {
      const uri = new Promise<string>((resolve) => dapp.once('display_uri', resolve))
      const connecting = dapp.connect(eip155Request(anvil.url))
      await wallet.kit.pair({ uri: await uri })
      return connecting
    }

    it('pairs and approves an eip155 session with the wallet account', async () => {
      const session = await pair()
      expect(session?.namespaces.eip155.accounts).toEqual([`${CHAIN}:${wallet.account.address}`])
    })

    it('relays personal_sign; the signature verifies', async () => {
      const message = 'Sign in to Foyer'
      const signature = await request('personal_sign', [stringToHex(message), wallet.account.address])
      expect(await verifyMessage({ address: wallet.account.address, message, signature })).toBe(true)
    })

    it('relays eth_sendTransaction; the transaction is mined on anvil', async () => {
      const hash = await request('eth_sendTransaction', [
        { from: wallet.account.address, to: RECEIVER, value: `0x${parseEther('0.01').toString(16)}` },
      ])
      const chain = createPublicClient({ chain: foundry, transport: http(anvil.url) })
      const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      expect(receipt.status).toBe('success')
      expect(receipt.to?.toLowerCase()).toBe(RECEIVER.toLowerCase())
    })

    it('dropped sockets reconnect and resubscribe; a request sent meanwhile waits in the mailbox', async () => {
      const walletBack = new Promise<void>((resolve) => wallet.core.relayer.once('relayer_connect', resolve))
      expect(relay.terminateClient(wallet.clientId)).toBe(1)
      // Sent while the wallet is offline: the relay must hold it until the wallet resubscribes.
      const signing = request('personal_sign', [stringToHex('after reconnect'), wallet.account.address])
      await walletBack
      const signature = await signing
      expect(await verifyMessage({ address: wallet.account.address, message: 'after reconnect', signature })).toBe(true)

      // A request written before the dapp SDK notices its dead socket is lost client-side and retried only after the
      // SDK's 15 s publish time-out, so this half waits for the reconnect first.
      const dappBack = new Promise<void>((resolve) => dapp.client.core.relayer.once('relayer_connect', resolve))
      expect(relay.terminateClient(await dapp.client.core.crypto.getClientId())).toBe(1)
      await dappBack
      const again = await request('personal_sign', [stringToHex('dapp came back'), wallet.account.address])
      expect(
        await verifyMessage({ address: wallet.account.address, message: 'dapp came back', signature: again }),
      ).toBe(true)
      expect(relay.stats().connections).toBe(2)
    })

    it('refuses a bad JWT, a malformed frame and a publish flood while the session keeps working', async () => {
      await expect(connectRawClient(relay.url, { auth: 'not.a.jwt' })).rejects.toThrow(/HTTP 401/)
      const rogue = await connectRawClient(relay.url)
      rogue.sendRaw('{"id":1234567890123456789,"jsonrpc":"2.0","method":')
      expect(JSON.parse(await rogue.nextFrame()).error.code).toBe(-32700)
      const flood = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) =>
          rogue.request('irn_publish', { topic: 'flood', message: `m${i}`, ttl: 60 }),
        ),
      )
      const limited = flood.filter((r) => r.status === 'rejected' && (r.reason as RawRpcError).code === -32005)
      expect(limited.length).toBeGreaterThan(30)
      const signature = await request('personal_sign', [stringToHex('still fine'), wallet.account.address])
      expect(await verifyMessage({ address: wallet.account.address, message: 'still fine', signature })).toBe(true)
      await rogue.close()
    })

    it('a disconnect from either side reaches the other', async () => {
      const deleted = new Promise<string>((resolve) => wallet.kit.once('session_delete', ({ topic }) => resolve(topic)))
      const topic = dapp.session!.topic
      await dapp.disconnect()
      expect(await deleted).toBe(topic)
      expect(Object.keys(wallet.kit.getActiveSessions())).toEqual([])

      const second = await pair()
      const dappSaw = new Promise<string>((resolve) =>
        dapp.once('session_delete', ({ topic }: { topic: string }) => resolve(topic)),
      )
      await wallet.kit.disconnectSession({
        topic: second!.topic,
        reason: { code: 6000, message: 'User disconnected.' },
      })
      expect(await dappSaw).toBe(second!.topic)
    })
  },
)
