// The `portfolio` slice (its type is the kernel's contract, kernel/contracts/portfolio.ts): the active account's balances
// and NFTs on the active network, and prices other plugins feed in (`tokens/pricesReceived`).
import {
  multiplyDecimals,
  type PortfolioNft,
  type PortfolioState,
  type SliceSpec,
  type TokenBalance,
} from '../../kernel/index.js'

/** Which account and network a list belongs to. */
export interface PortfolioKey {
  caipAddress: string
  caipNetworkId: string
}

declare module '../../kernel/index.js' {
  interface EventMap {
    'portfolio/balancesRequested': PortfolioKey
    'portfolio/balancesLoaded': PortfolioKey & { balances: TokenBalance[] }
    'portfolio/balancesFailed': PortfolioKey & { message: string }
    'portfolio/balancesUnavailable': PortfolioKey
    'portfolio/nftsRequested': PortfolioKey
    'portfolio/nftsLoaded': PortfolioKey & { nfts: PortfolioNft[] }
    'portfolio/nftsFailed': PortfolioKey & { message: string }
    'portfolio/nftsUnavailable': PortfolioKey
  }
}

type List = 'balances' | 'nfts'

// A list event about another account or network than the slice's starts the slice over for that one.
function focus(s: PortfolioState, key: PortfolioKey): void {
  if (s.caipAddress === key.caipAddress && s.caipNetworkId === key.caipNetworkId) return
  s.caipAddress = key.caipAddress
  s.caipNetworkId = key.caipNetworkId
  s.balances = { status: 'idle', items: [] }
  s.nfts = { status: 'idle', items: [] }
}

const status =
  (list: List, value: PortfolioState[List]['status']) =>
  (s: PortfolioState, p: PortfolioKey): void => {
    focus(s, p)
    // a reload keeps the rows on screen; only a first load shows the spinner
    if (value !== 'loading' || s[list].status !== 'loaded') s[list] = { status: value, items: [] } as never
  }

/** The slice: balances and NFTs of one account on one network. */
export const portfolioSlice: SliceSpec<PortfolioState> = {
  init: () => ({ balances: { status: 'idle', items: [] }, nfts: { status: 'idle', items: [] } }),
  on: {
    'portfolio/balancesRequested': status('balances', 'loading'),
    'portfolio/balancesFailed': status('balances', 'failed'),
    'portfolio/balancesUnavailable': status('balances', 'unavailable'),
    'portfolio/balancesLoaded': (s, p) => {
      focus(s, p)
      s.balances = { status: 'loaded', items: p.balances }
    },
    'portfolio/nftsRequested': status('nfts', 'loading'),
    'portfolio/nftsFailed': status('nfts', 'failed'),
    'portfolio/nftsUnavailable': status('nfts', 'unavailable'),
    'portfolio/nftsLoaded': (s, p) => {
      focus(s, p)
      s.nfts = { status: 'loaded', items: p.nfts }
    },
    'tokens/pricesReceived': (s, p) => {
      if (p.caipNetworkId !== s.caipNetworkId) return
      for (const fed of p.prices) {
        const b = s.balances.items.find((x) => x.address.toLowerCase() === fed.address.toLowerCase())
        if (!b) continue
        b.price = fed.usd
        b.value = multiplyDecimals(b.quantity, fed.usd)
        b.priceSource = fed.source
      }
    },
    'wallet/disconnected': (s) => {
      delete s.caipAddress
      delete s.caipNetworkId
      s.balances = { status: 'idle', items: [] }
      s.nfts = { status: 'idle', items: [] }
    },
  },
}
