// The example's entry: Foyer's provider and wagmi's (with TanStack Query) around the app.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider } from 'wagmi'
import { FoyerProvider } from 'foyer'
import { App } from './App.js'
import { foyer, stack, wagmiConfig } from './config.js'
import { installDevWallet } from '../../../demo/dev-wallet.js'

// Only for the local stack: the demo's in-page "Foyer Dev Wallet" over anvil's unlocked account, so the page works
// without an extension. A real app leaves this out.
if (stack.chains?.length && new URLSearchParams(location.search).get('devWallet') !== 'off')
  installDevWallet(stack.chains)

const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <FoyerProvider foyer={foyer}>
          <App />
        </FoyerProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
