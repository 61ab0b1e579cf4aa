// `foyer.getProvider('eip155')`: an EIP-1193 provider over the kernel's wallet requests (DESIGN §1 "Extension points"),
// so ethers' BrowserProvider, viem's `custom` transport and wagmi talk to whatever wallet the visitor connected in the
// modal (injected, WalletConnect, embedded) through the same handlers the modal uses. Wallet methods map to wallet
// requests; every other method is a chain read on the active network's RPC.
import type { Foyer } from '../createFoyer.js'
import { Emitter, ProviderRpcError, rpcError } from './events.js'
import { callsStatus, toCalls, toTransaction } from './eip155-calls.js'

/** The EIP-1193 provider `getProvider('eip155')` returns. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: any[]) => void): Eip1193Provider
  removeListener(event: string, listener: (...args: any[]) => void): Eip1193Provider
}

/** The EVM account and chain the provider reports, read from Foyer's state. */
export interface Eip155View {
  address?: `0x${string}`
  /** The EVM chain id (the active EVM network, or the last one seen while another namespace is active). */
  chainId?: number
}

const evmChainOf = (caipNetworkId: string | undefined) =>
  caipNetworkId?.startsWith('eip155:') ? Number(caipNetworkId.slice(7)) : undefined
const hex = (n: number) => `0x${n.toString(16)}`

/** Reads the EVM view of `state`; `lastChainId` answers while another namespace holds the active network. */
export function eip155View(state: ReturnType<Foyer['getState']>, lastChainId?: number): Eip155View {
  const c = state.account.namespaces.eip155
  const address = c?.status === 'connected' ? (c.caipAddress?.split(':')[2] as `0x${string}`) : undefined
  const fromAddress = evmChainOf(c?.status === 'connected' ? c.caipAddress?.split(':').slice(0, 2).join(':') : '')
  return { address, chainId: evmChainOf(state.account.activeCaipNetworkId) ?? lastChainId ?? fromAddress }
}

/** Creates the EIP-1193 provider of `foyer`'s EVM connection (events follow the connection whoever changes it). */
export function createEip155Provider(foyer: Foyer): Eip1193Provider {
  const emitter = new Emitter()
  let view = eip155View(foyer.getState())
  foyer.subscribeState((state) => {
    const next = eip155View(state, view.chainId)
    const before = view
    view = next
    if (next.chainId !== before.chainId && next.chainId !== undefined) emitter.emit('chainChanged', hex(next.chainId))
    if (next.address === before.address) return
    if (next.address && !before.address) emitter.emit('connect', { chainId: hex(next.chainId ?? 1) })
    emitter.emit('accountsChanged', next.address ? [next.address] : [])
    if (!next.address) emitter.emit('disconnect', new ProviderRpcError(4900, 'Disconnected'))
  })
  const caip = () => (view.chainId ? `eip155:${view.chainId}` : undefined)
  const kernel = () => foyer.kernel
  const target = () => (caip() ? { caipNetworkId: caip() } : {})

  async function handle(method: string, params: any[]): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
        return view.address ? [view.address] : []
      case 'eth_requestAccounts':
        if (!view.address) await foyer.connect({ namespace: 'eip155' })
        view = eip155View(foyer.getState(), view.chainId)
        if (!view.address) throw new ProviderRpcError(4001, 'No EVM account was connected')
        return [view.address]
      case 'eth_chainId':
        return hex(view.chainId ?? 1)
      case 'net_version':
        return String(view.chainId ?? 1)
      case 'personal_sign':
        return (await kernel().request('wallet/signMessage', { message: utf8(params[0]), namespace: 'eip155' }))
          .signature
      case 'eth_signTypedData_v4': {
        const typedData = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
        return (await kernel().request('wallet/signTypedData', { typedData, ...target() })).signature
      }
      case 'eth_sendTransaction':
        return (await kernel().request('wallet/sendTransaction', { ...toTransaction(params[0]), ...target() })).hash
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const id = `eip155:${Number(params[0]?.chainId)}`
        if (!foyer.getState().config.networks.some((n) => n.caipNetworkId === id))
          throw new ProviderRpcError(4902, `Chain ${id} is not configured in Foyer's networks`)
        await foyer.switchNetwork(id)
        return null
      }
      case 'wallet_getCapabilities': {
        const caps = await kernel().request('wallet/getCapabilities', target())
        const atomic = { atomic: { status: caps.atomic === 'unsupported' ? 'unsupported' : caps.atomic } }
        return { [hex(view.chainId ?? 1)]: caps.supported ? { ...caps.raw, ...atomic } : atomic }
      }
      case 'wallet_sendCalls': {
        const { request, chainId } = toCalls(params[0])
        const caipNetworkId = chainId ? `eip155:${chainId}` : caip()
        const sent = await kernel().request('wallet/sendCalls', {
          ...request,
          ...(caipNetworkId ? { caipNetworkId } : {}),
        })
        return { id: batches.remember(sent) }
      }
      case 'wallet_getCallsStatus':
        return callsStatus(batches.get(params[0]), (m, p) =>
          kernel().request('chain/read', { ...target(), method: m, params: p }),
        )
      case 'eth_sign':
      case 'eth_signTransaction':
        throw new ProviderRpcError(4200, `${method} is not supported: use personal_sign or eth_sendTransaction`)
      default:
        return kernel().request('chain/read', { ...target(), method, params })
    }
  }
  const batches = callsBook()
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      try {
        return await handle(method, Array.isArray(params) ? params : params === undefined ? [] : [params])
      } catch (error) {
        throw rpcError(error)
      }
    },
    on(event, listener) {
      emitter.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      emitter.off(event, listener)
      return provider
    },
  }
  return provider
}

// personal_sign carries the message as 0x-hex bytes (wallets also accept plain text); Foyer signs UTF-8 text.
function utf8(message: unknown): string {
  if (typeof message !== 'string') throw new ProviderRpcError(-32602, 'personal_sign needs a message')
  if (!/^0x([0-9a-f]{2})*$/i.test(message)) return message
  const bytes = new Uint8Array((message.length - 2) / 2).map((_, i) =>
    parseInt(message.slice(2 + i * 2, 4 + i * 2), 16),
  )
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new ProviderRpcError(4200, 'personal_sign of bytes that are not UTF-8 text is not supported')
  }
}

// wallet_sendCalls ids → what Foyer sent (a batch or one transaction per call), for wallet_getCallsStatus.
function callsBook() {
  const sent = new Map<string, { hashes: string[]; atomic: boolean; chainId: number }>()
  let n = 0
  return {
    remember(s: { mode: string; id?: string; hashes: string[]; caipNetworkId: string }): string {
      const id = s.id ?? `0x${(Date.now() * 1000 + n++).toString(16)}`
      sent.set(id, { hashes: s.hashes, atomic: s.mode === 'batch', chainId: Number(s.caipNetworkId.split(':')[1]) })
      return id
    },
    get(id: unknown) {
      const s = typeof id === 'string' ? sent.get(id) : undefined
      if (!s) throw new ProviderRpcError(5730, 'Unknown bundle id')
      return { id: id as string, ...s }
    },
  }
}
