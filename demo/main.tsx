// The demo host page: a small product page that embeds Foyer against the local stack.
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  ConnectButton,
  FoyerProvider,
  NetworkButton,
  createFoyer,
  defineFoyerElements,
  useFoyerAccount,
  useFoyerInitialized,
  useFoyerState,
  type HostConnector,
} from '../index.js'
import { createLocalSiwx, createServerSiwx } from '../siwx.js'
import { EventLog } from './EventLog.js'
import { TransactionToast } from './Toast.js'
import { demoConfig, demoCustomRpcUrls, demoNetworks, SiwxSwitchKey, siwxSwitchedOn } from './config.js'
import { DevWalletNotice, installDevWallet } from './dev-wallet.js'

const config = demoConfig()
// The in-page dev wallet over the local chains, so the demo works without a browser extension.
const devWallet = config.chains?.length && config.devWallet !== false ? installDevWallet(config.chains) : undefined
const foyer = createFoyer({
  projectId: config.projectId,
  metadata: { name: 'Foyer demo', description: 'Foyer on a local stack', url: location.origin, icons: [] },
  networks: demoNetworks,
  defaultNetwork: 'eip155:1',
  adapters: ['eip155', 'solana', 'bip122'],
  apiUrl: config.apiUrl,
  relayUrl: config.relayUrl,
  secureSiteUrl: config.secureSiteUrl,
  termsConditionsUrl: '#terms',
  privacyPolicyUrl: '#privacy',
  themeMode: 'dark',
  customRpcUrls: demoCustomRpcUrls(config),
  ...(config.siwx ? { siwx: (config.siwx.config === 'local' ? createLocalSiwx : createServerSiwx)(config.siwx) } : {}),
  ...(config.hostConnectors?.length ? { connectors: hostConnectors(config.hostConnectors) } : {}),
  ...config.options,
})
defineFoyerElements(foyer)

// The page's own wallets, over the providers it was given (see DemoConfig.hostConnectors).
function hostConnectors(list: NonNullable<typeof config.hostConnectors>): HostConnector[] {
  return list.flatMap(({ global, ...c }) => {
    const provider = (window as unknown as Record<string, HostConnector['provider'] | undefined>)[global]
    return provider ? [{ ...c, provider }] : []
  })
}
// A devtools convenience (documented in the README): `foyer.open()`, `foyer.kernel.request(...)`, `foyer.getState()`.
declare global {
  interface Window {
    foyer: typeof foyer
  }
}
window.foyer = foyer

function ViewLauncher() {
  const [ids, setIds] = useState(() => foyer.kernel.viewIds().sort())
  // Views arrive with plugins; re-read the list when one loads.
  useEffect(
    () =>
      foyer.subscribeEvents((e) => {
        if (e.type === 'plugin/loaded') setIds(foyer.kernel.viewIds().sort())
      }),
    [],
  )
  return (
    <div className="chips" data-testid="view-launcher">
      {ids.map((id) => (
        <button
          key={id}
          className="chip"
          data-testid={`open-view-${id}`}
          onClick={() => foyer.open({ view: id }).catch((e: Error) => alert(e.message))}
        >
          {id}
        </button>
      ))}
    </div>
  )
}

function Status() {
  const account = useFoyerAccount()
  // Until start-up settles a returning visitor's wallet may still be restoring: the row says so.
  const initialized = useFoyerInitialized()
  // A host that must not guess: what the visitor's connection is once start-up has settled (a restore included).
  useEffect(
    () =>
      foyer.subscribeInitialized(() => {
        const s = foyer.getState()
        const ns = s.account.activeNamespace
        console.info(`[demo] Foyer initialized: ${(ns && s.account.namespaces[ns]?.status) || 'disconnected'}`)
      }),
    [],
  )
  const network = useFoyerState((s) => s.account.activeCaipNetworkId ?? s.config.networks[0]?.caipNetworkId)
  return (
    <dl className="status" data-testid="demo-status">
      <div>
        <dt>Status</dt>
        <dd>{account.isConnected ? 'Connected' : 'Not connected'}</dd>
      </div>
      <div>
        <dt>Address</dt>
        <dd>
          <code>{account.address ?? '—'}</code>
        </dd>
      </div>
      <div>
        <dt>Network</dt>
        <dd>
          <code>{network ?? '—'}</code>
        </dd>
      </div>
      <div data-testid="demo-initialized" data-initialized={String(initialized)}>
        <dt>Start-up</dt>
        <dd>{initialized ? 'Done' : 'Restoring…'}</dd>
      </div>
    </dl>
  )
}

// Sign in with X is fixed when Foyer is created, so the switch keeps the choice and reloads the page with it.
function SiwxSwitch() {
  // a page the server configured with sign-in (tests) keeps it: the switch shows it on and cannot turn it off
  const fixed = !!window.__FOYER_DEMO__?.siwx
  const on = fixed || siwxSwitchedOn()
  const flip = () => {
    localStorage.setItem(SiwxSwitchKey, on ? 'off' : 'on')
    location.reload()
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="btn ghost"
      data-testid="siwx-switch"
      disabled={fixed}
      onClick={flip}
      title="Ask for a signature after connecting (Sign in with X); the page reloads"
    >
      {`Sign in with X: ${on ? 'on' : 'off'}`}
    </button>
  )
}

function App() {
  const [theme, setTheme] = useState<'dark' | 'light'>('dark')
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark'
    setTheme(next)
    document.documentElement.dataset.theme = next
    foyer.setThemeMode(next)
  }
  return (
    <FoyerProvider foyer={foyer}>
      <header className="top">
        <a className="brand" href="#top" aria-label="Foyer demo home">
          <span className="logo" aria-hidden="true">
            ◐
          </span>{' '}
          Foyer
        </a>
        <nav className="top-actions">
          <button
            className="btn ghost"
            onClick={toggleTheme}
            data-testid="theme-toggle"
            aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
          >
            {theme === 'dark' ? '☀ Light' : '☾ Dark'}
          </button>
          <NetworkButton />
          <ConnectButton />
        </nav>
      </header>
      <main id="top">
        <section className="hero">
          <p className="eyebrow">Local demo · no vendor cloud</p>
          <h1>Connect a wallet in one click.</h1>
          <p className="lede">
            Everything on this page runs on your machine: the chains are local anvil nodes carrying the ids of Ethereum
            (1) and Base (8453), and the API and WalletConnect relay are Foyer's own server. Nothing here touches a real
            network.
          </p>
          <div className="hero-actions">
            <button className="btn primary" data-testid="hero-connect" onClick={() => foyer.open()}>
              Open Foyer
            </button>
            <foyer-button data-testid="custom-element-button"></foyer-button>
            <SiwxSwitch />
          </div>
          {devWallet ? (
            <p className="muted" data-testid="dev-wallet-notice">
              {DevWalletNotice}
            </p>
          ) : null}
          <Status />
        </section>
        <section className="panel" aria-labelledby="views-title">
          <header className="panel-head">
            <h2 id="views-title">Views</h2>
            <span className="muted">Every registered view; optional ones load on demand.</span>
          </header>
          <ViewLauncher />
        </section>
        <EventLog foyer={foyer} />
      </main>
      <TransactionToast foyer={foyer} />
      <footer className="foot muted">
        Foyer demo · chains are local (anvil) ·{' '}
        {config.apiUrl ? (
          <>
            API <code>{config.apiUrl}</code>
          </>
        ) : (
          'no API configured'
        )}
      </footer>
    </FoyerProvider>
  )
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'foyer-button': { 'data-testid'?: string }
    }
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
