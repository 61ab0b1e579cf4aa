// Wallet discovery per namespace (EIP-6963, Wallet Standard, WBIP004), started when the plugin loads so the Connect
// list shows installed wallets. The adapters arrive later (transports.ts, on first use) and take these watches over.
import type { Clock, HostConnector } from '../../kernel/index.js'
import type { ConnectorInfo } from './adapter.js'
import { providerIdOf, readBtcProviders } from './sats/discovery.js'
import { discoverProviders, type Eip1193Provider } from './injected/discovery.js'
import { withHostConnectors } from './injected/external.js'
import { discoverStandardWallets, type StandardWallet } from './standard/discovery.js'
import { createConnectorWatch, type ConnectorWatch } from './watch.js'

/** The discovery of each configured namespace, as the plugin's set-up started it. */
export interface Watches {
  eip155?: ConnectorWatch<Eip1193Provider>
  solana?: ConnectorWatch<StandardWallet>
  bip122?: ConnectorWatch<string>
}

/** EIP-6963 announcements and the legacy `window.ethereum` (unless `eip6963` is false), and the host's own wallets. */
export const injectedWatch = (
  win: Window,
  clock: Clock,
  hosts: readonly HostConnector[] = [],
  eip6963 = true,
): ConnectorWatch<Eip1193Provider> =>
  createConnectorWatch<Eip1193Provider>(clock, {
    start: (found) => {
      if (!eip6963) {
        found(withHostConnectors(hosts, []))
        return () => {}
      }
      return discoverProviders(win, (list) =>
        found(
          withHostConnectors(
            hosts,
            list.map((p) => ({ connector: p.connector, value: p.provider })),
          ),
        ),
      )
    },
  })

/** Wallet Standard wallets that can use Solana. */
export const standardWatch = (win: Window, clock: Clock): ConnectorWatch<StandardWallet> =>
  createConnectorWatch<StandardWallet>(clock, {
    start: (found) =>
      discoverStandardWallets(win, (list) => found(list.map((d) => ({ connector: d.connector, value: d.wallet })))),
  })

/** The providers in `win.btc_providers` (values: WBIP004 provider ids). */
export function bitcoinWatch(win: Window, clock: Clock): ConnectorWatch<string> {
  // WBIP004 has no announcement event: the list is read again on demand and polled while someone waits.
  let emit: ((list: Array<{ connector: ConnectorInfo; value: string }>) => void) | undefined
  let last = ''
  const refresh = () => {
    const next = readBtcProviders(win)
    const key = JSON.stringify(next)
    if (key === last) return
    last = key
    emit?.(next.map((connector) => ({ connector, value: providerIdOf(connector.id) })))
  }
  return createConnectorWatch<string>(clock, {
    start: (found) => {
      emit = found
      last = ''
      refresh()
      return () => {
        emit = undefined
      }
    },
    refresh,
  })
}
