// A wallet transport written outside Foyer's own folders: a tiny in-page EVM wallet backed by a viem local account,
// registered through the connector contract (`createConnector`, `wallet/registerConnector`). It appears on Connect as
// a wallet row ("Hello Wallet", `wallet-selector-helloWallet`); connecting, signing, switching networks, a reload
// restore and disconnecting then go through the requests below. A demo: the key lives in the page, so hold no funds.
import { createConnector, definePlugin, FoyerError, type BridgedConnection, type BridgedRpcCall } from '../../index.js'

// Declaration merging teaches the kernel our requests and events ('foyer/kernel' in a host app), so the connector's
// names below are type-checked against them.
declare module '../../kernel/index.js' {
  interface EventMap {
    'helloWallet/networkChanged': { caipNetworkId: string }
    'helloWallet/disconnected': { namespace?: string }
  }
  interface RequestMap {
    'helloWallet/connect': { input: { namespace: string }; output: BridgedConnection }
    'helloWallet/reconnect': { input: { namespace: string }; output: BridgedConnection | undefined }
    'helloWallet/disconnect': { input: { namespace?: string }; output: void }
    'helloWallet/switchNetwork': { input: { caipNetworkId: string }; output: void }
    'helloWallet/rpc': { input: BridgedRpcCall; output: unknown }
  }
}

/** The connector's id (its Connect row is `wallet-selector-helloWallet`). */
export const HelloWalletId = 'helloWallet'

/** Storage key (under Foyer's prefix) that remembers a granted connection for reloads. */
const GrantedKey = 'hello_wallet_granted'

/** The transport, as the contract describes it. */
export const helloConnector = createConnector({
  id: HelloWalletId,
  name: 'Hello Wallet',
  type: 'EXTERNAL',
  namespaces: ['eip155'],
  requests: {
    connect: 'helloWallet/connect',
    reconnect: 'helloWallet/reconnect',
    disconnect: 'helloWallet/disconnect',
    switchNetwork: 'helloWallet/switchNetwork',
    rpc: 'helloWallet/rpc',
  },
  events: { networkChanged: 'helloWallet/networkChanged', disconnected: 'helloWallet/disconnected' },
})

// EIP-1193's "unsupported method": Foyer reads it as "the wallet cannot", not as a failure.
const unsupported = (method: string) =>
  Object.assign(new Error(`Hello Wallet does not support ${method}`), { code: 4200 })

/** The wallet plugin over `privateKey` (0x-hex, 32 bytes): register it eagerly so its row is on Connect. */
export function helloWalletPlugin(privateKey: `0x${string}`) {
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey))
    throw new FoyerError('Hello Wallet needs a 32-byte 0x-hex private key', {
      code: 'HELLO_WALLET_KEY',
      category: 'CONFIGURATION',
    })
  // The viem account loads with the first request that needs it (never at page load).
  const account = () => import('viem/accounts').then((m) => m.privateKeyToAccount(privateKey))
  let chain: string | undefined
  return definePlugin({
    id: 'helloWallet',
    handlers: {
      async 'helloWallet/connect'({ namespace }, ctx) {
        const s = ctx.getState()
        const evm = s.config.networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId)
        if (namespace !== 'eip155' || !evm.length)
          throw new FoyerError('Hello Wallet connects on EVM networks only', { code: 'HELLO_WALLET_NAMESPACE' })
        const active = s.account.activeCaipNetworkId
        chain = active && evm.includes(active) ? active : evm[0]
        ctx.storage.set(GrantedKey, true)
        const { address } = await account()
        return { connectorId: HelloWalletId, name: helloConnector.name, namespace, address, caipNetworkId: chain }
      },
      async 'helloWallet/reconnect'({ namespace }, ctx) {
        if (!ctx.storage.get<boolean>(GrantedKey) || namespace !== 'eip155') return undefined
        chain ??= ctx.getState().config.networks.find((n) => n.chainNamespace === 'eip155')?.caipNetworkId
        if (!chain) return undefined
        const { address } = await account()
        return { connectorId: HelloWalletId, name: helloConnector.name, namespace, address, caipNetworkId: chain }
      },
      'helloWallet/disconnect'(input, ctx) {
        ctx.storage.remove(GrantedKey)
        ctx.emit('helloWallet/disconnected', input?.namespace ? { namespace: input.namespace } : {})
      },
      'helloWallet/switchNetwork'({ caipNetworkId }, ctx) {
        chain = caipNetworkId
        ctx.emit('helloWallet/networkChanged', { caipNetworkId })
      },
      async 'helloWallet/rpc'({ method, params }) {
        const a = await account()
        const p = (Array.isArray(params) ? params : []) as string[]
        switch (method) {
          case 'eth_accounts':
            return [a.address]
          case 'eth_chainId':
            return `0x${Number((chain ?? 'eip155:1').split(':')[1]).toString(16)}`
          case 'personal_sign':
            return a.signMessage({ message: { raw: p[0] as `0x${string}` } })
          case 'eth_signTypedData_v4':
            return a.signTypedData(JSON.parse(p[1]))
          default:
            throw unsupported(method)
        }
      },
    },
    setup(ctx) {
      // Foyer's namespaces plugin lists it on Connect and routes its connections through the requests above.
      ctx.request('wallet/registerConnector', helloConnector).catch((error: unknown) => {
        console.error('Hello Wallet could not register', error)
      })
    },
  })
}
