// What every route module receives, and the shape of a route module entry.
import type { Hono } from 'hono'
import type { AnalyticsGate } from './analytics-limits.js'
import type { ServerConfig } from '../config.js'
import type { ExchangeAdapter } from '../exchange/exchange.js'
import type { OnRampProviderAdapter } from '../onramp/adapter.js'
import type { RateLimiter } from '../rate-limit/limiter.js'
import type { EmailCapture } from '../siwx/email.js'
import type { Store } from '../store/store.js'
import type { OpenApiFragment } from './openapi/types.js'
import type { Sponsor } from '../paymaster/sponsor.js'

/** Dependencies handed to each route module. */
export interface ApiDeps {
  store: Store
  config: ServerConfig
  /** On-ramp provider adapters (the local provider when it runs in this process). */
  onramp?: OnRampProviderAdapter[]
  /** Exchanges that pay for the visitor (the local exchange when it runs in this process). */
  exchanges?: ExchangeAdapter[]
  /** Per-IP and per-project request budget; absent = unlimited (in-process tests). */
  limiter?: RateLimiter
  /** POST /e's per-IP rate limit and per-project cap with sampling; absent = unbounded (in-process tests). */
  analyticsGate?: AnalyticsGate
  /** Mailer and code budgets of email capture after sign-in; absent = its routes answer 503. */
  emailCapture?: EmailCapture
  /** The address the server listens on, for URLs in answers when config.publicUrl is unset (startApi sets it). */
  listenUrl?: () => string | undefined
  /** The verifying paymaster's signer (server/paymaster) when one runs in this process; absent = /v1/paymaster 503. */
  sponsor?: Sponsor
  /** Extra readiness checks (chains, Redis) for GET /readyz, by name. */
  readiness?: Record<string, () => Promise<void>>
}

/** One mountable module: its Hono routes (full paths) and the OpenAPI fragment describing them. */
export interface RouteModule {
  /** Short unique name, e.g. "wallets". */
  name: string
  /** Builds the module's routes; paths are absolute (e.g. "/v1/wallets"). */
  routes: (deps: ApiDeps) => Hono
  openapi: OpenApiFragment
}
