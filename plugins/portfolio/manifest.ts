// The portfolio plugin's eager manifest: the Account's Tokens (EVM, Solana) and NFTs (EVM) tabs.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the portfolio plugin. */
export const portfolioManifest = defineManifest({
  id: 'portfolio',
  views: { AccountTokens: { needs: ['connection'] }, AccountNfts: { needs: ['connection'] } },
  requests: ['portfolio/fetchBalances', 'portfolio/fetchNfts'],
  entries: [
    { point: 'account-tab', id: 'tokens', view: 'AccountTokens', label: 'Tokens', namespaces: ['eip155', 'solana'] },
    { point: 'account-tab', id: 'nfts', view: 'AccountNfts', label: 'NFTs', namespaces: ['eip155'] },
  ],
  load: () => import('./index.js').then((m) => m.createPortfolioPlugin()),
})
