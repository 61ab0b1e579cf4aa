// The test wallet's brain, in the test process: a viem account answering EIP-1193 requests over anvil chains.
import { createWalletClient, defineChain, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createAssetReader, type TestWalletAssets } from './assets.js'
import { createBatcher } from './eip5792.js'
import { createSponsoredAccount } from './erc7677.js'

/** A chain the test wallet can use. */
export interface TestChain {
  chainId: number
  rpcUrl: string
}

/** Options of the test wallet. */
export interface TestWalletCoreOptions {
  privateKey: Hex
  /** Chains the wallet knows from the start; the first is the current one. */
  chains: TestChain[]
  /** RPCs the wallet uses for chains a dapp adds with wallet_addEthereumChain (instead of the dapp's URLs). */
  addableChains?: TestChain[]
  /** Reject the next prompting request with 4001. */
  rejectNext?: boolean
  /** Fail wallet_addEthereumChain (-32603), as a wallet that cannot add the chain. */
  refuseAddChain?: boolean
  /**
   * Implement EIP-5792 (wallet_getCapabilities reporting atomic batches, wallet_sendCalls run all-or-nothing in one
   * block, wallet_getCallsStatus); without it those methods answer 4200 like a wallet that lacks them.
   */
  eip5792?: boolean
  /**
   * Act as this ERC-1271 smart account, as smart-contract wallets do: report its address and answer personal_sign with
   * the owner key's signature, which the account's `isValidSignature` accepts. Signing only (it sends nothing).
   */
  smartAccount?: Hex
  /**
   * With `smartAccount`: act as that ERC-4337 account (EntryPoint v0.8, the server's FoyerAccount made by `factory`,
   * `smartAccount` = the factory's `getAddress(owner, 0)`), report ERC-7677 `paymasterService` and honour it in
   * wallet_sendCalls — the paymaster at `capabilities.paymasterService.url` pays the gas; without it the account pays.
   * The owner key's EOA submits the operations (keep a little ETH there). See testing/erc7677.ts.
   */
  paymasterService?: { factory: Hex; entryPoint?: Hex }
  /**
   * Answer EIP-7811 `wallet_getAssets` (and report the `assetDiscovery` capability) with the wallet's own view of its
   * assets: the native balance and these ERC-20 tokens, read from the chains, priced by `prices` (0 when unknown).
   */
  assets?: TestWalletAssets
}

/** An EIP-1193 error as it crosses into the page. */
export interface RpcErrorShape {
  code: number
  message: string
}

/** What the wallet emits to the page. */
export type WalletEvent =
  | { event: 'chainChanged'; data: Hex }
  | { event: 'accountsChanged'; data: string[] }
  | { event: 'disconnect'; data: RpcErrorShape }

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const hex = (n: number): Hex => `0x${n.toString(16)}`
const PROMPTING = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_signTypedData_v4',
  'wallet_sendCalls',
])

