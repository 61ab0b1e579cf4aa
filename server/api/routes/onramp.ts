// On-ramp (SPEC §7 "On-ramp options", "On-ramp quote"): the providers, what they sell and take, their quotes, and
// the progress of an order opened on a provider's page. Every call goes through a provider adapter
// (server/onramp/adapter.ts); the local provider is the embedded default.
import { Hono } from 'hono'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField, notFound } from '../errors.js'
import { readJson } from '../params.js'
import { OnRampError, type OnRampOptions, type OnRampProviderAdapter } from '../../onramp/adapter.js'
import type { OnRampProviderInfo, QuotesBody } from '../../../protocol/wire/onramp.js'

const QUOTE_FIELDS = ['purchaseCurrency', 'paymentCurrency', 'amount', 'network', 'paymentMethod'] as const

/** Merges what several providers offer (by currency id; networks and limits of the first provider naming them). */
function mergeOptions(all: OnRampOptions[]): OnRampOptions {
  const out: OnRampOptions = { purchaseCurrencies: [], paymentCurrencies: [] }
  for (const o of all) {
    for (const p of o.purchaseCurrencies) {
      const seen = out.purchaseCurrencies.find((x) => x.id === p.id)
      if (!seen) out.purchaseCurrencies.push(p)
      else for (const n of p.networks) if (!seen.networks.some((m) => m.chain_id === n.chain_id)) seen.networks.push(n)
    }
    for (const f of o.paymentCurrencies)
      if (!out.paymentCurrencies.some((x) => x.id === f.id)) out.paymentCurrencies.push(f)
  }
  return out
}

function checkQuoteRequest(body: unknown): QuotesBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'bad_request', 'The body must be a JSON object')
  const b = body as Record<string, unknown>
  for (const k of QUOTE_FIELDS)
    if (typeof b[k] !== 'string' || !b[k]) throw invalidField('invalid_quote', k, 'a non-empty string')
  if (b.providers !== undefined && (!Array.isArray(b.providers) || b.providers.some((p) => typeof p !== 'string')))
    throw invalidField('invalid_quote', 'providers', 'an array of provider ids')
  return b as unknown as QuotesBody
}

/** GET /v1/onramp/options, POST /v1/onramp/quotes, GET /v1/onramp/orders/{provider}/{quoteId}. */
export function onrampRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  const adapters: OnRampProviderAdapter[] = deps.onramp ?? []

  app.get('/v1/onramp/options', async (c) => {
    const options = mergeOptions(await Promise.all(adapters.map((a) => a.options())))
    const providers = adapters.map((a): OnRampProviderInfo => ({
      id: a.id,
      name: a.name,
      feeBps: a.feeBps,
      namespaces: a.namespaces,
      publicKey: a.publicKey,
      url: a.checkoutUrl,
    }))
    return c.json({ providers, ...options })
  })

  app.post('/v1/onramp/quotes', async (c) => {
    const req = checkQuoteRequest(await readJson(c))
    const chosen = adapters.filter((a) => !req.providers || req.providers.includes(a.id))
    if (chosen.length === 0) throw new ApiError(400, 'no_provider', 'No on-ramp provider is available')
    const results = await Promise.allSettled(chosen.map((a) => a.quote(req)))
    const quotes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    if (quotes.length === 0) {
      const err = (results[0] as PromiseRejectedResult).reason
      if (err instanceof OnRampError) throw invalidField('quote_refused', err.field, err.message)
      throw err
    }
    return c.json({ quotes })
  })

  app.get('/v1/onramp/orders/:provider/:quoteId', async (c) => {
    const adapter = adapters.find((a) => a.id === c.req.param('provider'))
    if (!adapter) throw notFound('On-ramp provider')
    const order = await adapter.order(c.req.param('quoteId'))
    if (!order) throw notFound('Order')
    return c.json(order)
  })
  return app
}
