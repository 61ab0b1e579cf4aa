// A WalletConnect wallet for host apps' tests (Node): @reown/walletkit on the relay the page uses. It approves
// eip155 with a viem account over your anvil chains (the EIP-1193 test wallet's core: personal_sign, typed data,
// eth_sendTransaction sent to the chain, wallet-side chain changes as chainChanged events, EIP-5792 when asked),
// and, when enabled, solana and bip122 with real keys (ed25519; BIP-137 ECDSA and PSBT signing). A refusal answers
// WalletConnect's USER_REJECTED (5000), as many mobile wallets do.
import { randomBytes } from 'node:crypto'
import { toHex, type Hex } from 'viem'
import { createBitcoinSigner, type BitcoinSignerOptions } from './bitcoin-signer.js'
import { createSolanaSigner, type SolanaSigner, type SolanaSignerOptions } from './solana-signer.js'
import type { TestWalletAssets } from './assets.js'
import { createTestWalletCore, type WalletEvent } from './wallet-core.js'
import {
  BitcoinChains,
  BitcoinMethods,
  SolanaChains,
  SolanaMethods,
  answerBitcoin,
  answerSolana,
} from './wc-answers.js'

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
  /** Implement EIP-5792 (see the EIP-1193 test wallet's `eip5792`). */
  eip5792?: boolean
  /** Answer EIP-7811 wallet_getAssets (see the EIP-1193 test wallet's `assets`). */
  assets?: TestWalletAssets
  /** Also approve Solana (mainnet, devnet, testnet) with this key (`true`: a random one). */
  solana?: SolanaSignerOptions | true
  /** Also approve Bitcoin (mainnet, or testnet for a testnet `network`) with these keys (`true`: random ones). */
  bitcoin?: BitcoinSignerOptions | true
  /** Answer one-click auth (a proposal's `authentication` request) by signing the message (default true). */
  oneClickAuth?: boolean
}

/** A running test wallet. */
export interface WalletConnectTestWallet {
  /** The EVM account's address. */
  address: Hex
  /** The Solana account (base58) and the litesvm runtime its sign-and-send runs on, when enabled. */
  solana?: Pick<SolanaSigner, 'address' | 'publicKey' | 'svm'>
  /** The Bitcoin payment and ordinals accounts, when enabled. */
  bitcoin?: { payment: { address: string; publicKey: string }; ordinals: { address: string; publicKey: string } }
  /** Pairs with a dapp's `wc:` URI; the proposal is approved as soon as it arrives. */
  pair(uri: string): Promise<void>
  /** Resolves once a session exists (after {@link pair}). */
  waitForSession(timeoutMs?: number): Promise<void>
  /** Every request the wallet answered, oldest first. */
  log: Array<{ method: string; params: unknown; chainId: string }>
  /** The EVM chain the wallet is on. */
  chainId(): number
  /** Switches the EVM chain from the wallet's side; the dapp gets a chainChanged event. */
  switchChain(chainId: number): Promise<void>
  /** Refuses the next prompting request (signing, sending, switching) with USER_REJECTED. */
  rejectNext(): void
  /** Ends every session from the wallet's side (the dapp sees a session delete). */
  disconnect(): Promise<void>
  /** Disconnects and closes the relay socket. */
  close(): Promise<void>
}

const EvmMethods = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
]
const Eip5792Methods = ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus']
const Prompting = new Set([
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'signMessage',
  'signPsbt',
])