/** Creates the wallet core; `emit` delivers wallet events to the page. */
export function createTestWalletCore(opts: TestWalletCoreOptions, emit: (e: WalletEvent) => Promise<void>) {
  const account = privateKeyToAccount(opts.privateKey)
  const address = opts.smartAccount ?? account.address
  const known = new Map(opts.chains.map((c) => [c.chainId, c.rpcUrl]))
  const addable = new Map((opts.addableChains ?? []).map((c) => [c.chainId, c.rpcUrl]))
  const log: Array<{ method: string; params?: unknown }> = []
  let chainId = opts.chains[0].chainId
  let authorized = false
  let rejectNext = !!opts.rejectNext
  let offline = false

  const rpcOn = async (url: string, method: string, params?: unknown) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await res.json()) as { result?: unknown; error?: RpcErrorShape }
    if (body.error) throw rpcError(body.error.code, body.error.message)
    return body.result
  }
  const proxy = (method: string, params?: unknown) => rpcOn(known.get(chainId)!, method, params)
  const switchTo = async (id: number) => {
    if (id === chainId) return
    chainId = id
    await emit({ event: 'chainChanged', data: hex(id) })
  }
  const client = () =>
    createWalletClient({
      account,
      chain: defineChain({
        id: chainId,
        name: `Chain ${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [known.get(chainId)!] } },
      }),
      transport: http(known.get(chainId)!, { retryCount: 0 }),
    })
  if (opts.paymasterService && !opts.smartAccount)
    throw new Error('paymasterService needs smartAccount: the factory getAddress(owner, 0) of the owner key')
  const batcher = opts.paymasterService
    ? createSponsoredAccount({
        address,
        ownerKey: opts.privateKey,
        ...opts.paymasterService,
        chainId: () => chainId,
        client,
        rpc: (m, p) => proxy(m, p),
      })
    : opts.eip5792
      ? createBatcher({ address: account.address, chainId: () => chainId, client, rpc: (m, p) => proxy(m, p) })
      : undefined
  const assets = opts.assets
    ? createAssetReader(
        address,
        opts.assets,
        () => [...known.keys()],
        (id, m, p) => rpcOn(known.get(id)!, m, p),
      )
    : undefined

  async function request(method: string, params?: unknown): Promise<unknown> {
    log.push({ method, params })
    const p = (Array.isArray(params) ? params : []) as any[]
    if (offline && method !== 'eth_requestAccounts')
      throw rpcError(4900, 'The provider is disconnected from all chains.')
    if (PROMPTING.has(method) && rejectNext) {
      rejectNext = false
      throw rpcError(4001, 'User rejected the request.')
    }
    const needAuth = () => {
      if (!authorized) throw rpcError(4100, 'The requested account and/or method has not been authorized by the user.')
    }
    switch (method) {
      case 'eth_requestAccounts':
        authorized = true
        offline = false
        return [address]
      case 'eth_accounts':
        return authorized ? [address] : []
      case 'eth_chainId':
        return hex(chainId)
      case 'net_version':
        return String(chainId)
      case 'personal_sign':
        needAuth()
        return account.signMessage({ message: { raw: p[0] as Hex } })
      case 'eth_sendTransaction': {
        needAuth()
        const tx = p[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        return client().sendTransaction({
          to: tx.to,
          value: tx.value ? BigInt(tx.value) : undefined,
          data: tx.data,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        } as never)
      }
      case 'eth_signTypedData_v4':
        needAuth()
        return account.signTypedData(JSON.parse(String(p[1])))
      case 'wallet_getCapabilities': {
        if (!batcher && !assets) throw rpcError(4200, `The wallet does not support ${method}`)
        needAuth()
        const chains = Array.isArray(p[1]) ? (p[1] as string[]) : [hex(chainId)]
        const atomic = ((await batcher?.request(method, p)) ?? {}) as Record<string, object>
        const found = assets?.capabilities(chains) ?? {}
        return Object.fromEntries(chains.map((c) => [c, { ...atomic[c], ...found[c] }]))
      }
      case 'wallet_getAssets':
        if (!assets) throw rpcError(4200, `The wallet does not support ${method}`)
        needAuth()
        return assets.getAssets(p[0])
      case 'wallet_sendCalls':
      case 'wallet_getCallsStatus':
        if (!batcher) throw rpcError(4200, `The wallet does not support ${method}`)
        needAuth()
        return batcher.request(method, p)
      case 'wallet_switchEthereumChain': {
        const id = Number.parseInt(String(p[0]?.chainId), 16)
        if (!known.has(id))
          throw rpcError(
            4902,
            `Unrecognized chain ID "${p[0]?.chainId}". Try adding the chain using wallet_addEthereumChain first.`,
          )
        await switchTo(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const spec = p[0] as { chainId?: string; rpcUrls?: string[]; chainName?: string; nativeCurrency?: unknown }
        const id = Number.parseInt(String(spec?.chainId), 16)
        if (opts.refuseAddChain) throw rpcError(-32603, 'Could not add the chain')
        const rpc = addable.get(id) ?? spec?.rpcUrls?.[0]
        if (!Number.isSafeInteger(id) || !rpc || !spec.chainName || !spec.nativeCurrency)
          throw rpcError(-32602, 'Invalid chain parameters')
        known.set(id, rpc)
        await switchTo(id)
        return null
      }
      case 'wallet_revokePermissions':
        authorized = false
        return null
      default:
        return proxy(method, params)
    }
  }

  return {
    address,
    request,
    log,
    chainId: () => chainId,
    isAuthorized: () => authorized,
    /** Makes the next prompting request fail with 4001. */
    rejectNext: () => {
      rejectNext = true
    },
    /** Switches from the wallet's side (as a person would in the extension). */
    switchChain: (id: number) => switchTo(id),
    /** Answers the next requests on chain `id` without telling the page (a WalletConnect request names its chain). */
    useChain: (id: number) => {
      if (!known.has(id)) throw rpcError(4902, `Unrecognized chain ID ${id}`)
      chainId = id
    },
    /** Forgets the site's authorization without telling the page: requests needing it answer 4100. */
    forgetSite: () => {
      authorized = false
    },
    /** Loses every chain without telling the page: requests answer 4900 until the visitor connects again. */
    dropConnection: () => {
      offline = true
    },
    /** Revokes access from the wallet's side and tells the page. */
    revoke: async () => {
      authorized = false
      await emit({ event: 'accountsChanged', data: [] })
    },
  }
}

/** The test wallet core's type. */
export type TestWalletCore = ReturnType<typeof createTestWalletCore>
