// Every port the stack listens on, the setting that moves each one, FOYER_BASE_PORT's layout (one setting moves them
// all), and a service that cannot start on a busy port said in those terms instead of a bare EADDRINUSE.
import { createServer } from 'node:net'
import { ConfigError } from './config/checks.js'
import type { ServerConfig } from './config.js'

/** One listening port: the service that opens it, what it is, the setting that moves it, its offset from the base. */
export interface PortSetting {
  service: string
  label: string
  setting: string
  port: number | undefined
  offset: number
}

/** Offsets from FOYER_BASE_PORT; at 8787 they give `npm start`'s usual ports for the API and its neighbours. */
const OFFSETS = {
  api: 0,
  relay: 1,
  secureSite: 3,
  mailbox: 4,
  onramp: 5,
  exchange: 6,
  oidc: 9,
  smtp: 10,
  demo: 11,
  solana: 12,
  chains: 13,
} as const

/** The ports of `config`, each with the setting that moves it (local chains last, one after another). */
export function portSettings(config: Partial<ServerConfig>): PortSetting[] {
  const site = config.secureSite
  return [
    { service: 'api', label: 'the API', setting: 'FOYER_API_PORT', port: config.port, offset: OFFSETS.api },
    {
      service: 'relay',
      label: 'the WalletConnect relay',
      setting: 'FOYER_RELAY_PORT',
      port: config.relayPort,
      offset: OFFSETS.relay,
    },
    {
      service: 'secureSite',
      label: 'the embedded-wallet site',
      setting: 'FOYER_SECURE_PORT',
      port: site?.port,
      offset: OFFSETS.secureSite,
    },
    {
      service: 'mailbox',
      label: "the local mailbox's page",
      setting: 'FOYER_MAILBOX_PORT',
      port: site?.mailbox?.port,
      offset: OFFSETS.mailbox,
    },
    {
      service: 'onramp',
      label: 'the local on-ramp provider',
      setting: 'FOYER_ONRAMP_PORT',
      port: config.onrampPort,
      offset: OFFSETS.onramp,
    },
    {
      service: 'exchange',
      label: 'the local exchange',
      setting: 'FOYER_EXCHANGE_PORT',
      port: config.exchangePort,
      offset: OFFSETS.exchange,
    },
    {
      service: 'oidc',
      label: 'the local OpenID provider',
      setting: 'FOYER_OIDC_PORT',
      port: site?.oidc?.port,
      offset: OFFSETS.oidc,
    },
    {
      service: 'mailbox',
      label: "the local mailbox's SMTP server",
      setting: 'FOYER_MAILBOX_SMTP_PORT',
      port: site?.mailbox?.smtpPort,
      offset: OFFSETS.smtp,
    },
    {
      service: 'demo',
      label: 'the demo page',
      setting: 'FOYER_DEMO_PORT',
      port: config.demoPort,
      offset: OFFSETS.demo,
    },
    {
      service: 'solana',
      label: 'the local Solana node',
      setting: 'FOYER_SOLANA_PORT',
      port: config.solanaPort,
      offset: OFFSETS.solana,
    },
    ...(config.localChains ?? []).map((c, i) => ({
      service: 'chains',
      label: `the local chain ${c.chainId} (anvil)`,
      setting: `FOYER_CHAIN_${c.chainId}_PORT`,
      port: c.port,
      offset: OFFSETS.chains + i,
    })),
  ]
}

/**
 * FOYER_BASE_PORT: every port of `config` at `base` plus its offset (API base, relay +1, secure site +3, mailbox page
 * +4, on-ramp +5, exchange +6, OpenID +9, mailbox SMTP +10, demo +11, Solana +12, local chains +13 onwards). Services
 * that are off (no mailbox, on-ramp, exchange, OpenID) stay off.
 */
export function withBasePort(config: Partial<ServerConfig>, base: number): Partial<ServerConfig> {
  const last = base + OFFSETS.chains + Math.max(0, (config.localChains?.length ?? 0) - 1)
  if (!Number.isInteger(base) || base < 1 || last > 65535)
    throw new ConfigError(`FOYER_BASE_PORT must be a port from 1 to ${65535 - (last - base)}, got ${base}`)
  const at = (offset: number) => base + offset
  const site = config.secureSite
  return {
    ...config,
    port: at(OFFSETS.api),
    relayPort: at(OFFSETS.relay),
    demoPort: at(OFFSETS.demo),
    solanaPort: at(OFFSETS.solana),
    ...(config.onrampPort !== undefined ? { onrampPort: at(OFFSETS.onramp) } : {}),
    ...(config.exchangePort !== undefined ? { exchangePort: at(OFFSETS.exchange) } : {}),
    ...(config.localChains
      ? { localChains: config.localChains.map((c, i) => ({ ...c, port: at(OFFSETS.chains + i) })) }
      : {}),
    secureSite: {
      ...site,
      port: at(OFFSETS.secureSite),
      ...(site?.mailbox ? { mailbox: { port: at(OFFSETS.mailbox), smtpPort: at(OFFSETS.smtp) } } : {}),
      ...(site?.oidc ? { oidc: { port: at(OFFSETS.oidc) } } : {}),
    },
  }
}

/** True when nothing can listen on `host:port` right now. */
function busy(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(true))
    probe.listen(port, host, () => probe.close(() => resolve(false)))
  })
}

/**
 * Why `service` failed to start, in the operator's terms: a port it needs that is in use becomes a ConfigError naming
 * the service, the port and the setting that moves it. Anything else is returned as it was.
 */
export async function explainStartFailure(err: unknown, service: string, config: ServerConfig): Promise<unknown> {
  if (err instanceof ConfigError) return err
  const e = err as { code?: unknown; port?: unknown }
  const mine = portSettings(config).filter((p) => p.service === service && p.port)
  let hit = e.code === 'EADDRINUSE' ? mine.find((p) => p.port === e.port) : undefined
  for (const p of mine) if (!hit && (await busy(config.host, p.port!))) hit = p
  if (hit)
    return new ConfigError(
      `${hit.label} (service "${service}") cannot listen on ${config.host}:${hit.port}: the port is in use. ` +
        `Set ${hit.setting} to a free port (0 = any free one), or FOYER_BASE_PORT to move every port of the stack.`,
    )
  if (e.code === 'EADDRINUSE')
    return new ConfigError(
      `service "${service}" cannot listen on port ${String(e.port)}: the port is in use (${(err as Error).message}).`,
    )
  return err
}
