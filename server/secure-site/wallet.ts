// The embedded wallet's accounts and requests: which address answers on a network (EOA or smart account), and the
// allowed RPC methods run with the user's keys. Only this module opens keys, and only for the request at hand.
import {
  createWalletClient,
  defineChain,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { EmbeddedAccount, EmbeddedAccountType, EmbeddedUser } from '../../protocol/frame/messages.js'
import { methodKind } from '../../protocol/frame/methods.js'
import type { Store } from '../store/store.js'
import type { WalletChain } from './chains.js'
import type { SolanaNetwork } from './config.js'
import { WalletError } from './errors.js'
import type { Sealer } from './seal.js'
import {
  isDeployed,
  publicClientFor,
  sendUserOperation,
  smartAccountAddress,
  supportsSmartAccounts,
} from './smart-account.js'
import type { AccountCall } from './smart-account.js'
import { signSmartMessage, signSmartTypedData, type SmartSigner } from './smart-signature.js'
import { sendSolanaTransaction, signSolanaMessage, signSolanaTransaction } from './solana.js'
import { openKey, setAccountType, type WalletUser } from './users.js'
import { evmCalls } from './evm-params.js'
import type { Sponsor } from '../paymaster/sponsor.js'

/** One RPC request from the frame. */
export interface WalletRequest {
  namespace: string
  caipNetworkId: string
  method: string
  params: unknown
}

/** What the wallet needs. */
export interface WalletDeps {
  store: Store
  sealer: Sealer
  chains: WalletChain[]
  solana: SolanaNetwork[]
  bundler?: LocalAccount
  /** The verifying paymaster, when it runs: a sponsored project's smart accounts have their gas paid. */
  sponsor?: Sponsor
}

/** Who asks, beside the user: the project of the page (its sponsorship applies) and the page's origin. */
export interface RequestContext {
  projectId?: string
  hostOrigin?: string
}

const unsupported = (what: string) => new WalletError(400, 'unsupported_method', what, 4200)

/** The wallet service. */
export function createWallet(deps: WalletDeps) {
  const smartAddresses = new Map<string, Address>()
  const chainOf = (caipNetworkId: string): WalletChain => {
    const chain = deps.chains.find((c) => c.caipNetworkId === caipNetworkId)
    if (!chain) throw new WalletError(400, 'unknown_network', `The wallet does not serve ${caipNetworkId}`, 4902)
    return chain
  }
  const smartEnabled = deps.chains.filter(supportsSmartAccounts).map((c) => c.caipNetworkId)
  const anySmartChain = deps.chains.find(supportsSmartAccounts)

  async function smartAddress(owner: Address): Promise<Address | undefined> {
    if (!anySmartChain || !supportsSmartAccounts(anySmartChain)) return undefined
    let a = smartAddresses.get(owner)
    if (!a) smartAddresses.set(owner, (a = await smartAccountAddress(anySmartChain, owner)))
    return a
  }

  /** The account type that applies on a network: the user's choice, else the page's default; eoa where no smart accounts run. */
  function typeOn(user: WalletUser, caipNetworkId: string, fallback?: EmbeddedAccountType): EmbeddedAccountType {
    const namespace = caipNetworkId.split(':')[0]
    if (namespace !== 'eip155' || !smartEnabled.includes(caipNetworkId)) return 'eoa'
    const chosen = user.accountTypes[namespace] ?? fallback
    return chosen === 'smartAccount' ? 'smartAccount' : 'eoa'
  }

  async function view(user: WalletUser, caipNetworkId: string, fallback?: EmbeddedAccountType): Promise<EmbeddedUser> {
    const namespace = caipNetworkId.split(':')[0]
    const owner = user.addresses.eip155 as Address
    const smart = await smartAddress(owner)
    const accounts: EmbeddedAccount[] = [{ namespace: 'eip155', address: owner, type: 'eoa' }]
    if (smart) accounts.push({ namespace: 'eip155', address: smart, type: 'smartAccount' })
    if (user.addresses.solana) accounts.push({ namespace: 'solana', address: user.addresses.solana, type: 'eoa' })
    const accountType = typeOn(user, caipNetworkId, fallback)
    const address =
      namespace === 'solana' ? user.addresses.solana : accountType === 'smartAccount' && smart ? smart : owner
    const smartAccountDeployed =
      namespace === 'eip155' && smart && smartEnabled.includes(caipNetworkId)
        ? await isDeployed(chainOf(caipNetworkId), smart)
        : false
    return {
      ...(user.email ? { email: user.email } : {}),
      ...(user.username ? { username: user.username } : {}),
      ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
      caipNetworkId,
      address,
      accountType,
      smartAccountDeployed,
      accounts,
      smartAccountEnabledNetworks: smartEnabled,
    }
  }

  /** Checks that a network is served (EVM chains and Solana networks). */
  function checkNetwork(caipNetworkId: string): void {
    if (caipNetworkId.startsWith('solana:')) {
      if (!deps.solana.some((n) => n.caipNetworkId === caipNetworkId))
        throw new WalletError(400, 'unknown_network', `The wallet does not serve ${caipNetworkId}`, 4902)
    } else chainOf(caipNetworkId)
  }

  async function rpc(user: WalletUser, req: WalletRequest, asker: RequestContext = {}): Promise<unknown> {
    if (methodKind(req.method) === 'unknown')
      throw new WalletError(400, 'method_not_allowed', 'RPC method not allowed', 4200)
    if (!req.caipNetworkId.startsWith(`${req.namespace}:`))
      throw new WalletError(400, 'invalid_params', 'The network does not belong to the namespace')
    if (req.namespace === 'solana') return solanaRpc(user, req)
    if (req.namespace !== 'eip155') throw unsupported(`The embedded wallet has no ${req.namespace} account`)
    const chain = chainOf(req.caipNetworkId)
    const type = typeOn(user, req.caipNetworkId)
    const owner = user.addresses.eip155 as Address
    const address = type === 'smartAccount' ? ((await smartAddress(owner)) ?? owner) : owner
    const params = Array.isArray(req.params) ? req.params : []
    const checkFrom = (from: unknown) => {
      if (from !== undefined && (typeof from !== 'string' || !isAddress(from) || !isAddressEqual(from, address)))
        throw new WalletError(400, 'invalid_params', `The request is not for this wallet's account ${address}`, 4100)
    }
    switch (req.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [address]
      case 'eth_chainId':
        return numberToHex(chain.chainId)
      case 'wallet_getCapabilities':
        return {
          [numberToHex(chain.chainId)]: { atomic: { status: type === 'smartAccount' ? 'supported' : 'unsupported' } },
        }
      case 'personal_sign': {
        const [message, from] = params
        checkFrom(from)
        if (typeof message !== 'string') throw new WalletError(400, 'invalid_params', 'personal_sign needs a message')
        const key = await openKey(deps.store, deps.sealer, user.id, 'eip155')
        const signable = isHex(message) ? { raw: message } : message
        if (type === 'smartAccount') return signSmartMessage(smartSigner(chain, owner, address, key), signable)
        return privateKeyToAccount(key).signMessage({ message: signable })
      }
      case 'eth_signTypedData_v4': {
        const [from, data] = params
        checkFrom(from)
        let typed: unknown = data
        try {
          if (typeof data === 'string') typed = JSON.parse(data)
        } catch {
          throw new WalletError(400, 'invalid_params', 'The typed data is not JSON')
        }
        const t = typed as { domain?: object; types?: Record<string, unknown>; primaryType?: string; message?: object }
        if (!t || typeof t.primaryType !== 'string' || !t.types || !t.message)
          throw new WalletError(400, 'invalid_params', 'The typed data needs types, primaryType and message')
        const { EIP712Domain: _drop, ...types } = t.types
        void _drop
        const key = await openKey(deps.store, deps.sealer, user.id, 'eip155')
        const definition = { domain: t.domain, types, primaryType: t.primaryType, message: t.message }
        if (type === 'smartAccount')
          return signSmartTypedData(smartSigner(chain, owner, address, key), definition as TypedDataDefinition)
        return privateKeyToAccount(key).signTypedData(definition as Parameters<LocalAccount['signTypedData']>[0])
      }
      case 'eth_sendTransaction':
      case 'wallet_sendCalls': {
        const { from, calls, atomic } = evmCalls(req.method, params)
        checkFrom(from)
        if (type === 'smartAccount') return smartSend(user, chain, owner, calls, req.method, asker)
        if (atomic && calls.length > 1)
          throw unsupported('The EOA cannot send calls atomically; switch to the smart account')
        const key = await openKey(deps.store, deps.sealer, user.id, 'eip155')
        const wallet = createWalletClient({
          account: privateKeyToAccount(key),
          chain: defineChain({
            id: chain.chainId,
            name: chain.name,
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [chain.rpcUrl] } },
          }),
          transport: http(chain.rpcUrl, { retryCount: 0 }),
        })
        const hashes: Hex[] = []
        for (const c of calls)
          hashes.push(await wallet.sendTransaction({ to: c.to, value: c.value, data: c.data, gas: c.gas }))
        return req.method === 'eth_sendTransaction' ? hashes[0] : { id: hashes.join(',') }
      }
      case 'wallet_getCallsStatus': {
        const [id] = params
        if (typeof id !== 'string') throw new WalletError(400, 'invalid_params', 'wallet_getCallsStatus needs an id')
        return callsStatus(chain, id)
      }
      default:
        // the remaining safe methods are plain chain reads
        return publicClientFor(chain).request({ method: req.method, params: params } as never)
    }
  }

  function smartSigner(chain: WalletChain, owner: Address, account: Address, ownerKey: Hex): SmartSigner {
    // typeOn answers smartAccount only on chains that run them
    if (!supportsSmartAccounts(chain)) throw unsupported(`Smart accounts do not run on ${chain.caipNetworkId}`)
    return { chain, owner, account, ownerKey }
  }

  async function smartSend(
    user: WalletUser,
    chain: WalletChain,
    owner: Address,
    calls: AccountCall[],
    method: string,
    asker: RequestContext,
  ) {
    if (!deps.bundler) throw new WalletError(500, 'no_bundler', 'Smart accounts need a bundler key (FOYER_BUNDLER_KEY)')
    if (!supportsSmartAccounts(chain)) throw unsupported(`Smart accounts do not run on ${chain.caipNetworkId}`)
    const key = await openKey(deps.store, deps.sealer, user.id, 'eip155')
    const sponsorship =
      deps.sponsor && asker.projectId
        ? { sponsor: deps.sponsor, projectId: asker.projectId, hostOrigin: asker.hostOrigin }
        : undefined
    const sent = await sendUserOperation({ chain, ownerKey: key, owner, calls, bundler: deps.bundler, sponsorship })
    return method === 'eth_sendTransaction' ? sent.transactionHash : { id: sent.transactionHash }
  }

  async function callsStatus(chain: WalletChain, id: string) {
    const hashes = id.split(',').filter((h): h is Hex => /^0x[0-9a-fA-F]{64}$/.test(h))
    if (hashes.length === 0) throw new WalletError(400, 'invalid_params', 'Unknown calls id')
    const pub = publicClientFor(chain)
    const receipts = await Promise.all(hashes.map((hash) => pub.getTransactionReceipt({ hash }).catch(() => undefined)))
    const done = receipts.every(Boolean)
    const failed = receipts.some((r) => r?.status === 'reverted')
    return {
      version: '2.0.0',
      id,
      chainId: numberToHex(chain.chainId),
      status: !done ? 100 : failed ? 500 : 200,
      atomic: hashes.length === 1,
      receipts: receipts.filter(Boolean).map((r) => ({
        status: r!.status === 'success' ? '0x1' : '0x0',
        blockHash: r!.blockHash,
        blockNumber: numberToHex(r!.blockNumber),
        gasUsed: numberToHex(r!.gasUsed),
        transactionHash: r!.transactionHash,
        logs: r!.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
      })),
    }
  }

  async function solanaRpc(user: WalletUser, req: WalletRequest): Promise<unknown> {
    const network = deps.solana.find((n) => n.caipNetworkId === req.caipNetworkId)
    if (!network) throw new WalletError(400, 'unknown_network', `The wallet does not serve ${req.caipNetworkId}`, 4902)
    const pubkey = user.addresses.solana
    const p = (req.params ?? {}) as { pubkey?: unknown; transaction?: unknown; transactions?: unknown }
    if (p.pubkey !== undefined && p.pubkey !== pubkey)
      throw new WalletError(400, 'invalid_params', `The request is not for this wallet's account ${pubkey}`, 4100)
    switch (req.method) {
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return [{ pubkey }]
      case 'solana_signMessage':
        return signSolanaMessage(await openKey(deps.store, deps.sealer, user.id, 'solana'), req.params)
      case 'solana_signTransaction':
        return signSolanaTransaction(await openKey(deps.store, deps.sealer, user.id, 'solana'), p.transaction)
      case 'solana_signAllTransactions': {
        if (!Array.isArray(p.transactions)) throw new WalletError(400, 'invalid_params', 'transactions must be a list')
        const seed = await openKey(deps.store, deps.sealer, user.id, 'solana')
        const signed = []
        for (const t of p.transactions) signed.push((await signSolanaTransaction(seed, t)).transaction)
        return { transactions: signed }
      }
      case 'solana_signAndSendTransaction': {
        if (!network.rpcUrl)
          throw unsupported(`No Solana RPC is configured for ${network.caipNetworkId} (the server's solanaChains)`)
        const signed = await signSolanaTransaction(
          await openKey(deps.store, deps.sealer, user.id, 'solana'),
          p.transaction,
        )
        return { signature: await sendSolanaTransaction(network.rpcUrl, signed.transaction) }
      }
      default:
        throw unsupported(`${req.method} is not available on Solana`)
    }
  }

  /** Who pays the gas of a transaction from `user` on `caipNetworkId` (the approval screen says it before approval). */
  async function gas(
    user: WalletUser,
    caipNetworkId: string,
    asker: RequestContext,
  ): Promise<{ sponsor: string } | { note: string } | undefined> {
    if (!deps.sponsor || !asker.projectId || typeOn(user, caipNetworkId) !== 'smartAccount') return undefined
    const sender = await smartAddress(user.addresses.eip155 as Address)
    if (!sender) return undefined
    const q = await deps.sponsor.quote(asker.projectId, caipNetworkId, sender, asker.hostOrigin)
    if (q.sponsored) return { sponsor: q.name }
    // only a refusal the visitor can act on is worth saying; "off" is the ordinary case
    return q.reason === 'budget_exceeded' ? { note: `${q.message}. You pay the gas of this transaction.` } : undefined
  }

  return {
    view,
    rpc,
    gas,
    checkNetwork,
    /** Records the user's account type for the namespace of `caipNetworkId` (SPEC §6: to smartAccount only from eoa). */
    async setAccountType(user: WalletUser, caipNetworkId: string, type: EmbeddedAccountType): Promise<void> {
      const namespace = caipNetworkId.split(':')[0]
      if (type === 'smartAccount' && !smartEnabled.includes(caipNetworkId))
        throw unsupported(`Smart accounts are not enabled on ${caipNetworkId}`)
      await setAccountType(deps.store, user.id, namespace, type)
      user.accountTypes[namespace] = type
    },
    /** Stores the page's default type for a user who never chose one. */
    async adoptDefault(user: WalletUser, caipNetworkId: string, type: EmbeddedAccountType | undefined): Promise<void> {
      const namespace = caipNetworkId.split(':')[0]
      if (!type || user.accountTypes[namespace] || namespace !== 'eip155') return
      await setAccountType(deps.store, user.id, namespace, type)
      user.accountTypes[namespace] = type
    },
  }
}

/** The wallet service's API. */
export type Wallet = ReturnType<typeof createWallet>
