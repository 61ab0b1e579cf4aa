'use client'
// The client side of Foyer: one instance per page load, created from the server's config. It renders on the server
// too (the Connect button is in the HTML), where it reads no browser global and starts nothing.
import { useState, type ReactNode } from 'react'
import { createFoyer, FoyerProvider } from 'foyer'
import type { FoyerConfig } from './config'

/** Wraps the app in Foyer's provider. */
export function Providers({ config, children }: { config: FoyerConfig; children: ReactNode }) {
  const [foyer] = useState(() =>
    createFoyer({
      projectId: config.projectId,
      apiUrl: config.apiUrl,
      ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
      networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }],
      adapters: ['eip155'],
      customRpcUrls: Object.fromEntries(
        Object.entries(config.rpcUrls).map(([chainId, url]) => [`eip155:${chainId}`, [url]]),
      ),
      metadata: { name: 'Foyer on Next.js', description: 'Example', url: 'http://localhost', icons: [] },
    }),
  )
  return <FoyerProvider foyer={foyer}>{children}</FoyerProvider>
}
