// "Foyer Dev Wallet": an in-page EIP-6963 wallet for the demo, so a newcomer can click through every flow after
// `npm start` without installing an extension. It holds no key: anvil's dev accounts are unlocked, so account,
// signing and sending requests go straight to the local chain's JSON-RPC. Never point it at a real network.

/** A local chain the dev wallet forwards to. */
export interface DevChain {
  chainId: number
  rpcUrl: string
}

/** The wallet's EIP-6963 rdns, so its selector is `wallet-selector-dev.foyer.wallet`. */
export const DevWalletRdns = 'dev.foyer.wallet'

/** The announced name. */
export const DevWalletName = 'Foyer Dev Wallet'

/** What the demo page shows next to the wallet: it is honest about what this is. */
export const DevWalletNotice =
  "Foyer Dev Wallet is a local development wallet built into this demo page: it uses anvil's unlocked dev account on the local chains. Never use it with real funds."

/** The installed wallet (for the page and tests). */
export interface DevWallet {
  readonly provider: DevProvider
  /** The chain the wallet is on. */
  chainId(): number
  /** Stops announcing. */
  uninstall(): void
}

/** The EIP-1193 surface the dev wallet offers. */
export interface DevProvider {
  readonly isFoyerDevWallet: true
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, fn: (...args: unknown[]) => void): DevProvider
  removeListener(event: string, fn: (...args: unknown[]) => void): DevProvider
}

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3ccf91"/><path d="M9 11h14v11H9z" fill="#0b0d12"/><circle cx="19" cy="16.5" r="1.8" fill="#3ccf91"/></svg>')}`
const StorageKey = 'foyer-dev-wallet'
const hex = (n: number) => `0x${n.toString(16)}`
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
// Wallet-side methods answered here; everything else is the chain's business.
const LOCAL = new Set([
  'eth_requestAccounts',
  'eth_accounts',
  'eth_chainId',
  'net_version',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_revokePermissions',
  'wallet_requestPermissions',
  'wallet_getPermissions',
])

interface Saved {
  authorized: boolean
  chainId?: number
}

/** Installs the dev wallet into `win` and announces it (EIP-6963); re-announces on every `eip6963:requestProvider`. */
export function installDevWallet(chains: DevChain[], win: Window = window): DevWallet {
  if (!chains.length) throw new Error('installDevWallet needs at least one local chain')
  const load = (): Saved => {
    try {
      return { authorized: false, ...JSON.parse(win.localStorage.getItem(StorageKey) ?? '{}') }
    } catch {
      return { authorized: false }
    }
  }
  const saved = load()
  let authorized = saved.authorized === true
  let chainId = chains.some((c) => c.chainId === saved.chainId) ? saved.chainId! : chains[0].chainId
  const save = () => {
    try {
      win.localStorage.setItem(StorageKey, JSON.stringify({ authorized, chainId }))
    } catch {
      /* private mode */
    }
  }
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>()
  const emit = (event: string, data: unknown) => {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(data)
  }
  const rpcUrl = () => chains.find((c) => c.chainId === chainId)!.rpcUrl
  let nextId = 1

  const forward = async (method: string, params: unknown): Promise<unknown> => {
    const res = await fetch(rpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw rpcError(body.error.code, body.error.message)
    return body.result
  }
  // anvil's first dev account; the chain decides, so nothing is hard-coded here.
  const account = async (): Promise<string> => {
    const list = await forward('eth_accounts', [])
    if (!Array.isArray(list) || typeof list[0] !== 'string')
      throw rpcError(-32603, 'The local chain offers no unlocked account')
    return list[0]
  }
  const needAuth = () => {
    if (!authorized) throw rpcError(4100, 'Connect Foyer Dev Wallet first')
  }

  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const p = (Array.isArray(params) ? params : []) as Array<Record<string, unknown> | undefined>
    if (!LOCAL.has(method)) {
      if (method === 'personal_sign' || method === 'eth_sendTransaction' || method.startsWith('eth_sign')) needAuth()
      return forward(method, params)
    }
    switch (method) {
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        const address = await account()
        const first = !authorized
        authorized = true
        save()
        if (first) emit('connect', { chainId: hex(chainId) })
        return method === 'eth_requestAccounts' ? [address] : [{ parentCapability: 'eth_accounts' }]
      }
      case 'eth_accounts':
        return authorized ? [await account()] : []
      case 'wallet_getPermissions':
        return authorized ? [{ parentCapability: 'eth_accounts' }] : []
      case 'eth_chainId':
        return hex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const id = Number.parseInt(String(p[0]?.chainId), 16)
        // Only the local chains exist for this wallet: adding another is refused like a wallet without it.
        if (!chains.some((c) => c.chainId === id))
          throw rpcError(
            4902,
            `Unrecognized chain ID "${String(p[0]?.chainId)}": Foyer Dev Wallet only knows the local chains`,
          )
        if (id !== chainId) {
          chainId = id
          save()
          emit('chainChanged', hex(id))
        }
        return null
      }
      case 'wallet_revokePermissions': {
        if (authorized) {
          authorized = false
          save()
          emit('accountsChanged', [])
        }
        return null
      }
    }
    throw rpcError(4200, `Foyer Dev Wallet does not support ${method}`)
  }

  const provider: DevProvider = {
    isFoyerDevWallet: true,
    request,
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(fn)
      return provider
    },
    removeListener(event, fn) {
      listeners.get(event)?.delete(fn)
      return provider
    },
  }
  const info = Object.freeze({
    uuid: 'f0e1d2c3-0000-4000-8000-00000000de70',
    name: DevWalletName,
    icon: ICON,
    rdns: DevWalletRdns,
  })
  const announce = () =>
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  win.addEventListener('eip6963:requestProvider', announce)
  announce()
  return {
    provider,
    chainId: () => chainId,
    uninstall: () => win.removeEventListener('eip6963:requestProvider', announce),
  }
}
