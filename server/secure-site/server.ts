// Starting the secure site: its own HTTP server and origin, over a migrated store, with the mailer for codes, the
// code limits on the server's limit store, and the bundler key for smart accounts.
import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { privateKeyToAccount } from 'viem/accounts'
import { createMailer, type Mailer } from '../mail/mailer.js'
import type { LimitStore } from '../rate-limit/limiter.js'
import { migrate } from '../store/migrate.js'
import type { Store } from '../store/store.js'
import type { RunningService } from '../types.js'
import { createSecureSiteApp } from './app.js'
import { createCodes, openCodeLimits } from './codes.js'
import type { SecureSiteConfig } from './config.js'
import { createSealer, parseKek } from './seal.js'
import { createChannels } from './farcaster/relay.js'
import { openLoginLimits } from './login-limits.js'
import { createSessions } from './sessions.js'
import { createSocialFlows } from './social/flow.js'
import { createWallet } from './wallet.js'
import type { Sponsor } from '../paymaster/sponsor.js'

/** Options of startSecureSite. */
export interface StartSecureSiteOptions {
  config: SecureSiteConfig
  /** A store to migrate and use (left open by close()). */
  store: Store
  /** The site's clock in epoch ms (tests move it to expire codes); default Date.now. Code limits count on their store's clock. */
  now?: () => number
  /** Where the code limits count (Redis or PostgreSQL shared by every secure-site process); default this process's memory. */
  limitStore?: LimitStore
  /** Replaces the SMTP mailer (tests). */
  mailer?: Mailer
  /** The verifying paymaster (server/paymaster), when it runs: smart accounts of sponsored projects use it. */
  sponsor?: Sponsor
}

/** A running secure site. */
export type RunningSecureSite = RunningService & { app: Hono; config: SecureSiteConfig }

/**
 * Serves the secure site. Without `config.publicUrl` its origin is `http://localhost:<port>` when bound to loopback:
 * another site than pages served from 127.0.0.1, as a wallet's origin must be in production.
 */
export async function startSecureSite(opts: StartSecureSiteOptions): Promise<RunningSecureSite> {
  const { config, store } = opts
  await migrate(store)
  const kek = parseKek(config.kek)
  const sealer = createSealer(kek, config.kekId)
  // codes are MACed under a key derived from the KEK, never stored in clear
  const macKey = createHmac('sha256', kek).update('foyer-wallet-code-mac-v1').digest()
  kek.fill(0)
  const now = opts.now ?? (() => Date.now())
  const codeLimits = await openCodeLimits(config.codes, opts.limitStore ?? {})
  const loginLimits = await openLoginLimits(config.logins, opts.limitStore ?? {}).catch(async (err: unknown) => {
    await codeLimits.close()
    throw err
  })
  const mailer = opts.mailer ?? createMailer(config.smtp)
  const wallet = createWallet({
    store,
    sealer,
    chains: config.chains,
    solana: config.solana,
    bundler: config.bundlerKey ? privateKeyToAccount(config.bundlerKey) : undefined,
    sponsor: opts.sponsor,
  })
  let origin = config.publicUrl ? new URL(config.publicUrl).origin : ''
  const app = createSecureSiteApp({
    config,
    get origin() {
      return origin
    },
    store,
    sealer,
    codes: createCodes(store, codeLimits, config.codes, macKey, now),
    sessions: createSessions(store, config.sessionDays * 86_400_000, now),
    wallet,
    mailer,
    social: createSocialFlows({ store, settings: config.social, origin: () => origin, now }),
    channels: createChannels(store, config.farcaster.appUrl, now),
    farcaster: { registry: config.farcaster.registry },
    loginLimits,
    now,
  })
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }) as Server
    s.once('error', reject)
    s.once('listening', () => resolve(s))
  }).catch(async (err: unknown) => {
    mailer.close()
    await Promise.all([codeLimits.close(), loginLimits.close()])
    throw err
  })
  const port = (server.address() as AddressInfo).port
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(config.host)
  origin ||= `http://${loopback ? 'localhost' : config.host}:${port}`
  let closing: Promise<void> | undefined
  return {
    url: origin,
    port,
    app,
    config,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        mailer.close()
        server.close(() => resolve())
        server.closeAllConnections()
      }).then(() => Promise.all([codeLimits.close(), loginLimits.close()]).then(() => undefined))),
  }
}