/** Starts a WalletConnect test wallet (sets `process.env.IS_VITEST` so the SDK skips its verify and telemetry hosts). */
export async function createWalletConnectTestWallet(
  opts: WalletConnectTestWalletOptions,
): Promise<WalletConnectTestWallet> {
  process.env.IS_VITEST ??= 'true'
  const [{ Core }, { WalletKit }, { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload }] =
    await Promise.all([import('@walletconnect/core'), import('@reown/walletkit'), import('@walletconnect/utils')])
  const sol = opts.solana ? createSolanaSigner(opts.solana === true ? {} : opts.solana) : undefined
  const btc = opts.bitcoin ? createBitcoinSigner(opts.bitcoin === true ? {} : opts.bitcoin) : undefined
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
  const chainChanged = async (chainId: number) => {
    for (const topic of Object.keys(kit.getActiveSessions()))
      await kit.emitSessionEvent({
        topic,
        event: { name: 'chainChanged', data: chainId },
        chainId: `eip155:${chainId}`,
      })
  }
  // The EVM side is the EIP-1193 test wallet's core; its chain changes become session events.
  const evm = createTestWalletCore(
    { privateKey: opts.privateKey, chains: opts.chains, eip5792: opts.eip5792, assets: opts.assets },
    async (e: WalletEvent) => {
      if (e.event === 'chainChanged') await chainChanged(Number.parseInt(e.data, 16))
    },
  )
  await evm.request('eth_requestAccounts')
  const evmChains = opts.chains.map((c) => `eip155:${c.chainId}`)
  const btcChain = btc ? BitcoinChains[btc.network === 'Mainnet' ? 'Mainnet' : 'Testnet'] : ''
  const log: WalletConnectTestWallet['log'] = []
  const sessionWaiters = new Set<() => void>()
  let rejectNext = false

  // The CACAO for a one-click auth request: the EIP-4361 text for the first requested chain the wallet has, signed.
  const signIn = async (asked: Parameters<typeof populateAuthPayload>[0]['authPayload']) => {
    const request = populateAuthPayload({ authPayload: asked, chains: evmChains, methods: EvmMethods })
    const iss = `did:pkh:${request.chains[0]}:${evm.address}`
    const message = kit.formatAuthMessage({ request, iss })
    log.push({ method: 'authentication', params: message, chainId: request.chains[0] })
    evm.useChain(Number(request.chains[0].split(':')[1]))
    const signature = (await evm.request('personal_sign', [toHex(message), evm.address])) as string
    return buildAuthObject(request, { t: 'eip191', s: signature }, iss)
  }

  kit.on('session_proposal', async (proposal) => {
    const supported: Record<string, { chains: string[]; methods: string[]; events: string[]; accounts: string[] }> = {
      eip155: {
        chains: evmChains,
        methods: [
          ...EvmMethods,
          ...(opts.eip5792 ? Eip5792Methods : []),
          ...(opts.assets ? ['wallet_getAssets', ...(opts.eip5792 ? [] : ['wallet_getCapabilities'])] : []),
        ],
        events: ['accountsChanged', 'chainChanged'],
        accounts: evmChains.map((c) => `${c}:${evm.address}`),
      },
    }
    if (sol)
      supported.solana = {
        chains: SolanaChains,
        methods: SolanaMethods,
        events: ['accountsChanged', 'chainChanged'],
        accounts: SolanaChains.map((c) => `${c}:${sol.address}`),
      }
    if (btc)
      supported.bip122 = {
        chains: [btcChain],
        methods: BitcoinMethods,
        events: ['bip122_addressesChanged'],
        accounts: [btc.payment.address, btc.ordinals.address].map((a) => `${btcChain}:${a}`),
      }
    const namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces: supported })
    // One-click auth: a proposal asking for authentication gets the sign-in message signed with the session.
    const asked = opts.oneClickAuth === false ? undefined : proposal.params.requests?.authentication?.[0]
    if (asked && rejectNext) {
      rejectNext = false
      await kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
      return
    }
    const authentication = asked ? [await signIn(asked)] : undefined
    await kit.approveSession({
      id: proposal.id,
      namespaces,
      ...(authentication ? { proposalRequestsResponses: { authentication } } : {}),
    })
    for (const w of [...sessionWaiters]) w()
  })
  kit.on('session_request', async ({ topic, id, params }) => {
    const { method, params: args } = params.request as { method: string; params: any }
    log.push({ method, params: args, chainId: params.chainId })
    const respond = (body: { result: unknown } | { error: { code: number; message: string } }) =>
      kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...body } as any })
    try {
      const [namespace, reference] = params.chainId.split(':')
      if (Prompting.has(method) && rejectNext) {
        rejectNext = false
        throw Object.assign(new Error('User rejected.'), { code: 4001 })
      }
      let result: unknown
      if (namespace === 'eip155') {
        evm.useChain(Number(reference))
        result = await evm.request(method, args)
      } else if (namespace === 'solana' && sol) result = await answerSolana(sol, method, args)
      else if (namespace === 'bip122' && btc) result = await answerBitcoin(btc, method, args)
      else throw Object.assign(new Error(`Unsupported chain ${params.chainId}`), { code: 5100 })
      await respond({ result: result ?? null })
    } catch (e) {
      const err = e as { code?: unknown; message?: unknown }
      await respond({
        error:
          err.code === 4001
            ? getSdkError('USER_REJECTED')
            : { code: typeof err.code === 'number' ? err.code : 5000, message: String(err.message ?? e) },
      })
    }
  })

  const disconnect = async () => {
    for (const topic of Object.keys(kit.getActiveSessions()))
      await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
  }
  return {
    address: evm.address,
    ...(sol ? { solana: { address: sol.address, publicKey: sol.publicKey, svm: sol.svm } } : {}),
    ...(btc ? { bitcoin: { payment: btc.payment, ordinals: btc.ordinals } } : {}),
    log,
    chainId: () => evm.chainId(),
    // Each request names its chain, so the wallet's "current" chain is the last one used; tell the dapp regardless.
    switchChain: async (chainId) => {
      evm.useChain(chainId)
      await chainChanged(chainId)
    },
    rejectNext: () => {
      rejectNext = true
    },
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
