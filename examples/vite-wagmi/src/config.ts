// Foyer and wagmi for this page. The local stack's URLs come from `window.__FOYER_DEMO__`, which the Foyer server's
// demo page server injects (`npm start`, the browser tests); an app would write its own URLs here.
import { createFoyer } from 'foyer'
import { foyerWagmiConfig } from 'foyer/wagmi'
import { base, mainnet } from 'wagmi/chains'

/** The local stack's URLs. */
export interface Stack {
  projectId: string
  apiUrl?: string
  relayUrl?: string
  secureSiteUrl?: string
  chains?: Array<{ chainId: number; rpcUrl: string }>
}

/** The stack this page talks to. */
export const stack: Stack = {
  projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  ...(window as { __FOYER_DEMO__?: Partial<Stack> }).__FOYER_DEMO__,
}

/** Foyer: its modal connects the wallet; wagmi runs on that connection. */
export const foyer = createFoyer({
  projectId: stack.projectId,
  metadata: { name: 'Foyer + wagmi', description: 'wagmi hooks on Foyer', url: location.origin, icons: [] },
  networks: [
    { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
    { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  ],
  defaultNetwork: 'eip155:1',
  adapters: ['eip155'],
  apiUrl: stack.apiUrl,
  relayUrl: stack.relayUrl,
  secureSiteUrl: stack.secureSiteUrl,
  customRpcUrls: Object.fromEntries((stack.chains ?? []).map((c) => [`eip155:${c.chainId}`, [c.rpcUrl]])),
})

// A devtools convenience, as on the demo page: `foyer.getState()`, `foyer.disconnect()` in the console.
Object.assign(window, { foyer })

// The local stack's anvil chains carry mainnet's and Base's ids but none of their contracts (no Multicall3 for
// useBalance to call): on the real chains, pass `mainnet` and `base` as they are.
const ethereum = { ...mainnet, contracts: undefined }
const baseChain = { ...base, contracts: undefined }

/** wagmi's config: Foyer's connector, and reads through Foyer's RPC settings (the same chains as Foyer's networks). */
export const wagmiConfig = foyerWagmiConfig({ foyer, chains: [ethereum, baseChain] })

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}
