// A page without React of its own: createFoyer, then defineFoyerElements registers <foyer-button>,
// <foyer-account-button> and <foyer-network-button> bound to that instance.
import { createFoyer, defineFoyerElements } from 'foyer'

/** Where the page finds its Foyer server; a page may set `window.FOYER_EXAMPLE` before this script runs. */
interface ExampleConfig {
  projectId: string
  apiUrl: string
  relayUrl?: string
  secureSiteUrl?: string
  /** JSON-RPC URL of the local chain 1. */
  rpcUrl?: string
  /** The page's Content-Security-Policy nonce, for the styles Foyer injects. */
  nonce?: string
}

declare global {
  interface Window {
    FOYER_EXAMPLE?: Partial<ExampleConfig>
  }
}

// `npm start`'s default ports.
const config: ExampleConfig = {
  projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  apiUrl: 'http://127.0.0.1:8787',
  relayUrl: 'ws://127.0.0.1:8788',
  ...window.FOYER_EXAMPLE,
}

const foyer = createFoyer({
  projectId: config.projectId,
  apiUrl: config.apiUrl,
  ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
  ...(config.secureSiteUrl ? { secureSiteUrl: config.secureSiteUrl } : {}),
  ...(config.nonce ? { nonce: config.nonce } : {}),
  networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }],
  adapters: ['eip155'],
  ...(config.rpcUrl ? { customRpcUrls: { 'eip155:1': [config.rpcUrl] } } : {}),
})
defineFoyerElements(foyer)

// The page follows the connection through the instance's state.
const status = document.getElementById('status')!
foyer.subscribeState((state) => {
  const ns = state.account.activeNamespace ? state.account.namespaces[state.account.activeNamespace] : undefined
  status.textContent = ns?.status === 'connected' ? `Connected: ${ns.caipAddress?.split(':')[2]}` : 'Not connected'
})
