// Name service: lookup, suggestions, reverse lookup, name → address, and signed registration (SPEC §4, §5, §7).
import { Hono, type Context } from 'hono'
import type { ApiDeps } from '../deps.js'
import { parseEvmAddress } from '../chain-params.js'
import { ApiError, invalidField, notFound } from '../errors.js'
import { checkRegistration, normalizeName, parseCoinType } from '../../names/rules.js'
import { chainVerifier } from '../../names/signature.js'
import { chainClients } from '../chain-clients.js'
import { findName, namesForAddress, registerName, registeredNames } from '../../names/store.js'
import { ETH_COIN_TYPE } from '../../../protocol/coin-type.js'
import { readJson } from '../params.js'

const MAX_SUGGESTIONS = 5

function coinTypeQuery(c: Context, dflt: number | null): number | null {
  const raw = c.req.query('coinType')
  return raw === undefined || raw === '' ? dflt : parseCoinType(raw)
}

/** Candidate labels for a wanted name: the cleaned name itself, then numbered and hyphenated variants (all ≥ 4 chars). */
export function suggestionLabels(raw: string, suffix: string): string[] {
  const lower = raw.trim().toLowerCase()
  const base = (lower.endsWith(`.${suffix}`) ? lower.slice(0, -(suffix.length + 1)) : lower)
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 60)
  if (base === '') return []
  const candidates = [base, `${base}1`, `${base}-1`, `${base}2`, `${base}-app`, `${base}123`, `my-${base}`]
  return [...new Set(candidates)].filter((l) => l.length >= 4 && l.length <= 63)
}

/** GET/POST /v1/names..., see openapi/names.ts. */
export function namesRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  const suffix = deps.config.nameSuffix
  const verify = chainVerifier(deps.config.chains, chainClients())

  // static segments first, so "suggestions" and "reverse" are never read as names
  app.get('/v1/names/suggestions', async (c) => {
    const wanted = c.req.query('name')
    if (!wanted || wanted.trim() === '')
      throw invalidField('invalid_name', 'name', 'a name to suggest from is required')
    const labels = suggestionLabels(wanted, suffix)
    if (labels.length === 0)
      throw invalidField('invalid_name', 'name', 'the name has no letters, digits or hyphens to suggest from')
    const names = labels.map((l) => `${l}.${suffix}`)
    const taken = await registeredNames(deps.store, names)
    // the wanted name first (taken or not, so the client can say so), then only available alternatives
    const [wantedName, ...alternatives] = names
    const ordered = [wantedName, ...alternatives.filter((n) => !taken.has(n))].slice(0, MAX_SUGGESTIONS)
    return c.json({ suggestions: ordered.map((name) => ({ name, registered: taken.has(name) })) })
  })

  app.get('/v1/names/reverse/:address', async (c) => {
    const address = parseEvmAddress(c.req.param('address'))
    return c.json(await namesForAddress(deps.store, address, coinTypeQuery(c, null)))
  })

  app.get('/v1/names/:name/address', async (c) => {
    const name = normalizeName(c.req.param('name'), suffix)
    const coinType = coinTypeQuery(c, ETH_COIN_TYPE) ?? ETH_COIN_TYPE
    const record = await findName(deps.store, name)
    if (!record) throw notFound(`Name ${name}`)
    const entry = record.addresses[String(coinType)]
    return c.json({ addresses: entry ? [{ address: entry.address }] : [] })
  })

  app.get('/v1/names/:name', async (c) => {
    const name = normalizeName(c.req.param('name'), suffix)
    const record = await findName(deps.store, name)
    if (!record) throw notFound(`Name ${name}`)
    return c.json(record)
  })

  app.post('/v1/names', async (c) => {
    const req = await checkRegistration(await readJson(c), suffix, Math.floor(Date.now() / 1000), verify)
    const result = await registerName(deps.store, req, deps.config.namesPerAddress)
    if (result.kind === 'overBudget') {
      throw new ApiError(403, 'name_budget_exceeded', `${req.address} cannot register more names`, [
        {
          field: 'address',
          description: `${req.address} holds ${result.held} names already, the most one address may register here`,
        },
      ])
    }
    if (result.kind === 'conflict') {
      throw new ApiError(409, 'name_taken', `${req.name} is already registered to another address`, [
        { field: 'message.name', description: `${req.name} is already registered; choose another name` },
      ])
    }
    if (result.kind === 'replayed') {
      throw new ApiError(409, 'replayed_message', `This signed message was already used for ${req.name}`, [
        {
          field: 'message.timestamp',
          description: `this message was already used, or a newer one updated ${req.name}; sign a new message`,
        },
      ])
    }
    return c.json(result.record, result.kind === 'created' ? 201 : 200)
  })
  return app
}
