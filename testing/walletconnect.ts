// A WalletConnect wallet for host apps' tests (Node): @reown/walletkit on the relay the page uses, approving eip155
// proposals with a viem account and answering personal_sign, eth_sendTransaction (sent to the chain) and eth_chainId.
import { randomBytes } from 'node:crypto'
import { createWalletClient, defineChain, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** A chain the test wallet can use. */
export interface WalletConnectTestChain {
  chainId: number
  rpcUrl: string
}

/** Options of {@link createWalletConnectTestWallet}. */
export interface WalletConnectTestWalletOptions {
  relayUrl: string
  projectId: string
  privateKey: Hex
  /** Chains offered to dapps, the first being the wallet's current one. */
  chains: WalletConnectTestChain[]
}

/** A running test wallet. */
export interface WalletConnectTestWallet {
  /** The account's address. */
  address: Hex
  /** Pairs with a dapp's `wc:` URI; the proposal is approved as soon as it arrives. */
  pair(uri: string): Promise<void>
  /** Resolves once a session exists (after {@link pair}). */
  waitForSession(timeoutMs?: number): Promise<void>
  /** Every request the wallet answered, oldest first. */
  log: Array<{ method: string; params: unknown }>
  /** Ends every session from the wallet's side (the dapp sees a session delete). */
  disconnect(): Promise<void>
  /** Disconnects and closes the relay socket. */
  close(): Promise<void>
}

const Methods = ['personal_sign', 'eth_sendTransaction', 'eth_chainId', 'eth_accounts', 'eth_requestAccounts']

/** Starts a WalletConnect test wallet (sets `process.env.IS_VITEST` so the SDK skips its verify and telemetry hosts). */
export async function createWalletConnectTestWallet(
  opts: WalletConnectTestWalletOptions,
): Promise<WalletConnectTestWallet> {
  process.env.IS_VITEST ??= 'true'
  const [{ Core }, { WalletKit }, { buildApprovedNamespaces, getSdkError }] = await Promise.all([
    import('@walletconnect/core'),
    import('@reown/walletkit'),
    import('@walletconnect/utils'),
  ])
  const account = privateKeyToAccount(opts.privateKey)
  const clients = new Map(
    opts.chains.map((c) => [
      c.chainId,
      createWalletClient({
        account,
        transport: http(c.rpcUrl, { retryCount: 0 }),
        chain: defineChain({
          id: c.chainId,
          name: `chain ${c.chainId}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [c.rpcUrl] } },
        }),
      }),
    ]),
  )
  const core = new Core({
    projectId: opts.projectId,
    relayUrl: opts.relayUrl,
    customStoragePrefix: `foyer-test-wallet-${randomBytes(4).toString('hex')}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
  })
  const kit = await WalletKit.init({
    core,
    metadata: { name: 'Foyer WalletConnect Test Wallet', description: 'tests', url: 'http://127.0.0.1', icons: [] },
    signConfig: { disableRequestQueue: true },
  })
  const chains = opts.chains.map((c) => `eip155:${c.chainId}`)
  const log: WalletConnectTestWallet['log'] = []
  const sessionWaiters = new Set<() => void>()

  kit.on('session_proposal', async (proposal) => {
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: {
        eip155: {
          chains,
          methods: Methods,
          events: ['accountsChanged', 'chainChanged'],
          accounts: chains.map((c) => `${c}:${account.address}`),
        },
      },
    })
    await kit.approveSession({ id: proposal.id, namespaces })
    for (const w of [...sessionWaiters]) w()
  })
  kit.on('session_request', async ({ topic, id, params }) => {
    const { method, params: args } = params.request as { method: string; params: any }
    log.push({ method, params: args })
    const respond = (body: { result: unknown } | { error: { code: number; message: string } }) =>
      kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...body } as any })
    try {
      const chainId = Number(params.chainId.split(':')[1])
      let result: unknown
      if (method === 'personal_sign') result = await account.signMessage({ message: { raw: args[0] as Hex } })
      else if (method === 'eth_chainId') result = `0x${chainId.toString(16)}`
      else if (method === 'eth_accounts' || method === 'eth_requestAccounts') result = [account.address]
      else if (method === 'eth_sendTransaction') {
        const client = clients.get(chainId)
        if (!client) throw new Error(`unknown chain ${params.chainId}`)
        const tx = args[0] as { to: Hex; value?: Hex; data?: Hex }
        result = await client.sendTransaction({
          to: tx.to,
          value: BigInt(tx.value ?? 0),
          ...(tx.data ? { data: tx.data } : {}),
        })
      } else {
        await respond({ error: { code: 4200, message: `Unsupported method ${method}` } })
        return
      }
      await respond({ result })
    } catch (e) {
      await respond({ error: { code: 5000, message: e instanceof Error ? e.message : String(e) } })
    }
  })

  const disconnect = async () => {
    for (const topic of Object.keys(kit.getActiveSessions()))
      await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
  }
  return {
    address: account.address,
    log,
    pair: (uri) => kit.pair({ uri }).then(() => undefined),
    waitForSession: (timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        if (Object.keys(kit.getActiveSessions()).length) {
          resolve()
          return
        }
        const timer = setTimeout(() => {
          sessionWaiters.delete(done)
          reject(new Error('no WalletConnect session in time'))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          sessionWaiters.delete(done)
          resolve()
        }
        sessionWaiters.add(done)
      }),
    disconnect,
    async close() {
      await disconnect().catch(() => undefined)
      await core.relayer.transportClose().catch(() => undefined)
    },
  }
}
