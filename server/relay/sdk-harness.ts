// Test harness: a real dapp (@walletconnect/universal-provider) and a real wallet (@reown/walletkit) in one process,
// talking through a relay, with anvil as the chain. Used by relay.e2e.test.ts; not part of the relay itself.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createWalletClient, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'

/** anvil's first dev account (funded with 10,000 ETH on every fresh anvil). */
export const ANVIL_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
/** The chain the harness pairs on. */
export const CHAIN = 'eip155:31337'
const ANVIL = 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil'

/** Starts anvil on an ephemeral port and resolves with its RPC URL once it listens. */
export function startAnvil(): Promise<{ url: string; close(): void }> {
  if (!existsSync(ANVIL)) throw new Error(`anvil binary not found at ${ANVIL}`)
  // A small sh wrapper kills anvil when our end of its stdin closes: on close(), and also when this process dies
  // in any way (a killed test run must not leave an anvil behind).
  const script = 'exec 3<&0; "$0" "$@" <&- & child=$!; (read _ <&3; kill $child 2>/dev/null) & wait $child'
  const child: ChildProcess = spawn(
    'sh',
    ['-c', script, ANVIL, '--host', '127.0.0.1', '--port', '0', '--chain-id', '31337'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`anvil exited with ${code} before listening`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /Listening on ([\d.]+:\d+)/.exec(out)
      if (m) {
        child.stdout?.removeAllListeners('data')
        child.stdout?.resume()
        resolve({ url: `http://${m[1]}`, close: () => void child.stdin?.end() })
      }
    })
  })
}

/** What the dapp asks the wallet for: personal_sign and eth_sendTransaction on the anvil chain at `rpcUrl`. */
export function eip155Request(rpcUrl: string) {
  return {
    optionalNamespaces: {
      eip155: {
        methods: ['personal_sign', 'eth_sendTransaction'],
        chains: [CHAIN],
        events: ['accountsChanged', 'chainChanged'],
        rpcMap: { 31337: rpcUrl },
      },
    },
  }
}

/** Options shared by both SDK sides. */
export interface SideOptions {
  relayUrl: string
  projectId: string
  rpcUrl: string
}

/** Creates the dapp side: a UniversalProvider with the SDK quirks from ENVIRONMENT.md applied. */
export async function createDapp(opts: SideOptions) {
  const { UniversalProvider } = await import('@walletconnect/universal-provider')
  return UniversalProvider.init({
    projectId: opts.projectId,
    relayUrl: opts.relayUrl,
    // Unique per instance: the SDK caches one core per prefix process-wide.
    customStoragePrefix: `foyer-dapp-${randomBytes(4).toString('hex')}`,
    // In memory (the SDK's node default, made explicit): tests must leave no files behind.
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    disableProviderPing: true,
    logger: 'silent',
    metadata: { name: 'Foyer test dapp', description: 'relay e2e', url: 'http://127.0.0.1', icons: [] },
  })
}

/** Creates the wallet side: WalletKit answering personal_sign and eth_sendTransaction with a viem account on anvil. */
export async function createWallet(opts: SideOptions) {
  const [{ Core }, { WalletKit }, { buildApprovedNamespaces }] = await Promise.all([
    import('@walletconnect/core'),
    import('@reown/walletkit'),
    import('@walletconnect/utils'),
  ])
  const account = privateKeyToAccount(ANVIL_KEY)
  const chainClient = createWalletClient({ account, chain: foundry, transport: http(opts.rpcUrl, { retryCount: 0 }) })
  const core = new Core({
    projectId: opts.projectId,
    relayUrl: opts.relayUrl,
    customStoragePrefix: `foyer-wallet-${randomBytes(4).toString('hex')}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
  })
  const kit = await WalletKit.init({
    core,
    metadata: { name: 'Foyer test wallet', description: 'relay e2e', url: 'http://127.0.0.1', icons: [] },
    signConfig: { disableRequestQueue: true },
  })
  kit.on('session_proposal', async (proposal) => {
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: {
        eip155: {
          chains: [CHAIN],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: [`${CHAIN}:${account.address}`],
        },
      },
    })
    await kit.approveSession({ id: proposal.id, namespaces })
  })
  kit.on('session_request', async ({ topic, id, params }) => {
    const { method, params: args } = params.request as { method: string; params: any[] }
    try {
      let result: Hex
      if (method === 'personal_sign') result = await account.signMessage({ message: { raw: args[0] as Hex } })
      else if (method === 'eth_sendTransaction') {
        const tx = args[0] as { to: Hex; value?: Hex; data?: Hex }
        result = await chainClient.sendTransaction({ to: tx.to, value: BigInt(tx.value ?? 0), data: tx.data })
      } else throw new Error(`unsupported method ${method}`)
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (e) {
      // An event handler must not reject (that would be an unhandled rejection); a failed answer just times out.
      const error = { code: 5000, message: String(e) }
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error } }).catch(() => {})
    }
  })
  return { kit, core, account, clientId: await core.crypto.getClientId() }
}
