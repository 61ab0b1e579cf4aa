// The swap plugin's eager manifest: the Swap view and its requests, and the Account action `swaps` (EVM only).
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the swap plugin. */
export const swapManifest = defineManifest({
  id: 'swap',
  views: { Swap: { title: 'Swap' } },
  requests: [
    'swap/prepare',
    'swap/loadBalances',
    'swap/selectToken',
    'swap/enterAmount',
    'swap/switchTokens',
    'swap/fetchQuote',
    'swap/approve',
    'swap/execute',
  ],
  entries: [
    {
      point: 'account-action',
      id: 'swaps',
      view: 'Swap',
      label: 'Swap',
      icon: 'swap',
      feature: 'swaps',
      namespaces: ['eip155'],
    },
  ],
  load: () => import('./index.js').then((m) => m.createSwapPlugin()),
})
