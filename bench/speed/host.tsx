// The minimal host page bench:speed measures: createFoyer + ConnectButton on one EVM network, nothing else. It is
// bundled against the built library (dist/lib), not the sources, so it downloads what a host app's visitors would.
import { createRoot } from 'react-dom/client'
import { ConnectButton, createFoyer, FoyerProvider } from '../../index.js'

const page = (window as { __FOYER_DEMO__?: { apiUrl?: string } }).__FOYER_DEMO__ ?? {}
const foyer = createFoyer({
  projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }],
  adapters: ['eip155'],
  ...(page.apiUrl ? { apiUrl: page.apiUrl } : {}),
})

createRoot(document.getElementById('root')!).render(
  <FoyerProvider foyer={foyer}>
    <ConnectButton />
  </FoyerProvider>,
)
