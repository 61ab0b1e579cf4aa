// The API (server/api/): where it listens, the URL browsers reach it at, which origins may embed the modal or call it,
// the remote features, the projects, and the operator's admin API.
import { RemoteFeatureIds, type RemoteFeatureId } from '../../protocol/features.js'
import { DefaultAllowedOrigins } from '../../protocol/origins.js'
import { checkSponsorship, type SponsorshipSettings } from '../paymaster/policy.js'
import { ConfigError, checkFeatures, checkPort, checkStringList, checkUrl, fail, isRecord } from './checks.js'
import { csv, flag, int, setting, text, type Role } from './setting.js'

/** Remote feature ids served by GET /v1/projects/{projectId}/config (SPEC §3 "Remote features"): the modal's list. */
export const REMOTE_FEATURE_IDS = RemoteFeatureIds

/** SPEC §5 default allowed origins: localhost and IPs on any port, preview hosts, and the secure wallet hosts. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = DefaultAllowedOrigins

/** An override of one remote feature; missing fields keep the default. */
export interface FeatureOverride {
  isEnabled?: boolean
  /** Feature-specific settings: provider lists for swaps/onramp, provider ids for socials, null otherwise. */
  config?: unknown
}

/** Per-feature overrides. */
export type FeatureOverrides = Partial<Record<RemoteFeatureId, FeatureOverride>>

/** Settings of one project id. */
export interface ProjectConfig {
  /** Origins allowed to embed the modal for this project; replaces the server's default list. */
  allowedOrigins?: string[]
  /** Feature overrides, applied over the server-wide ones. */
  features?: FeatureOverrides
  /** Name shown to visitors ("Gas paid by <name>"); a project stored through the admin API shows its stored name. */
  name?: string
  /** Gas sponsorship through the server's paymaster (server/paymaster/policy.ts); off unless `enabled`. */
  sponsorship?: SponsorshipSettings
}

function checkProjects(v: Record<string, ProjectConfig>, where: string): void {
  if (!isRecord(v)) fail(where, 'projects', 'an object keyed by project id', v)
  for (const [id, proj] of Object.entries(v)) {
    if (!/^[0-9a-f]{32}$/i.test(id)) fail(where, `projects.${id}`, 'keyed by a 32-hex-digit project id', id)
    if (!isRecord(proj)) fail(where, `projects.${id}`, 'an object', proj)
    if (proj.allowedOrigins !== undefined) checkStringList(proj.allowedOrigins, where, `projects.${id}.allowedOrigins`)
    if (proj.features !== undefined) checkFeatures(proj.features, where, `projects.${id}.features`, REMOTE_FEATURE_IDS)
    if (proj.name !== undefined && (typeof proj.name !== 'string' || !proj.name.trim() || proj.name.length > 64))
      fail(where, `projects.${id}.name`, 'a name of 1 to 64 characters', proj.name)
    if (proj.sponsorship !== undefined) checkSponsorship(proj.sponsorship, where, `projects.${id}.sponsorship`)
  }
}

/** API settings. */
export const apiRole = {
  title: 'API',
  intro: 'The API (server/api/) and the projects it serves:',
  settings: {
    port: setting<number>({
      // FOYER_API_PORT is the name `npm start` documents next to the other FOYER_*_PORT variables.
      env: ['FOYER_PORT', 'FOYER_API_PORT'],
      parse: int,
      default: () => 8787,
      check: (v, where) => checkPort(v, where, 'port'),
      row: { meaning: 'API listen port (`0` = any free port)' },
    }),
    host: setting<string>({
      env: ['FOYER_HOST'],
      parse: text,
      default: () => '127.0.0.1',
      check: (v, where) => {
        if (typeof v !== 'string' || !v) fail(where, 'host', 'a host name or IP', v)
      },
      row: { meaning: 'Interface the API and the relay bind; use `0.0.0.0` behind a load balancer' },
    }),
    publicUrl: setting<string>({
      env: ['FOYER_PUBLIC_URL'],
      parse: text,
      check: (v, where) => checkUrl(v, where, 'publicUrl', ['http:', 'https:']),
      row: {
        default: 'listen address',
        meaning: 'Base URL browsers reach the API at (image URLs, SIWX `iss`); never taken from the Host header',
      },
    }),
    allowedOrigins: setting<string[]>({
      env: ['FOYER_ALLOWED_ORIGINS'],
      parse: csv,
      default: () => [...DEFAULT_ALLOWED_ORIGINS],
      check: (v, where) => checkStringList(v, where, 'allowedOrigins'),
      row: {
        default: 'SPEC §5 list',
        meaning: 'Comma-separated; origins allowed to embed the modal for projects without their own list',
      },
    }),
    corsOrigins: setting<string[]>({
      env: ['FOYER_CORS_ORIGINS'],
      parse: csv,
      default: () => ['*'],
      check: (v, where) => checkStringList(v, where, 'corsOrigins'),
      row: { default: '`*`', meaning: 'Comma-separated origins allowed to call the API from a browser' },
    }),
    features: setting<FeatureOverrides>({
      env: [],
      default: () => ({}),
      check: (v, where) => checkFeatures(v, where, 'features', REMOTE_FEATURE_IDS),
      row: { default: 'SPEC §9', meaning: 'Server-wide remote feature overrides' },
    }),
    projects: setting<Record<string, ProjectConfig>>({
      env: [],
      default: () => ({}),
      check: checkProjects,
      row: { meaning: 'Per-project origins and feature overrides, keyed by 32-hex project id' },
    }),
    requireKnownProjects: setting<boolean>({
      env: ['FOYER_REQUIRE_PROJECTS'],
      parse: flag,
      default: () => false,
      check: (v, where) => {
        if (typeof v !== 'boolean') fail(where, 'requireKnownProjects', 'true or false', v)
      },
      row: { meaning: '`1`: project ids neither configured nor created answer 404 (APKT007 in the modal)' },
    }),
    operatorToken: setting<string>({
      env: ['FOYER_OPERATOR_TOKEN'],
      parse: text,
      // The token's value never appears in a message.
      check: (v, where) => {
        if (typeof v !== 'string' || v.length < 16)
          throw new ConfigError(
            `${where}operatorToken (FOYER_OPERATOR_TOKEN) must be a string of at least 16 characters`,
          )
      },
      row: {
        default: 'off',
        meaning: 'Bearer token (≥ 16 characters) of the admin API and dashboard; unset = both off; never logged',
      },
    }),
  },
  notes: [
    {
      key: '`features.passkeys`',
      default: 'off',
      meaning: 'Passkey login of the embedded wallet (issue 36): `{ "isEnabled": true }` shows it beside email',
    },
    { key: '`projects…name`', meaning: 'The project’s name shown to visitors ("Gas paid by <name>")' },
  ],
} satisfies Role<unknown>

export type { RemoteFeatureId }
