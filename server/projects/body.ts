// Checks the bodies of the admin API (create and change a project) before anything is stored.
import { isOriginPattern } from '../../protocol/origins.js'
import { invalidField } from '../api/errors.js'
import { PROJECT_ID_PATTERN } from '../api/params.js'
import { REMOTE_FEATURE_IDS, type FeatureOverrides } from '../config.js'
import { ConfigError, checkFeatures, isRecord } from '../config/checks.js'
import type { NewProject, ProjectPatch } from './store.js'

function name(v: unknown): string {
  if (typeof v !== 'string' || !v.trim() || v.length > 100)
    throw invalidField('invalid_body', 'name', 'a non-empty string of at most 100 characters')
  return v.trim()
}

function origins(v: unknown): string[] {
  if (!Array.isArray(v) || v.length > 100) throw invalidField('invalid_body', 'allowedOrigins', 'a list of origins')
  v.forEach((o, i) => {
    if (typeof o !== 'string' || o.length > 300 || !isOriginPattern(o))
      throw invalidField(
        'invalid_body',
        `allowedOrigins[${i}]`,
        `${JSON.stringify(o)} is not an origin pattern (e.g. https://app.example.com, https://*.example.com, http://localhost:*)`,
      )
  })
  return v.map((o: string) => o.trim())
}

// null removes a feature's override (PATCH only).
function features(v: unknown, allowNull: boolean): Record<string, unknown> {
  if (!isRecord(v)) throw invalidField('invalid_body', 'features', 'an object keyed by feature id')
  const set = Object.fromEntries(Object.entries(v).filter(([, o]) => !(allowNull && o === null)))
  try {
    checkFeatures(set, '', 'features', REMOTE_FEATURE_IDS)
  } catch (e) {
    if (e instanceof ConfigError) throw invalidField('invalid_body', 'features', e.message)
    throw e
  }
  return v
}

/** A create body: name, optional id, allowed origins and feature overrides. */
export function parseNewProject(body: unknown): NewProject {
  if (!isRecord(body)) throw invalidField('invalid_body', 'body', 'expected a JSON object')
  const id = body.id
  if (id !== undefined && (typeof id !== 'string' || !PROJECT_ID_PATTERN.test(id)))
    throw invalidField('invalid_body', 'id', 'a project id: 32 hex digits')
  return {
    id: id?.toLowerCase(),
    name: name(body.name),
    allowedOrigins: body.allowedOrigins === undefined ? [] : origins(body.allowedOrigins),
    features: (body.features === undefined ? {} : features(body.features, false)) as FeatureOverrides,
  }
}

/** A change body: any of name, allowed origins (replaced) and features (merged per feature, null removes). */
export function parseProjectPatch(body: unknown): ProjectPatch {
  if (!isRecord(body)) throw invalidField('invalid_body', 'body', 'expected a JSON object')
  const unknown = Object.keys(body).find((k) => !['name', 'allowedOrigins', 'features'].includes(k))
  if (unknown) throw invalidField('invalid_body', unknown, 'not a project setting (name, allowedOrigins, features)')
  return {
    ...(body.name !== undefined ? { name: name(body.name) } : {}),
    ...(body.allowedOrigins !== undefined ? { allowedOrigins: origins(body.allowedOrigins) } : {}),
    ...(body.features !== undefined ? { features: features(body.features, true) as ProjectPatch['features'] } : {}),
  }
}
